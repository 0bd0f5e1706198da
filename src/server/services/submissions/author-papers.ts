import { eq } from 'drizzle-orm';
import { MESSAGES } from '../../../core/messages';
import { parseCoAuthorsField, type CoAuthor } from '../../../core/schemas/accounts';
import type { NewPaperFields } from '../../../core/schemas/paper';
import { deny } from '../../auth/caller';
import type { Db } from '../../db/connect';
import { users, type PaperRow } from '../../db/schema';
import { AppError } from '../../errors';
import { canActAsSubmitter, canAuthorReadPaper, type Caller } from '../../permissions';
import { recordAudit } from '../shared/audit';
import { checkCameraReadyAllowed, storeCameraReady } from './camera-ready';
import { getDeclaredConflicts } from './conflicts';
import { findPaperForAuthor, findPapersForAuthor, hasCoAuthoredPapers, setCoAuthors } from './co-authors';
import { checkPaperTopics, resolveTrack } from '../shared/track-rules';
import { createPaper } from './create-paper';
import { isPaperRegistered } from '../payments/paper-registration';
import { latestCommentOf, toPaperJson } from './paper-json';
import { getSettingsRow, isPast } from '../shared/settings';
import { updatePaper } from './update-paper';
import { toUserJson } from '../shared/user-json';

type UploadedPdf = { key: string; size: number; fileName: string };

/**
 * The author's paper: the one they submitted or one listing them as co-author (issue 17); 404 otherwise, and
 * 403 for a co-author when `submitterOnly`.
 */
export async function findAuthorPaper(opts: { db: Db; caller: Caller; paperId: string; submitterOnly?: boolean }): Promise<{ paper: PaperRow; coAuthor: boolean }> {
  const { paper, coAuthor } = await findPaperForAuthor(opts.db, { paperId: opts.paperId, caller: opts.caller });
  deny(opts.submitterOnly ? canActAsSubmitter(opts.caller, paper, coAuthor) : canAuthorReadPaper(opts.caller, paper, coAuthor));
  return { paper: paper!, coAuthor };
}

/** The author's account and papers (submitted and co-authored), for /author/my-papers. */
export async function listAuthorPapers(opts: { db: Db; secret: string; caller: Caller }) {
  const { db, caller } = opts;
  const [user] = await db.select().from(users).where(eq(users.id, caller.id));
  const rows = await findPapersForAuthor(db, caller);
  const json = await toPaperJson(db, opts.secret, rows, { coAuthors: true, viewerId: caller.id, author: true });
  // Until the address is verified, co-authored papers are only announced, never shown (issue 27.2).
  const waiting = !caller.emailVerified && await hasCoAuthoredPapers(db, caller);
  return { user: toUserJson(user!), papers: json, ...(waiting ? { waitingForVerification: true } : {}) };
}

/** One of the author's papers with its versions, and the latest reviewer comment. */
export async function getAuthorPaper(opts: { db: Db; secret: string; caller: Caller; paperId: string }) {
  const { db, caller } = opts;
  const { paper } = await findAuthorPaper({ db, caller, paperId: opts.paperId });
  const [json] = await toPaperJson(db, opts.secret, [paper], { versions: true, coAuthors: true, viewerId: caller.id, author: true });
  return { paper: json!, latestComment: await latestCommentOf(db, paper.id) };
}

/** Refused once the submission deadline has passed (checked before the upload is read). */
export async function checkSubmissionsOpen(opts: { db: Db }): Promise<void> {
  if (isPast((await getSettingsRow(opts.db))?.submissionDeadline)) throw new AppError('forbidden', MESSAGES.submissionsClosed);
}

