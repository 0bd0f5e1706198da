import { eq } from 'drizzle-orm';
import { conferenceTitle } from '../../../core/conference-facts';
import { MESSAGES, REVISION_MESSAGES } from '../../../core/messages';
import { parseCoAuthorsField, type CoAuthor } from '../../../core/schemas/accounts';
import type { NewPaperFields, UpdatePaperFields } from '../../../core/schemas/paper';
import { deny } from '../../auth/caller';
import type { Db } from '../../db/connect';
import type { Mailer } from '../../mail/send';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import { canActAsSubmitter, canAuthorReadPaper, type Caller } from '../../permissions';
import { recordAudit } from '../shared/audit';
import { checkCameraReadyAllowed, storeCameraReady } from './camera-ready';
import { getDeclaredConflicts } from './conflicts';
import { findPaperForAuthor, findPapersForAuthor, hasCoAuthoredPapers, setCoAuthors } from './co-authors';
import { checkPaperTopics, resolveTrack } from '../shared/track-rules';
import { createPaper } from './create-paper';
import { isPaperRegistered } from '../registrations/paper-registration';
import { latestCommentOf, toPaperJson } from './paper-json';
import type { Paper } from './papers';
import { getSettingsRow, isPast } from '../shared/settings';
import { updatePaper, type PaperChanges } from './update-paper';
import { storePreflightReport } from './preflight';
import type { PreflightFinding } from '../../../core/preflight';
import { toUserJson } from '../shared/user-json';

type UploadedPdf = { key: string; size: number; fileName: string };

/**
 * The author's paper: the one they submitted or one listing them as co-author (decision 0016); 404 otherwise, and
 * 403 for a co-author when `submitterOnly`.
 */
export async function findAuthorPaper(opts: {
  db: Db;
  caller: Caller;
  paperId: string;
  submitterOnly?: boolean;
}): Promise<{ paper: Paper; coAuthor: boolean }> {
  const { paper, coAuthor } = await findPaperForAuthor({ db: opts.db, paperId: opts.paperId, caller: opts.caller });
  deny(opts.submitterOnly ? canActAsSubmitter(opts.caller, paper, coAuthor) : canAuthorReadPaper(opts.caller, paper, coAuthor));
  return { paper: paper!, coAuthor };
}

/** The author's account and papers (submitted and co-authored), for /author/my-papers. */
export async function listAuthorPapers(opts: { db: Db; secret: string; caller: Caller }) {
  const { db, caller } = opts;
  const [user] = await db.select().from(users).where(eq(users.id, caller.id));
  const rows = await findPapersForAuthor({ db, author: caller });
  const json = await toPaperJson({ db, secret: opts.secret, papers: rows, coAuthors: true, viewerId: caller.id, author: true });
  // Until the address is verified, co-authored papers are only announced, never shown (docs/product.md#accounts-and-verified-addresses).
  const waiting = !caller.emailVerified && (await hasCoAuthoredPapers({ db, author: caller }));
  return { user: toUserJson(user!), papers: json, ...(waiting ? { waitingForVerification: true } : {}) };
}

/** One of the author's papers with its versions, and the latest reviewer comment. */
export async function getAuthorPaper(opts: { db: Db; secret: string; caller: Caller; paperId: string }) {
  const { db, caller } = opts;
  const { paper } = await findAuthorPaper({ db, caller, paperId: opts.paperId });
  const [json] = await toPaperJson({
    db,
    secret: opts.secret,
    papers: [paper],
    versions: true,
    coAuthors: true,
    viewerId: caller.id,
    author: true,
  });
  return { paper: json!, latestComment: await latestCommentOf({ db, paperId: paper.id }) };
}

/** Refused once the submission deadline has passed (checked before the upload is read). */
export async function checkSubmissionsOpen(opts: { db: Db }): Promise<void> {
  if (isPast((await getSettingsRow({ db: opts.db }))?.submissionDeadline)) throw new AppError('forbidden', MESSAGES.submissionsClosed);
}

/**
 * A new paper with its first PDF (already stored) and its co-authors, audited; the submitting author is mailed a
 * receipt with the paper id (docs/product.md#assignments-declines-and-withdrawals), queued in the same transaction.
 */
