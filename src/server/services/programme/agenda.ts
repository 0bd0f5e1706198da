import { and, asc, eq } from 'drizzle-orm';
import { zoneLabel, type ConferenceFacts } from '../../../core/conference-facts';
import type { AgendaJson } from '../../../core/schemas/program';
import type { Db } from '../../db/connect';
import { agendaStars } from '../../db/schema';
import { AppError } from '../../errors';
import { toPublicSession } from './program';
import { writeProgramIcs } from './program-ics';
import { findPublishedProgram, type PublishedProgram } from './published-program';

/** The ids of the sessions this person starred, oldest star first. */
async function findStarredIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ sessionId: agendaStars.sessionId })
    .from(agendaStars)
    .where(eq(agendaStars.userId, userId))
    .orderBy(asc(agendaStars.createdAt), asc(agendaStars.sessionId));
  return rows.map((r) => r.sessionId);
}

/** The starred sessions the published programme still has, in its (time) order. */
function starredSessions(published: PublishedProgram | null, ids: string[]) {
  const starred = new Set(ids);
  return (published?.sessions ?? []).filter((s) => starred.has(s._id));
}

/**
 * A signed-in participant's personal agenda: the published sessions they starred, as the public programme shows them
 * (no presenters' e-mails, no links). A star on a session the programme no longer has stays but is not listed.
 */
export async function findAgenda(input: { db: Db; userId: string; conference: ConferenceFacts }): Promise<AgendaJson> {
  const [published, ids] = await Promise.all([findPublishedProgram(input.db), findStarredIds(input.db, input.userId)]);
  const sessions = starredSessions(published, ids).map(toPublicSession);
  return {
    timeZone: input.conference.timeZone,
    zoneLabel: zoneLabel(input.conference),
    sessionIds: sessions.map((s) => s._id),
    sessions,
  };
}

/** Star a session of the published programme (starring twice is one star); 404 for a session it does not have. */
export async function starSession(input: { db: Db; userId: string; sessionId: string; conference: ConferenceFacts }): Promise<AgendaJson> {
  const published = await findPublishedProgram(input.db);
  if (!published?.sessions.some((s) => s._id === input.sessionId)) throw new AppError('not_found', 'Session not found');
  await input.db.insert(agendaStars).values({ userId: input.userId, sessionId: input.sessionId }).onConflictDoNothing();
  return findAgenda(input);
}

/** Take the star off a session (no star: nothing to do). */
export async function unstarSession(input: {
  db: Db;
  userId: string;
  sessionId: string;
  conference: ConferenceFacts;
}): Promise<AgendaJson> {
  await input.db.delete(agendaStars).where(and(eq(agendaStars.userId, input.userId), eq(agendaStars.sessionId, input.sessionId)));
  return findAgenda(input);
}

/** The starred sessions as an iCalendar file, written as the whole programme's (program-ics.ts). */
export async function exportAgendaIcs(input: { db: Db; userId: string; publicUrl: string; calendarName: string }): Promise<string> {
  const [published, ids] = await Promise.all([findPublishedProgram(input.db), findStarredIds(input.db, input.userId)]);
  return writeProgramIcs({
    sessions: starredSessions(published, ids),
    publishedAt: published?.publishedAt ?? null,
    publicUrl: input.publicUrl,
    calendarName: input.calendarName,
  });
}
