import { buffer } from 'node:stream/consumers';
import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  anyRuleOn,
  blockedMessage,
  DEFAULT_PREFLIGHT_RULES,
  evaluatePreflight,
  type PreflightAuthor,
  type PreflightFinding,
  type PreflightRules,
  withDefaults,
} from '../../../core/preflight';
import type { PreflightResponse } from '../../../core/api/preflight';
import type { CoAuthor } from '../../../core/schemas/accounts';
import type { Db } from '../../db/connect';
import { paperCoAuthors, paperFiles, preflightReports, preflightRules, trackChairs, tracks, users } from '../../db/schema';
import { AppError } from '../../errors';
import type { Caller } from '../../permissions';
import { readPdfFacts } from '../../preflight/run';
import type { FileStore } from '../../storage/file-store';
import { recordAudit, type Actor } from '../shared/audit';
import { getSettingsRow } from '../shared/settings';
import { resolveTrack } from '../shared/track-rules';
import type { Paper } from './papers';

type DbOrTx = Pick<Db, 'select' | 'insert'>;

/** A track's rules; null when it checks nothing (no row, or every rule off). */
export async function findTrackRules({ db, trackId }: { db: Db; trackId: string }): Promise<PreflightRules | null> {
  const [row] = await db.select({ rules: preflightRules.rules }).from(preflightRules).where(eq(preflightRules.trackId, trackId)).limit(1);
  const rules = row ? withDefaults(row.rules) : null;
  return rules && anyRuleOn(rules) ? rules : null;
}

/** The submitting author as the check looks for them: their account's name, address, affiliation and ORCID iD. */
async function accountAuthor(db: Db, userId: string): Promise<PreflightAuthor[]> {
  const [u] = await db
    .select({ name: users.name, email: users.email, affiliation: users.affiliation, orcid: users.orcid })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return u ? [u] : [];
}

/** The authors of a stored paper: the submitting author and the listed co-authors. */
async function paperAuthors(db: Db, paper: Pick<Paper, 'id' | 'authorId'>): Promise<PreflightAuthor[]> {
  const co = await db
    .select({
      name: paperCoAuthors.name,
      email: paperCoAuthors.email,
      affiliation: paperCoAuthors.affiliation,
      orcid: paperCoAuthors.orcid,
    })
    .from(paperCoAuthors)
    .where(eq(paperCoAuthors.paperId, paper.id));
  return [...(await accountAuthor(db, paper.authorId)), ...co];
}

/**
 * Check a stored PDF (decision 0072) against a track's rules and the paper's authors, in a limited worker. Without
 * rules the PDF is not read at all: `checked` false, no findings (a fresh install behaves as before preflight).
 */
async function check(opts: {
  db: Db;
  files: FileStore;
  key: string;
  size: number;
  trackId: string;
  authors: PreflightAuthor[];
}): Promise<PreflightResponse> {
  const rules = await findTrackRules({ db: opts.db, trackId: opts.trackId });
  if (!rules) return { checked: false, blocking: 0, warnings: 0, findings: [] };
  const blindReview = (await getSettingsRow({ db: opts.db }))?.blindReview ?? false;
  const bytes = await buffer(opts.files.get(opts.key));
  const reading = await readPdfFacts(bytes);
  const findings = evaluatePreflight({ reading, rules, blindReview, authors: opts.authors, fileBytes: opts.size });
  return summary(findings);
}

const summary = (findings: PreflightFinding[]): PreflightResponse => ({
  checked: true,
  blocking: findings.filter((f) => f.severity === 'block').length,
  warnings: findings.filter((f) => f.severity === 'warn').length,
  findings,
});

/** A new paper's PDF: its track (the one named, open, or the default) and its authors (the caller and the co-authors given). */
export async function preflightNewPaper(opts: {
  db: Db;
  files: FileStore;
  caller: Caller;
  file: { key: string; size: number };
  trackId: string | undefined;
  coAuthors: CoAuthor[];
}): Promise<PreflightResponse> {
  const track = await resolveTrack({ db: opts.db, trackId: opts.trackId });
  const authors = [...(await accountAuthor(opts.db, opts.caller.id)), ...opts.coAuthors];
  return check({ db: opts.db, files: opts.files, key: opts.file.key, size: opts.file.size, trackId: track.id, authors });
}

/** A new version of a stored paper: its track's rules, its authors. */
export async function preflightNewVersion(opts: {
  db: Db;
  files: FileStore;
  paper: Paper;
  file: { key: string; size: number };
}): Promise<PreflightResponse> {
  const authors = await paperAuthors(opts.db, opts.paper);
  return check({ db: opts.db, files: opts.files, key: opts.file.key, size: opts.file.size, trackId: opts.paper.trackId, authors });
}

