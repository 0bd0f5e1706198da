import { asc, eq, inArray, sql } from 'drizzle-orm';
import { newId } from '../../../core/ids';
import { conferenceWindowOf, zoneLabel, type ConferenceFacts } from '../../../core/conference-facts';
import {
  findProgramWarnings,
  kindOf,
  sessionLabel,
  SESSION_KIND_LABELS,
  type ProgramWarning,
  type PublishedSession,
  type SessionKind,
} from '../../../core/program';
import type { EditorProgramJson, PlacementBody, ProgramJson, SessionBody, SessionPatchBody } from '../../../core/schemas/program';
import type { Db } from '../../db/connect';
import { papers, programPlacements, programSessions, tracks } from '../../db/schema';
import { AppError } from '../../errors';
import { findAcceptedPapers, findPaperAuthors, findRegisteredPaperIds } from '../registrations/paper-registration';
import { findPublishedProgram } from './published-program';

type SessionRow = typeof programSessions.$inferSelect;
type EditorSession = EditorProgramJson['sessions'][number];

function sessionJson(s: SessionRow, placed: EditorSession['papers']): EditorSession {
  return {
    _id: s.id,
    title: s.title,
    kind: s.kind,
    track: s.track,
    room: s.room,
    link: s.link,
    start: s.startsAt.toISOString(),
    end: s.endsAt.toISOString(),
    chair: s.chair,
    papers: placed,
  };
}