export async function submitPaper(opts: {
  db: Db;
  secret: string;
  mailer: Mailer;
  publicUrl: string;
  author: { id: string; ip: string; name: string; email: string };
  fields: NewPaperFields;
  coAuthorsField: string | undefined;
  file: UploadedPdf | undefined;
  /** Decision 0072: the preflight's warnings, kept with the first version. */
  preflight?: PreflightFinding[];
}) {
  const { db, author, file } = opts;
  if (!file) throw new AppError('bad_request', 'Please attach the paper as a PDF file');
  const coAuthors = parseCoAuthorsField(opts.coAuthorsField);
  // The paper, its first PDF, its co-authors, its audit row and the receipt commit together (decision 0018): a
  // failure between them leaves no paper without its co-authors, and discardOnFailure then drops the file.
  const paper = await db.transaction(async (tx) => {
    // The track named (existing and open) or the editor's default; topics from that track or the 50 tags (decision 0023).
    const track = await resolveTrack({ db: tx, trackId: opts.fields.track });
    const fields = { ...opts.fields, keywords: checkPaperTopics({ track, topics: opts.fields.keywords }) };
    const created = await createPaper({ db: tx, authorId: author.id, fields, trackId: track.id, file });
    const listed = coAuthors.length ? await setCoAuthors({ db: tx, paperId: created.id, coAuthors }) : [];
    if (opts.preflight) await storePreflightReport({ db: tx, paperId: created.id, findings: opts.preflight });
    await recordAudit(tx, {
      actorId: author.id,
      actorRole: 'Author',
      action: 'paper.submit',
      paperId: created.id,
      ip: author.ip,
      details: { title: created.title, trackId: track.id },
    });
    await opts.mailer.send({
      to: author.email,
      template: 'paperReceived',
      tx,
      values: {
        name: author.name,
        conference: conferenceTitle(opts.mailer.conference()),
        paperId: created.id,
        paperTitle: created.title,
        track: track.name,
        topics: created.keywords.join(', ') || 'none chosen',
        coAuthors: listed.map((c) => `${c.name} <${c.email}>`).join(', ') || 'none listed',
        paperUrl: `${opts.publicUrl}/paper-details/${created.id}`,
      },
    });
    return created;
  });
  const [json] = await toPaperJson({ db, secret: opts.secret, papers: [paper], coAuthors: true, author: true });
  return json!;
}

