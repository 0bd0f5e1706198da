import { asc, eq, inArray, sql } from 'drizzle-orm';
import { newId } from '../../../core/ids';
import { CONFERENCE_DATES, CONFERENCE_TIME_ZONE } from '../../../core/conference';
import { conferenceWindow, findProgramWarnings } from '../../../core/program';
import type { EditorProgramJson, PlacementBody, ProgramJson, SessionBody, SessionPatchBody } from '../../../core/schemas/program';
import type { Db } from '../../db/connect';
import { papers, programPlacements, programSessions } from '../../db/schema';
import { AppError } from '../../errors';
import { findAcceptedPapers, findPaperAuthors, findRegisteredPaperIds } from '../payments/paper-registration';

type SessionRow = typeof programSessions.$inferSelect;
type EditorSession = EditorProgramJson['sessions'][number];

function sessionJson(s: SessionRow, placed: EditorSession['papers']): EditorSession {
  return {
    _id: s.id, title: s.title, track: s.track, room: s.room, start: s.startsAt.toISOString(), end: s.endsAt.toISOString(),
    chair: s.chair, papers: placed,
  };
}

/** Every session in time order with its papers in order, presenters' e-mails included (the editor's view). */
async function loadSessions(db: Db, sessionIds?: string[]): Promise<EditorSession[]> {
  const rows = await db.select().from(programSessions)
    .where(sessionIds ? inArray(programSessions.id, sessionIds) : undefined)
    .orderBy(asc(programSessions.startsAt), asc(programSessions.id));
  if (rows.length === 0) return [];
  const placed = await db.select({
    sessionId: programPlacements.sessionId, paperId: programPlacements.paperId, title: papers.title,
    presenter: programPlacements.presenterName, presenterEmail: programPlacements.presenterEmail,
  }).from(programPlacements).innerJoin(papers, eq(papers.id, programPlacements.paperId))
    .where(inArray(programPlacements.sessionId, rows.map((r) => r.id)))
    .orderBy(asc(programPlacements.sessionId), asc(programPlacements.position));
  const bySession = new Map<string, EditorSession['papers']>();
  for (const p of placed) {
    const list = bySession.get(p.sessionId) ?? [];
    list.push({ _id: p.paperId, title: p.title, presenter: p.presenter, presenterEmail: p.presenterEmail });
    bySession.set(p.sessionId, list);
  }
  return rows.map((s) => sessionJson(s, bySession.get(s.id) ?? []));
}

/** GET /api/program: public, so presenters' e-mails are left out. */
export async function findProgram(db: Db, sessionIds?: string[]): Promise<ProgramJson> {
  const sessions = await loadSessions(db, sessionIds);
  return {
    timeZone: CONFERENCE_TIME_ZONE,
    sessions: sessions.map((s) => ({ ...s, papers: s.papers.map(({ _id, title, presenter }) => ({ _id, title, presenter })) })),
  };
}

/** The editor's programme: sessions, warnings, and the accepted papers with their authors and registration. */
export async function findEditorProgram(db: Db): Promise<EditorProgramJson> {
  const sessions = await loadSessions(db);
  const accepted = await findAcceptedPapers(db);
  const ids = accepted.map((p) => p.id);
  const [authors, registered, placements] = await Promise.all([
    findPaperAuthors(db, ids), findRegisteredPaperIds(db, ids),
    ids.length ? db.select({ paperId: programPlacements.paperId, sessionId: programPlacements.sessionId }).from(programPlacements).where(inArray(programPlacements.paperId, ids)) : [],
  ]);
  const sessionOf = new Map(placements.map((p) => [p.paperId, p.sessionId]));
  return {
    timeZone: CONFERENCE_TIME_ZONE,
    conferenceDates: { ...CONFERENCE_DATES },
    sessions,
    warnings: findProgramWarnings({ sessions, acceptedPapers: accepted.map((p) => ({ _id: p.id, title: p.title })), window: conferenceWindow(CONFERENCE_DATES) }),
    papers: accepted.map((p) => ({
      _id: p.id, title: p.title, registered: registered.has(p.id), sessionId: sessionOf.get(p.id) ?? null, authors: authors.get(p.id) ?? [],
    })),
  };
}

