import { eq, sql, type SQL } from 'drizzle-orm';
import { MESSAGES } from '../../../core/messages';
import type { BulkAudience } from '../../../core/schemas/bulk-mail';
import type { Db } from '../../db/connect';
import { tracks } from '../../db/schema';
import { AppError } from '../../errors';
import { canMailAudience, type Caller } from '../../permissions';
import { listMissingReviews } from '../review-desk/missing-reviews';
import { findRegisteredPaperIds } from '../registrations/paper-registration';
import { isPaperAuthor } from '../shared/paper-authorship';
import { pgArray } from '../../db/pg-array';
import { findEditorScope, scopedPaperIds } from '../tracks/chairs';

/** One recipient of a bulk mail: one per address (lower-cased), with their papers in the group. */
export interface Recipient {
  email: string;
  name: string;
  papers: Array<{ id: string; title: string }>;
}

interface Row {
  email: string;
  name: string;
  paperId: string | null;
  title: string | null;
}

/**
 * The group's track named, when it names one: 404 for a track that does not exist. And the caller's right to
 * write to it: a track chair only within their tracks (permissions.ts canMailAudience), 403 with the reason.
 */
export async function checkAudience({
  db,
  caller,
  audience,
}: {
  db: Db;
  caller: Caller;
  audience: BulkAudience;
}): Promise<{ trackName: string | null }> {
  const scope = caller.chairOnly ? await findEditorScope({ db, caller }) : { trackIds: [] };
  const denial = canMailAudience(caller, audience, scope.trackIds);
  if (denial) throw new AppError(denial.code, denial.message);
  if (!('trackId' in audience) || !audience.trackId) return { trackName: null };
  const [track] = await db.select({ name: tracks.name }).from(tracks).where(eq(tracks.id, audience.trackId)).limit(1);
  if (!track) throw new AppError('not_found', MESSAGES.trackNotFound);
  return { trackName: track.name };
}

const rowsOf = (res: unknown) => (res as { rows: Row[] }).rows;

/** Papers of the group: not withdrawn, of the track when named, and for a chair only those they may act on. */
function paperFilter(audience: { trackId: string | null }, scoped: string[] | undefined): SQL {
  const parts: SQL[] = [sql`p.withdrawn_at is null`];
  if (audience.trackId) parts.push(sql`p.track_id = ${audience.trackId}`);
  if (scoped) parts.push(sql`p.id = any(${pgArray(scoped)}::text[])`);
  return sql.join(parts, sql` and `);
}

/** The submitting authors (and, when asked, the co-authors) of the papers `where` picks. */
async function authorsOf(db: Db, where: SQL, coAuthors: boolean): Promise<Row[]> {
  const submitters = rowsOf(
    await db.execute(sql`select u.email, u.name, p.id as "paperId", p.title
    from papers p join users u on u.id = p.author_id where ${where} order by p.id`),
  );
  if (!coAuthors) return submitters;
  const co = rowsOf(
    await db.execute(sql`select c.email, c.name, p.id as "paperId", p.title
    from papers p join paper_co_authors c on c.paper_id = p.id where ${where} order by p.id, c.position`),
  );
  return [...submitters, ...co];
}

async function findRows(db: Db, caller: Caller, audience: BulkAudience): Promise<Row[]> {
  // A chair's papers: their tracks', less those they are conflicted with (as every list a chair sees).
  const scoped = await scopedPaperIds({ db, caller });
  if (scoped?.length === 0) return [];
  switch (audience.group) {
    case 'authors': {
      const decision =
        audience.decision === 'any'
          ? sql`true`
          : audience.decision === 'none'
            ? sql`p.notified_decision is null`
            : sql`p.notified_decision = ${audience.decision}`;
      return authorsOf(db, sql`${paperFilter(audience, scoped)} and ${decision}`, audience.coAuthors);
    }
    case 'unregistered': {
      // Accepted as the authors were told, and not registered as decision 0056 says (findRegisteredPaperIds): a
      // payment's label registers nothing.
      const accepted = sql`${paperFilter(audience, scoped)} and p.notified_decision = 'Accepted'`;
      const ids = rowsOf(await db.execute(sql`select p.id as "paperId" from papers p where ${accepted}`)).map((r) => r.paperId!);
      const registered = await findRegisteredPaperIds({ db, paperIds: ids });
      const unregistered = ids.filter((id) => !registered.has(id));
      if (unregistered.length === 0) return [];
      return authorsOf(db, sql`p.id = any(${pgArray(unregistered)}::text[])`, audience.coAuthors);
    }
    case 'reviewers':
      return rowsOf(
        await db.execute(sql`select u.email, u.name, p.id as "paperId", p.title
        from review_statuses s join papers p on p.id = s.paper_id join users u on u.id = s.reviewer_id
        where s.assigned and s.status <> 'Declined' and ${paperFilter(audience, scoped)} order by p.id`),
      );
    case 'missingReviews': {
      const { assignments } = await listMissingReviews({ db, caller, query: {} });
      let inTrack: Set<string> | null = null;
      if (audience.trackId) {
        const ids = rowsOf(await db.execute(sql`select id as "paperId" from papers where track_id = ${audience.trackId}`));
        inTrack = new Set(ids.map((r) => r.paperId!));
      }
      return assignments
        .filter((a) => !inTrack || inTrack.has(a.paperId))
        .map((a) => ({ email: a.reviewerEmail, name: a.reviewerName, paperId: a.paperId, title: a.title }));
    }
    case 'attendees':
      // A paid registration (paid once what it received covers its price), by the name and address it was made with;
      // the paper it names is "their paper" only while they are one of its authors (decision 0056). A payment alone,
      // whatever its label, makes nobody an attendee.
      return rowsOf(
        await db.execute(sql`select r.email, r.name, p.id as "paperId", p.title
        from registrations r left join papers p on p.id = r.paper_id
          and ${isPaperAuthor({ paperId: sql`r.paper_id`, userId: sql`r.user_id`, email: sql`r.email` })}
        where r.status = 'paid' order by r.created_at, r.id`),
      );
  }
}

/**
 * Who the group is now: one recipient per address (lower-cased; the first name found is kept), each with their
 * papers in the group (in the order they were submitted), ordered by address.
 */
export async function resolveAudience({ db, caller, audience }: { db: Db; caller: Caller; audience: BulkAudience }): Promise<Recipient[]> {
  const byEmail = new Map<string, Recipient>();
  for (const row of await findRows(db, caller, audience)) {
    const email = row.email.trim();
    if (!email) continue;
    const key = email.toLowerCase();
    let r = byEmail.get(key);
    if (!r) byEmail.set(key, (r = { email, name: row.name.trim() || email, papers: [] }));
    if (row.paperId && row.title !== null && !r.papers.some((p) => p.id === row.paperId))
      r.papers.push({ id: row.paperId, title: row.title });
  }
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  // Papers by id: in the order they were submitted.
  for (const r of byEmail.values()) r.papers.sort((a, b) => order(a.id, b.id));
  return [...byEmail.entries()].sort(([a], [b]) => order(a, b)).map(([, r]) => r);
}