/** The metadata fields of a revision, in the order the audit row lists what changed. */
const METADATA = ['title', 'abstract', 'track', 'keywords', 'freeKeywords'] as const;
const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * A revision (docs/product.md#assignments-declines-and-withdrawals): new metadata — title, abstract, track, topics, free keywords; the submitting author only,
 * until the submission deadline, checked as a submission is — and/or a new PDF version (co-authors too, any time).
 * The row, the version and the audit row naming the fields that changed commit together. A withdrawn paper is not revised.
 */
export async function reviseAuthorPaper(opts: {
  db: Db;
  secret: string;
  caller: Caller;
  ip: string;
  paper: Paper;
  coAuthor: boolean;
  fields: UpdatePaperFields;
  file: UploadedPdf | undefined;
  /** Decision 0072: the preflight's warnings about the new PDF, kept with the new version. */
  preflight?: PreflightFinding[];
}) {
  const { db, caller, paper, fields, file } = opts;
  const sent = METADATA.filter((k) => fields[k] !== undefined);
  // A co-author may upload a new (camera-ready) PDF; the paper's description stays the submitting author's.
  if (sent.length) deny(canActAsSubmitter(caller, paper, opts.coAuthor));
  if (!sent.length && !file) throw new AppError('bad_request', 'Nothing to save: change a field or choose a new PDF');
  if (paper.withdrawnAt) throw new AppError('conflict', REVISION_MESSAGES.withdrawnPaper);
  if (sent.length) await checkSubmissionsOpen({ db });
  const updated = await db.transaction(async (tx) => {
    const changes: PaperChanges = {};
    if (fields.title !== undefined) changes.title = fields.title;
    if (fields.abstract !== undefined) changes.abstract = fields.abstract;
    if (fields.freeKeywords !== undefined) changes.freeKeywords = fields.freeKeywords;
    if (fields.track !== undefined || fields.keywords !== undefined) {
      // The track named (existing; open unless it is the paper's own); the topics, new or kept, must fit it.
      const track = await resolveTrack({ db: tx, trackId: fields.track ?? paper.trackId, current: paper.trackId });
      changes.trackId = track.id;
      changes.keywords = checkPaperTopics({ track, topics: fields.keywords ?? paper.keywords });
    }
    const changed = METADATA.filter((k) => {
      switch (k) {
        case 'track':
          return changes.trackId !== undefined && changes.trackId !== paper.trackId;
        case 'title':
        case 'abstract':
          return changes[k] !== undefined && changes[k] !== paper[k];
        default:
          return changes[k] !== undefined && !sameList(changes[k], paper[k]);
      }
    });
    const row = await updatePaper({ db: tx, paperId: paper.id, changes, file });
    if (file && opts.preflight) await storePreflightReport({ db: tx, paperId: paper.id, findings: opts.preflight });
    await recordAudit(tx, {
      actorId: caller.id,
      actorRole: 'Author',
      action: 'paper.revise',
      paperId: paper.id,
      ip: opts.ip,
      details: { changed, newPdf: Boolean(file) },
    });
    return row;
  });
  const [json] = await toPaperJson({
    db,
    secret: opts.secret,
    papers: [updated],
    versions: true,
    coAuthors: true,
    viewerId: caller.id,
    author: true,
  });
  return json!;
}

/** The camera-ready PDF (already stored) becomes the paper's newest version, audited. */
export async function submitCameraReady(opts: {
  db: Db;
  secret: string;
  author: { id: string; ip: string };
  paper: Paper;
  file: UploadedPdf | undefined;
}) {
  const { db, author, paper, file } = opts;
  if (!file) throw new AppError('bad_request', 'Please attach the camera-ready version as a PDF file');
  const updated = await db.transaction(async (tx) => {
    const row = await storeCameraReady({ db: tx, paper, file });
    await recordAudit(tx, { actorId: author.id, actorRole: 'Author', action: 'paper.camera-ready', paperId: paper.id, ip: author.ip });
    return row;
  });
  const [json] = await toPaperJson({
    db,
    secret: opts.secret,
    papers: [updated],
    versions: true,
    coAuthors: true,
    viewerId: author.id,
    author: true,
  });
  return json!;
}

/**
 * Replace the co-author list of the caller's own submission (403 for a co-author), until the submission deadline
 * and while the paper is not withdrawn (docs/product.md#assignments-declines-and-withdrawals), audited with the list in one transaction.
 */
export async function saveCoAuthors(opts: {
  db: Db;
  caller: Caller;
  ip?: string;
  paperId: string;
  coAuthors: CoAuthor[];
}): Promise<CoAuthor[]> {
  const { paper } = await findAuthorPaper({ db: opts.db, caller: opts.caller, paperId: opts.paperId, submitterOnly: true });
  if (paper.withdrawnAt) throw new AppError('conflict', REVISION_MESSAGES.withdrawnPaper);
  await checkSubmissionsOpen({ db: opts.db });
  return opts.db.transaction(async (tx) => {
    const saved = await setCoAuthors({ db: tx, paperId: paper.id, coAuthors: opts.coAuthors });
    await recordAudit(tx, {
      actorId: opts.caller.id,
      actorRole: 'Author',
      action: 'paper.co-authors',
      paperId: paper.id,
      ip: opts.ip ?? null,
      details: { coAuthors: saved.length },
    });
    return saved;
  });
}

/** Whether the author's paper is registered (paid for). */
export async function getPaperRegistration(opts: { db: Db; caller: Caller; paperId: string }): Promise<{ registered: boolean }> {
  const { paper } = await findAuthorPaper(opts);
  return { registered: await isPaperRegistered({ db: opts.db, paperId: paper.id }) };
}

/** The conflicts of interest the author declared for their paper (addresses). */
export async function listDeclaredConflicts(opts: { db: Db; caller: Caller; paperId: string }): Promise<string[]> {
  const { paper } = await findAuthorPaper(opts);
  return getDeclaredConflicts({ db: opts.db, paperId: paper.id });
}

/** The author's paper, if a camera-ready version may be uploaded now (accepted and notified, before the deadline). */
export async function findPaperForCameraReady(opts: { db: Db; caller: Caller; paperId: string }): Promise<Paper> {
  const { paper } = await findAuthorPaper(opts);
  await checkCameraReadyAllowed({ db: opts.db, paper });
  return paper;
}