/** A new paper with its first PDF (already stored) and its co-authors, audited. */
export async function submitPaper(opts: {
  db: Db; secret: string; author: { id: string; ip: string }; fields: NewPaperFields; coAuthorsField: string | undefined; file: UploadedPdf | undefined;
}) {
  const { db, author, file } = opts;
  if (!file) throw new AppError('bad_request', 'Please attach the paper as a PDF file');
  const coAuthors = parseCoAuthorsField(opts.coAuthorsField);
  // The paper, its first PDF, its co-authors and its audit row commit together (issue 29 §1.2): a failure
  // between them leaves no paper without its co-authors, and discardOnFailure then drops the file.
  const paper = await db.transaction(async (tx) => {
    // The track named (existing and open) or the editor's default; topics from that track or SPEC's tags (issue 22.1).
    const track = await resolveTrack(tx, opts.fields.track);
    const fields = { ...opts.fields, keywords: checkPaperTopics(track, opts.fields.keywords) };
    const created = await createPaper(tx, { authorId: author.id, fields, trackId: track.id, file });
    if (coAuthors.length) await setCoAuthors(tx, { paperId: created.id, coAuthors });
    await recordAudit(tx, { actorId: author.id, actorRole: 'Author', action: 'paper.submit', paperId: created.id, ip: author.ip, details: { title: created.title, trackId: track.id } });
    return created;
  });
  const [json] = await toPaperJson(db, opts.secret, [paper], { coAuthors: true, author: true });
  return json!;
}

/** A new abstract (the submitting author only) and/or a new PDF version (co-authors too), audited. */
export async function reviseAuthorPaper(opts: {
  db: Db; secret: string; caller: Caller; ip: string; paper: PaperRow; coAuthor: boolean; abstract: string | undefined; file: UploadedPdf | undefined;
}) {
  const { db, caller, paper, abstract, file } = opts;
  // A co-author may upload a new (camera-ready) PDF; the abstract stays the submitting author's.
  if (abstract !== undefined) deny(canActAsSubmitter(caller, paper, opts.coAuthor));
  if (abstract === undefined && !file) throw new AppError('bad_request', 'Nothing to save: change the abstract or choose a new PDF');
  const updated = await db.transaction(async (tx) => {
    const row = await updatePaper(tx, { paperId: paper.id, abstract, file });
    await recordAudit(tx, { actorId: caller.id, actorRole: 'Author', action: 'paper.revise', paperId: paper.id, ip: opts.ip, details: { abstract: abstract !== undefined, newPdf: Boolean(file) } });
    return row;
  });
  const [json] = await toPaperJson(db, opts.secret, [updated], { versions: true, coAuthors: true, viewerId: caller.id, author: true });
  return json!;
}

/** The camera-ready PDF (already stored) becomes the paper's newest version, audited. */
export async function submitCameraReady(opts: { db: Db; secret: string; author: { id: string; ip: string }; paper: PaperRow; file: UploadedPdf | undefined }) {
  const { db, author, paper, file } = opts;
  if (!file) throw new AppError('bad_request', 'Please attach the camera-ready version as a PDF file');
  const updated = await db.transaction(async (tx) => {
    const row = await storeCameraReady({ db: tx, paper, file });
    await recordAudit(tx, { actorId: author.id, actorRole: 'Author', action: 'paper.camera-ready', paperId: paper.id, ip: author.ip });
    return row;
  });
  const [json] = await toPaperJson(db, opts.secret, [updated], { versions: true, coAuthors: true, viewerId: author.id, author: true });
  return json!;
}

/** Replace the co-author list of the caller's own submission (403 for a co-author). */
export async function saveCoAuthors(opts: { db: Db; caller: Caller; paperId: string; coAuthors: CoAuthor[] }): Promise<CoAuthor[]> {
  const { paper } = await findAuthorPaper({ db: opts.db, caller: opts.caller, paperId: opts.paperId, submitterOnly: true });
  return setCoAuthors(opts.db, { paperId: paper.id, coAuthors: opts.coAuthors });
}

/** Whether the author's paper is registered (paid for). */
export async function getPaperRegistration(opts: { db: Db; caller: Caller; paperId: string }): Promise<{ registered: boolean }> {
  const { paper } = await findAuthorPaper(opts);
  return { registered: await isPaperRegistered(opts.db, paper.id) };
}

/** The conflicts of interest the author declared for their paper (addresses). */
export async function listDeclaredConflicts(opts: { db: Db; caller: Caller; paperId: string }): Promise<string[]> {
  const { paper } = await findAuthorPaper(opts);
  return getDeclaredConflicts(opts.db, paper.id);
}

/** The author's paper, if a camera-ready version may be uploaded now (accepted and notified, before the deadline). */
export async function findPaperForCameraReady(opts: { db: Db; caller: Caller; paperId: string }): Promise<PaperRow> {
  const { paper } = await findAuthorPaper(opts);
  await checkCameraReadyAllowed(opts.db, paper);
  return paper;
}
