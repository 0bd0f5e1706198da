import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { conferenceTitle } from '../../../core/conference-facts';
import { MESSAGES } from '../../../core/messages';
import type { Db } from '../../db/connect';
import { bids, papers, trackChairs, tracks, users } from '../../db/schema';
import { AppError } from '../../errors';
import type { Mailer } from '../../mail/send';
import { deny } from '../../auth/caller';
import { canChairWorkOnPaper, type Caller } from '../../permissions';
import { recordAudit, type Actor } from '../shared/audit';
import { papersConflictedForReviewer } from '../submissions/conflicts';

/**
 * Name a track's chairs by address (decision 0023), replacing the list; each newly named address is mailed how to
 * start. Rights wait until an Editor account with that address confirms it: a name alone grants nothing.
 */
export async function setTrackChairs(opts: {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  trackId: string;
  emails: readonly string[];
  editor: Actor;
}): Promise<string[]> {
  const emails = [...new Set(opts.emails.map((e) => e.toLowerCase()))];
  return opts.db.transaction(async (tx) => {
    const [track] = await tx
      .select({ id: tracks.id, name: tracks.name })
      .from(tracks)
      .where(eq(tracks.id, opts.trackId))
      .for('update')
      .limit(1);
    if (!track) throw new AppError('not_found', MESSAGES.trackNotFound);
    const before = (await tx.select({ email: trackChairs.email }).from(trackChairs).where(eq(trackChairs.trackId, track.id))).map(
      (r) => r.email,
    );
    await tx
      .delete(trackChairs)
      .where(and(eq(trackChairs.trackId, track.id), emails.length ? notInArray(trackChairs.email, emails) : undefined));
    const added = emails.filter((e) => !before.includes(e));
    if (added.length) await tx.insert(trackChairs).values(added.map((email) => ({ trackId: track.id, email })));
    const removed = before.filter((e) => !emails.includes(e));
    await recordAudit(tx, {
      actorId: opts.editor.id,
      actorRole: 'Editor',
      action: 'track.chairs',
      ip: opts.editor.ip,
      details: { trackId: track.id, added, removed },
    });
    if (added.length) {
      await opts.mailer.sendMany(
        added.map((to) => ({
          to,
          template: 'trackChairNamed',
          values: { conference: conferenceTitle(opts.mailer.conference()), track: track.name, loginUrl: `${opts.publicUrl}/login` },
        })),
        tx,
      );
    }
    return emails;
  });
}

/** May this address sign up as an Editor because it chairs a track? (Such an account is chair-only.) */
export async function isNamedChair({ db, email }: { db: Db; email: string }): Promise<boolean> {
  const [row] = await db.select({ email: trackChairs.email }).from(trackChairs).where(eq(trackChairs.email, email.toLowerCase())).limit(1);
  return !!row;
}

/** What an Editor account may act on: everything (the editor), or the tracks that name its verified address. */
export interface EditorScope {
  all: boolean;
  trackIds: string[];
}

export async function findEditorScope({ db, caller }: { db: Db; caller: Caller }): Promise<EditorScope> {
  if (!caller.chairOnly) return { all: true, trackIds: [] };
  if (!caller.emailVerified) return { all: false, trackIds: [] };
  const rows = await db.select({ trackId: trackChairs.trackId }).from(trackChairs).where(eq(trackChairs.email, caller.email.toLowerCase()));
  return { all: false, trackIds: rows.map((r) => r.trackId) };
}

/** The track filter a list applies for this scope: undefined for the editor (everything). */
export const scopeTrackIds = (scope: EditorScope): string[] | undefined => (scope.all ? undefined : scope.trackIds);

/**
 * The papers among `paperIds` the chair is conflicted with (HotCRP's rule for conflicted managers): by person or
 * institution, or declared by the author, exactly as a reviewer would be (papersConflictedForReviewer, whose
 * candidates the database picks and core/person-conflicts decides), or through a 'conflict' bid from the chair's
 * own Reviewer account.
 */