/** Every draft session in time order with its papers in order, presenters' e-mails and links included (the editor's view). */
export async function loadSessions({ db, sessionIds }: { db: Db; sessionIds?: string[] }): Promise<EditorSession[]> {
  const rows = await db
    .select()
    .from(programSessions)
    .where(sessionIds ? inArray(programSessions.id, sessionIds) : undefined)
    .orderBy(asc(programSessions.startsAt), asc(programSessions.id));
  if (rows.length === 0) return [];
  const placed = await db
    .select({
      sessionId: programPlacements.sessionId,
      paperId: programPlacements.paperId,
      title: papers.title,
      presenter: programPlacements.presenterName,
      presenterEmail: programPlacements.presenterEmail,
    })
    .from(programPlacements)
    .innerJoin(papers, eq(papers.id, programPlacements.paperId))
    .where(
      inArray(
        programPlacements.sessionId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(programPlacements.sessionId), asc(programPlacements.position));
  const bySession = new Map<string, EditorSession['papers']>();
  for (const p of placed) {
    const list = bySession.get(p.sessionId) ?? [];
    list.push({ _id: p.paperId, title: p.title, presenter: p.presenter, presenterEmail: p.presenterEmail });
    bySession.set(p.sessionId, list);
  }
  return rows.map((s) => sessionJson(s, bySession.get(s.id) ?? []));
}

/**
 * GET /api/program: the programme as last published (decision 0052), never the draft; presenters' e-mails and online
 * links left out (a session says only that it is `online`). Times are labelled in the conference's current zone.
 */
export async function findProgram(input: { db: Db; conference: ConferenceFacts }): Promise<ProgramJson> {
  const [published, trackNames] = await Promise.all([findPublishedProgram(input.db), findTrackNames(input.db)]);
  return {
    timeZone: input.conference.timeZone,
    zoneLabel: zoneLabel(input.conference),
    publishedAt: published?.publishedAt ?? null,
    sessions: (published?.sessions ?? []).map(toPublicSession),
    tracks: trackNames,
  };
}

/** A published session as the public sees it: no presenters' e-mails, no link (only whether it is online). */
export const toPublicSession = ({ link, papers: placed, ...s }: PublishedSession): ProgramJson['sessions'][number] => ({
  ...s,
  kind: kindOf(s),
  label: sessionLabel(s),
  online: link !== '',
  papers: placed.map(({ _id, title, presenter }) => ({ _id, title, presenter })),
});

/** Every track's name in the editor's order (decision 0023): what a session of papers belongs to and the filters offer. */
export async function findTrackNames(db: Db): Promise<string[]> {
  const rows = await db.select({ name: tracks.name }).from(tracks).orderBy(asc(tracks.position), asc(tracks.name));
  return rows.map((r) => r.name);
}

/** The draft as it would be published: the snapshot program_publications keeps. */
export const toPublished = (sessions: EditorSession[]): PublishedSession[] =>
  sessions.map((s) => ({
    _id: s._id,
    title: s.title,
    kind: s.kind,
    track: s.track,
    room: s.room,
    link: s.link,
    start: s.start,
    end: s.end,
    chair: s.chair,
    papers: s.papers.map((p) => ({ _id: p._id, title: p.title, presenter: p.presenter, presenterEmail: p.presenterEmail })),
  }));

/** The same programme, whatever the order of keys or sessions: for "has the draft changed since it was published". */
function sameProgram(a: PublishedSession[], b: PublishedSession[]): boolean {
  const canonical = (list: PublishedSession[]) =>
    JSON.stringify(
      [...list]
        .sort((x, y) => x._id.localeCompare(y._id))
        .map((s) => [
          s._id,
          s.title,
          kindOf(s),
          s.track,
          s.room,
          s.link ?? '',
          Date.parse(s.start),
          Date.parse(s.end),
          s.chair,
          s.papers.map((p) => [p._id, p.title, p.presenter, p.presenterEmail.toLowerCase()]),
        ]),
    );
  return canonical(a) === canonical(b);
}

/** The draft's warnings against the conference's current dates and zone. */
export async function draftWarnings({
  db,
  sessions,
  conference,
}: {
  db: Db;
  sessions: EditorSession[];
  conference: ConferenceFacts;
}): Promise<ProgramWarning[]> {
  const accepted = await findAcceptedPapers(db);
  return findProgramWarnings({
    sessions,
    acceptedPapers: accepted.map((p) => ({ _id: p.id, title: p.title })),
    window: conferenceWindowOf(conference),
  });
}

/** The editor's programme: the draft, warnings, the accepted papers with their authors and registration, and the published state. */
export async function findEditorProgram(input: { db: Db; conference: ConferenceFacts }): Promise<EditorProgramJson> {
  const { db, conference } = input;
  const [sessions, accepted, published, trackNames] = await Promise.all([
    loadSessions({ db }),
    findAcceptedPapers(db),
    findPublishedProgram(db),
    findTrackNames(db),
  ]);
  const ids = accepted.map((p) => p.id);
  const [authors, registered, placements] = await Promise.all([
    findPaperAuthors({ db, paperIds: ids }),
    findRegisteredPaperIds({ db, paperIds: ids }),
    ids.length
      ? db
          .select({ paperId: programPlacements.paperId, sessionId: programPlacements.sessionId })
          .from(programPlacements)
          .where(inArray(programPlacements.paperId, ids))
      : [],
  ]);
  const sessionOf = new Map(placements.map((p) => [p.paperId, p.sessionId]));
  return {
    timeZone: conference.timeZone,
    zoneLabel: zoneLabel(conference),
    conferenceDates: { start: conference.startDate, end: conference.endDate },
    sessions,
    warnings: findProgramWarnings({
      sessions,
      acceptedPapers: accepted.map((p) => ({ _id: p.id, title: p.title })),
      window: conferenceWindowOf(conference),
    }),
    papers: accepted.map((p) => ({
      _id: p.id,
      title: p.title,
      registered: registered.has(p.id),
      sessionId: sessionOf.get(p.id) ?? null,
      authors: authors.get(p.id) ?? [],
    })),
    published: published ? { at: published.publishedAt, sessions: published.sessions.length } : null,
    tracks: trackNames,
    changedSincePublished: published ? !sameProgram(published.sessions, toPublished(sessions)) : sessions.length > 0,
  };
}

async function requireSession(db: Db, id: string): Promise<SessionRow> {
  const [row] = await db.select().from(programSessions).where(eq(programSessions.id, id));
  if (!row) throw new AppError('not_found', 'Session not found');
  return row;
}

/**
 * The track a session of the given kind is stored with: for papers, one of the tracks (by name, any case; stored as the
 * track names itself); for a slot without papers, none ('').
 */
async function checkTrack(db: Db, kind: SessionKind, track: string): Promise<string> {
  if (kind !== 'papers') {
    if (track !== '')
      throw new AppError('bad_request', `A slot without papers (${SESSION_KIND_LABELS[kind]}) has no track: leave the track empty`);
    return '';
  }
  if (track === '') throw new AppError('bad_request', 'A session of papers needs a track: choose one of the tracks');
  const names = await findTrackNames(db);
  const found = names.find((n) => n.toLowerCase() === track.toLowerCase());
  if (!found) throw new AppError('bad_request', `Track must be one of the tracks: ${names.join(', ')}`);
  return found;
}

export async function createSession(input: { db: Db; body: SessionBody }): Promise<EditorSession> {
  const { db, body } = input;
  const track = await checkTrack(db, body.kind, body.track);
  const [row] = await db
    .insert(programSessions)
    .values({
      id: newId(),
      title: body.title,
      kind: body.kind,
      track,
      room: body.room,
      link: body.link,
      chair: body.chair,
      startsAt: new Date(body.start),
      endsAt: new Date(body.end),
    })
    .returning();
  return sessionJson(row!, []);
}

export async function updateSession(input: { db: Db; id: string; body: SessionPatchBody }): Promise<EditorSession> {
  const { db, id, body } = input;
  const current = await requireSession(db, id);
  const startsAt = body.start ? new Date(body.start) : current.startsAt;
  const endsAt = body.end ? new Date(body.end) : current.endsAt;
  if (endsAt <= startsAt) throw new AppError('bad_request', 'A session must end after it starts');
  const kind = body.kind ?? current.kind;
  // A session made a slot without papers loses its track unless one is sent (then refused); one made a session of papers needs one.
  const track = await checkTrack(db, kind, body.track ?? (kind === 'papers' ? current.track : ''));
  if (kind !== 'papers') {
    const [placed] = await db
      .select({ paperId: programPlacements.paperId })
      .from(programPlacements)
      .where(eq(programPlacements.sessionId, id))
      .limit(1);
    if (placed) throw new AppError('bad_request', 'This session holds papers: remove them before making it a slot without papers');
  }
  await db
    .update(programSessions)
    .set({
      ...(body.title !== undefined ? { title: body.title } : {}),
      kind,
      track,
      ...(body.room !== undefined ? { room: body.room } : {}),
      ...(body.link !== undefined ? { link: body.link } : {}),
      ...(body.chair !== undefined ? { chair: body.chair } : {}),
      startsAt,
      endsAt,
      updatedAt: sql`now()`,
    })
    .where(eq(programSessions.id, id));
  return (await loadSessions({ db, sessionIds: [id] }))[0]!;
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
  const session = await requireSession(db, id);
  if (session.kind !== 'papers' && body.papers.length > 0) {
    throw new AppError(
      'bad_request',
      `A slot without papers (${SESSION_KIND_LABELS[session.kind]}) cannot hold papers: place them in a session of papers`,
    );
  }
  const ids = body.papers.map((p) => p.paperId);
  if (new Set(ids).size !== ids.length) throw new AppError('bad_request', 'A paper can be placed only once in a session');
  const acceptedIds = new Set((await findAcceptedPapers(db)).map((p) => p.id));
  const missing = ids.find((p) => !acceptedIds.has(p));
  if (missing) throw new AppError('bad_request', `Paper ${missing} is not an accepted paper`);
  const authors = await findPaperAuthors({ db, paperIds: ids });
  const rows = body.papers.map((p, position) => {
    const presenter = (authors.get(p.paperId) ?? []).find((a) => a.email.toLowerCase() === p.presenterEmail.toLowerCase());
    if (!presenter) throw new AppError('bad_request', `The presenter of paper ${p.paperId} must be one of its authors`);
    return { paperId: p.paperId, sessionId: id, position, presenterName: presenter.name, presenterEmail: presenter.email };
  });
  await db.transaction(async (tx) => {
    await tx.delete(programPlacements).where(eq(programPlacements.sessionId, id));
    if (ids.length) await tx.delete(programPlacements).where(inArray(programPlacements.paperId, ids));
    if (rows.length) await tx.insert(programPlacements).values(rows);
    await tx
      .update(programSessions)
      .set({ updatedAt: sql`now()` })
      .where(eq(programSessions.id, id));
  });
  return (await loadSessions({ db, sessionIds: [id] }))[0]!;
}
