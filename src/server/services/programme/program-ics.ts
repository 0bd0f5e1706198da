import { inArray } from 'drizzle-orm';
import { createEvents, type EventAttributes } from 'ics';
import type { Db } from '../../db/connect';
import { programSessions } from '../../db/schema';
import { AppError } from '../../errors';
import { findProgram } from './program';

const EPOCH = Date.UTC(2020, 0, 1);

/**
 * The programme (or one session) as iCalendar (RFC 5545) made by the `ics` package. Each session's UID is
 * its id, so re-importing updates the event instead of adding a copy; SEQUENCE grows with each edit.
 */
export async function exportProgramIcs(input: { db: Db; publicUrl: string; sessionId?: string }): Promise<string> {
  const { db, publicUrl, sessionId } = input;
  const program = await findProgram(db, sessionId ? [sessionId] : undefined);
  if (sessionId && program.sessions.length === 0) throw new AppError('not_found', 'Session not found');
  const ids = program.sessions.map((s) => s._id);
  const stamps = ids.length ? await db.select({ id: programSessions.id, updatedAt: programSessions.updatedAt }).from(programSessions).where(inArray(programSessions.id, ids)) : [];
  const updated = new Map(stamps.map((s) => [s.id, s.updatedAt.getTime()]));
  const host = new URL(publicUrl).hostname;
  const events: EventAttributes[] = program.sessions.map((s) => ({
    uid: `session-${s._id}@${host}`,
    sequence: Math.max(0, Math.floor(((updated.get(s._id) ?? EPOCH) - EPOCH) / 1000)),
    lastModified: updated.get(s._id) ?? EPOCH,
    start: Date.parse(s.start), startInputType: 'utc', startOutputType: 'utc',
    end: Date.parse(s.end), endInputType: 'utc', endOutputType: 'utc',
    title: s.title,
    location: s.room || undefined,
    categories: [s.track],
    description: [
      `Track: ${s.track}`, ...(s.chair ? [`Chair: ${s.chair}`] : []),
      ...s.papers.map((p, i) => `${i + 1}. ${p.title} (presented by ${p.presenter})`),
    ].join('\n'),
    url: `${publicUrl}/program`,
    status: 'CONFIRMED',
  }));
  const { error, value } = createEvents(events, { productId: 'imse-conference/program', calName: 'IMSE programme', method: 'PUBLISH' });
  if (error || value === null) throw error ?? new Error('calendar export failed');
  return value;
}
