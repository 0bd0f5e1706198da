import { createEvents, type EventAttributes } from 'ics';
import { foldIcs } from '../../../core/ics-fold';
import { kindOf, sessionLabel, type PublishedSession } from '../../../core/program';
import type { Db } from '../../db/connect';
import { AppError } from '../../errors';
import { findPublishedProgram } from './published-program';

const EPOCH = Date.UTC(2020, 0, 1);

/**
 * Published sessions as iCalendar (RFC 5545) made by the `ics` package. Each session's UID is its id, so re-importing
 * updates the event instead of adding a copy; SEQUENCE grows with each publication (seconds since 2020 of its time,
 * `publishedAt`). Online links are for registered participants only, so the file never carries them: an online
 * session's location says "Online". A slot without papers (keynote, break…) is an event with its kind and no papers.
 */
export function writeProgramIcs(input: {
  sessions: PublishedSession[];
  publishedAt: string | null;
  publicUrl: string;
  calendarName: string;
}): string {
  const { publicUrl } = input;
  const stamp = input.publishedAt ? Date.parse(input.publishedAt) : EPOCH;
  const host = new URL(publicUrl).hostname;
  const events: EventAttributes[] = input.sessions.map((s) => ({
    uid: `session-${s._id}@${host}`,
    sequence: Math.max(0, Math.floor((stamp - EPOCH) / 1000)),
    lastModified: stamp,
    start: Date.parse(s.start),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: Date.parse(s.end),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: s.title,
    location: [s.room, s.link ? 'Online' : ''].filter(Boolean).join(' and ') || undefined,
    categories: [sessionLabel(s)],
    description: [
      kindOf(s) === 'papers' ? `Track: ${s.track}` : sessionLabel(s),
      ...(s.chair ? [`${kindOf(s) === 'papers' ? 'Chair' : 'Chair or speaker'}: ${s.chair}`] : []),
      ...s.papers.map((p, i) => `${i + 1}. ${p.title} (presented by ${p.presenter})`),
    ].join('\n'),
    url: `${publicUrl}/program`,
    status: 'CONFIRMED',
  }));
  const { error, value } = createEvents(events, { productId: 'imse-conference/program', calName: input.calendarName, method: 'PUBLISH' });
  if (error || value === null) throw error ?? new Error('calendar export failed');
  // The package folds lines by characters; RFC 5545 §3.1 counts octets (decision 0074).
  return foldIcs(value);
}

/** The published programme (or one of its sessions) as iCalendar: nothing published, an empty calendar; a draft session, 404. */
export async function exportProgramIcs(input: { db: Db; publicUrl: string; sessionId?: string; calendarName: string }): Promise<string> {
  const { db, sessionId } = input;
  const published = await findPublishedProgram(db);
  const sessions = (published?.sessions ?? []).filter((s) => !sessionId || s._id === sessionId);
  if (sessionId && sessions.length === 0) throw new AppError('not_found', 'Session not found');
  return writeProgramIcs({
    sessions,
    publishedAt: published?.publishedAt ?? null,
    publicUrl: input.publicUrl,
    calendarName: input.calendarName,
  });
}