async function requireSession(db: Db, id: string): Promise<SessionRow> {
  const [row] = await db.select().from(programSessions).where(eq(programSessions.id, id));
  if (!row) throw new AppError('not_found', 'Session not found');
  return row;
}

export async function createSession(input: { db: Db; body: SessionBody }): Promise<EditorSession> {
  const { db, body } = input;
  const [row] = await db.insert(programSessions).values({
    id: newId(), title: body.title, track: body.track, room: body.room, chair: body.chair,
    startsAt: new Date(body.start), endsAt: new Date(body.end),
  }).returning();
  return sessionJson(row!, []);
}

export async function updateSession(input: { db: Db; id: string; body: SessionPatchBody }): Promise<EditorSession> {
  const { db, id, body } = input;
  const current = await requireSession(db, id);
  const startsAt = body.start ? new Date(body.start) : current.startsAt;
  const endsAt = body.end ? new Date(body.end) : current.endsAt;
  if (endsAt <= startsAt) throw new AppError('bad_request', 'A session must end after it starts');
  await db.update(programSessions).set({
    ...(body.title !== undefined ? { title: body.title } : {}),
    ...(body.track !== undefined ? { track: body.track } : {}),
    ...(body.room !== undefined ? { room: body.room } : {}),
    ...(body.chair !== undefined ? { chair: body.chair } : {}),
    startsAt, endsAt, updatedAt: sql`now()`,
  }).where(eq(programSessions.id, id));
  return (await loadSessions(db, [id]))[0]!;
}

export async function deleteSession(input: { db: Db; id: string }): Promise<void> {
  await requireSession(input.db, input.id);
  await input.db.transaction(async (tx) => {
    await tx.delete(programPlacements).where(eq(programPlacements.sessionId, input.id));
    await tx.delete(programSessions).where(eq(programSessions.id, input.id));
  });
}

/**
 * Replace a session's papers with `body.papers`, in that order. Each must be an accepted paper, listed
 * once, and its presenter one of its authors; a paper placed elsewhere moves here.
 */
export async function placePapers(input: { db: Db; id: string; body: PlacementBody }): Promise<EditorSession> {
  const { db, id, body } = input;
  await requireSession(db, id);
  const ids = body.papers.map((p) => p.paperId);
  if (new Set(ids).size !== ids.length) throw new AppError('bad_request', 'A paper can be placed only once in a session');
  const acceptedIds = new Set((await findAcceptedPapers(db)).map((p) => p.id));
  const missing = ids.find((p) => !acceptedIds.has(p));
  if (missing) throw new AppError('bad_request', `Paper ${missing} is not an accepted paper`);
  const authors = await findPaperAuthors(db, ids);
  const rows = body.papers.map((p, position) => {
    const presenter = (authors.get(p.paperId) ?? []).find((a) => a.email.toLowerCase() === p.presenterEmail.toLowerCase());
    if (!presenter) throw new AppError('bad_request', `The presenter of paper ${p.paperId} must be one of its authors`);
    return { paperId: p.paperId, sessionId: id, position, presenterName: presenter.name, presenterEmail: presenter.email };
  });
  await db.transaction(async (tx) => {
    await tx.delete(programPlacements).where(eq(programPlacements.sessionId, id));
    if (ids.length) await tx.delete(programPlacements).where(inArray(programPlacements.paperId, ids));
    if (rows.length) await tx.insert(programPlacements).values(rows);
    await tx.update(programSessions).set({ updatedAt: sql`now()` }).where(eq(programSessions.id, id));
  });
  return (await loadSessions(db, [id]))[0]!;
}