export async function conflictedPaperIds({
  db,
  email,
  paperIds,
}: {
  db: Db;
  email: string;
  paperIds: readonly string[];
}): Promise<Set<string>> {
  if (paperIds.length === 0) return new Set();
  const [byPerson, byBid] = await Promise.all([
    papersConflictedForReviewer({ db, reviewer: { email }, paperIds: [...paperIds] }),
    db
      .select({ paperId: bids.paperId })
      .from(bids)
      .innerJoin(users, eq(users.id, bids.reviewerId))
      .where(
        and(
          inArray(bids.paperId, [...paperIds]),
          eq(bids.bid, 'conflict'),
          eq(users.role, 'Reviewer'),
          sql`lower(${users.email}) = ${email.toLowerCase()}`,
        ),
      ),
  ]);
  return new Set([...byPerson, ...byBid.map((b) => b.paperId)]);
}

/**
 * A paper an Editor account works on (decision 0023). The editor: any paper. A track chair: 404 'Paper not found'
 * outside their tracks (403 until their address is verified); on their tracks' papers, when conflicted, 403 for
 * anything beyond reading the paper itself (`reviewers: false`). Returns whether the caller is conflicted.
 */
export async function checkEditorPaper(opts: {
  db: Db;
  caller: Caller;
  paperId: string;
  seesReviewers: boolean;
}): Promise<{ conflicted: boolean }> {
  const { db, caller, paperId } = opts;
  if (!caller.chairOnly) return { conflicted: false };
  const chairsTrack =
    caller.emailVerified &&
    (
      await db
        .select({ id: papers.id })
        .from(papers)
        .innerJoin(trackChairs, and(eq(trackChairs.trackId, papers.trackId), eq(trackChairs.email, caller.email.toLowerCase())))
        .where(eq(papers.id, paperId))
        .limit(1)
    ).length > 0;
  const conflicted = chairsTrack && (await conflictedPaperIds({ db, email: caller.email, paperIds: [paperId] })).size > 0;
  deny(canChairWorkOnPaper({ emailVerified: caller.emailVerified, chairsTrack, conflicted }, opts.seesReviewers));
  return { conflicted };
}

/** Every paper of `paperIds` must be one the chair may act on (bulk actions: auto-assign, notify). */
export async function checkEditorPapers({ db, caller, paperIds }: { db: Db; caller: Caller; paperIds: readonly string[] }): Promise<void> {
  if (!caller.chairOnly || paperIds.length === 0) return;
  const scope = await findEditorScope({ db, caller });
  const inScope = scope.trackIds.length
    ? await db
        .select({ id: papers.id })
        .from(papers)
        .where(and(inArray(papers.id, [...paperIds]), inArray(papers.trackId, scope.trackIds)))
    : [];
  if (inScope.length !== new Set(paperIds).size) throw new AppError('not_found', 'Paper not found');
  if ((await conflictedPaperIds({ db, email: caller.email, paperIds })).size > 0) throw new AppError('forbidden', MESSAGES.chairConflicted);
}

/**
 * The papers a bulk action (automatic assignment, notification) covers for this caller when it names none:
 * undefined for the editor (every paper); for a chair, the papers of their tracks they are not conflicted with.
 */
export async function scopedPaperIds({ db, caller }: { db: Db; caller: Caller }): Promise<string[] | undefined> {
  if (!caller.chairOnly) return undefined;
  const scope = await findEditorScope({ db, caller });
  if (scope.trackIds.length === 0) return [];
  const ids = (await db.select({ id: papers.id }).from(papers).where(inArray(papers.trackId, scope.trackIds))).map((r) => r.id);
  const conflicted = await conflictedPaperIds({ db, email: caller.email, paperIds: ids });
  return ids.filter((id) => !conflicted.has(id));
}

/**
 * What a chair's export holds (decision 0023): their tracks' papers, less those they are conflicted with. The editor:
 * undefined (everything). A chair may download only the paper, assignment and review exports (`scopedExport`).
 */
export async function exportScopeFor({
  db,
  caller,
  scopedExport,
}: {
  db: Db;
  caller: Caller;
  scopedExport: boolean;
}): Promise<{ trackIds: string[]; excludedPaperIds: string[] } | undefined> {
  if (!caller.chairOnly) return undefined;
  if (!scopedExport) throw new AppError('forbidden', MESSAGES.chairsMayNot);
  const scope = await findEditorScope({ db, caller });
  if (scope.trackIds.length === 0) return { trackIds: [], excludedPaperIds: [] };
  const ids = (await db.select({ id: papers.id }).from(papers).where(inArray(papers.trackId, scope.trackIds))).map((r) => r.id);
  return { trackIds: scope.trackIds, excludedPaperIds: [...(await conflictedPaperIds({ db, email: caller.email, paperIds: ids }))] };
}