/** A submission or new version with blocking findings is refused (400) with each of them; otherwise its warnings go on. */
export function refuseBlocked(result: PreflightResponse): PreflightFinding[] | undefined {
  if (result.blocking) throw new AppError('bad_request', blockedMessage(result.findings));
  return result.checked ? result.findings : undefined;
}

/** Keep what the preflight found with the paper's newest version (in the transaction that stored it). */
export async function storePreflightReport({
  db,
  paperId,
  findings,
}: {
  db: DbOrTx;
  paperId: string;
  findings: PreflightFinding[];
}): Promise<void> {
  const [latest] = await db
    .select({ id: paperFiles.id })
    .from(paperFiles)
    .where(eq(paperFiles.paperId, paperId))
    .orderBy(desc(paperFiles.version))
    .limit(1);
  if (latest) await db.insert(preflightReports).values({ paperFileId: latest.id, findings });
}

/** The counts of each version's report (the editor's paper JSON, `formatReport`), by paper file id. */
export async function formatFlags({
  db,
  fileIds,
}: {
  db: Db;
  fileIds: string[];
}): Promise<Map<string, { checked: true; blocking: number; warnings: number }>> {
  if (!fileIds.length) return new Map();
  const rows = await db
    .select({ id: preflightReports.paperFileId, findings: preflightReports.findings })
    .from(preflightReports)
    .where(inArray(preflightReports.paperFileId, fileIds));
  return new Map(
    rows.map((r) => [r.id, { checked: true, blocking: summary(r.findings).blocking, warnings: summary(r.findings).warnings }]),
  );
}

/** The chair's format report: each version of the paper, newest first, with what the preflight found in it. */
export async function getFormatReport({ db, paperId }: { db: Db; paperId: string }) {
  const rows = await db
    .select({
      version: paperFiles.version,
      fileName: paperFiles.fileName,
      uploadedAt: paperFiles.uploadedAt,
      findings: preflightReports.findings,
      checkedAt: preflightReports.checkedAt,
    })
    .from(paperFiles)
    .leftJoin(preflightReports, eq(preflightReports.paperFileId, paperFiles.id))
    .where(eq(paperFiles.paperId, paperId))
    .orderBy(desc(paperFiles.version));
  return {
    paperId,
    versions: rows.map((r) => ({
      version: r.version,
      fileName: r.fileName,
      uploadedAt: r.uploadedAt.toISOString(),
      checked: r.checkedAt !== null,
      checkedAt: r.checkedAt?.toISOString() ?? null,
      findings: r.findings ?? [],
    })),
  };
}

/** The track, or 404; for a track chair, only a track that names their verified address (404 for others'). */
async function findChairTrack({ db, caller, trackId }: { db: Db; caller: Caller; trackId: string }) {
  const [track] = await db.select({ id: tracks.id, name: tracks.name }).from(tracks).where(eq(tracks.id, trackId)).limit(1);
  if (!track) throw new AppError('not_found', 'Track not found');
  if (caller.chairOnly) {
    const chairs =
      caller.emailVerified &&
      (
        await db
          .select({ t: trackChairs.trackId })
          .from(trackChairs)
          .where(and(eq(trackChairs.trackId, trackId), eq(trackChairs.email, caller.email.toLowerCase())))
          .limit(1)
      ).length > 0;
    if (!chairs) throw new AppError('not_found', 'Track not found');
  }
  return track;
}

/** A track's rules as the rules screen shows them. */
export async function getTrackPreflight({ db, caller, trackId }: { db: Db; caller: Caller; trackId: string }) {
  const track = await findChairTrack({ db, caller, trackId });
  const [row] = await db.select({ rules: preflightRules.rules }).from(preflightRules).where(eq(preflightRules.trackId, track.id)).limit(1);
  return {
    trackId: track.id,
    trackName: track.name,
    rules: row ? withDefaults(row.rules) : null,
    defaults: DEFAULT_PREFLIGHT_RULES,
    blindReview: (await getSettingsRow({ db }))?.blindReview ?? false,
  };
}

/** Save (or, with null, remove) a track's rules, audited in the same transaction. */
export async function saveTrackPreflight(opts: { db: Db; caller: Caller; actor: Actor; trackId: string; rules: PreflightRules | null }) {
  const { db, rules } = opts;
  const track = await findChairTrack({ db, caller: opts.caller, trackId: opts.trackId });
  await db.transaction(async (tx) => {
    await tx.delete(preflightRules).where(eq(preflightRules.trackId, track.id));
    if (rules) await tx.insert(preflightRules).values({ trackId: track.id, rules, updatedBy: opts.actor.id });
    await recordAudit(tx, {
      actorId: opts.actor.id,
      actorRole: 'Editor',
      action: 'track.preflight',
      ip: opts.actor.ip,
      details: { trackId: track.id, on: rules !== null, pageLimit: rules?.pageLimit ?? null, actions: rules?.actions ?? {} },
    });
  });
  return getTrackPreflight({ db, caller: opts.caller, trackId: track.id });
}
