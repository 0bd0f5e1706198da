import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../core/messages';
import { PaperId } from '../../core/schemas/common';
import { NewPaperFields, UpdatePaperFields } from '../../core/schemas/paper';
import { deny, requireCaller } from '../auth/caller';
import { users } from '../db/schema';
import { AppError } from '../errors';
import { canActAsSubmitter, canAuthorReadPaper } from '../permissions';
import { parseCoAuthorsField } from '../../core/schemas/accounts';
import { findPaperForAuthor, findPapersForAuthor, setCoAuthors } from '../services/co-authors';
import { createPaper } from '../services/create-paper';
import { discardFileIfUnused } from '../services/discard-file';
import { latestCommentOf, toPaperJson } from '../services/paper-json';
import { updatePaper } from '../services/update-paper';
import { getSettingsRow, isPast } from '../services/settings';
import { toUserJson } from '../services/user-json';
import { CONTRACT } from './contract';
import { readPdfForm } from '../services/pdf-form';
import { recordAudit } from '../services/audit';

const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const secret = app.config.JWT_SECRET;

  /** Stream the multipart body; the PDF goes to the store and is checked by its bytes. */
  const readPaperForm = (req: FastifyRequest) => readPdfForm(app, req);

  /** The submitting author's paper, or one listing the caller as co-author (issue 17). */
  const authorsPaper = async (req: FastifyRequest<{ Params: { id: string } }>) => {
    const caller = await requireCaller(req, 'Author');
    const { paper, coAuthor } = await findPaperForAuthor(db, { paperId: PaperId.parse(req.params.id), caller });
    deny(canAuthorReadPaper(caller, paper, coAuthor));
    return { caller, paper: paper!, coAuthor };
  };

  app.get('/author/my-papers', CONTRACT.myPapers, async (req) => {
    const caller = await requireCaller(req, 'Author');
    const [user] = await db.select().from(users).where(eq(users.id, caller.id));
    const rows = await findPapersForAuthor(db, caller);
    return { user: toUserJson(user!), papers: await toPaperJson(db, secret, rows, { coAuthors: true, viewerId: caller.id, author: true }) };
  });

  app.post('/author/new-paper', CONTRACT.newPaper, async (req, reply) => {
    const caller = await requireCaller(req, 'Author');
    // After the submission deadline nothing is read or stored.
    if (isPast((await getSettingsRow(db))?.submissionDeadline)) throw new AppError('forbidden', MESSAGES.submissionsClosed);
    const { fields, file } = await readPaperForm(req);
    try {
      const parsed = NewPaperFields.parse({ title: fields.title?.[0], abstract: fields.abstract?.[0], keywords: fields.keywords ?? [] });
      if (!file) throw new AppError('bad_request', 'Please attach the paper as a PDF file');
      const coAuthors = parseCoAuthorsField(fields.coAuthors?.[0]);
      const paper = await createPaper(db, { authorId: caller.id, fields: parsed, file });
      if (coAuthors.length) await setCoAuthors(db, { paperId: paper.id, coAuthors });
      await recordAudit(db, { actorId: caller.id, actorRole: 'Author', action: 'paper.submit', paperId: paper.id, ip: req.ip, details: { title: paper.title } });
      const [json] = await toPaperJson(db, secret, [paper], { coAuthors: true, author: true });
      return reply.code(201).send({ message: MESSAGES.paperSubmitted, paper: json });
    } catch (err) {
      if (file) await discardFileIfUnused(db, app.files, file.key);
      throw err;
    }
  });

  app.get<{ Params: { id: string } }>('/author/paper/:id', CONTRACT.authorPaper, async (req) => {
    const { caller, paper } = await authorsPaper(req);
    const [json] = await toPaperJson(db, secret, [paper], { versions: true, coAuthors: true, viewerId: caller.id, author: true });
    return { paper: json, latestComment: await latestCommentOf(db, paper.id) };
  });

  app.patch<{ Params: { id: string } }>('/author/paper/:id', CONTRACT.patchAuthorPaper, async (req) => {
    const { caller, paper, coAuthor } = await authorsPaper(req);
    const { fields, file } = await readPaperForm(req);
    try {
      const { abstract } = UpdatePaperFields.parse({ abstract: fields.abstract?.[0] });
      // A co-author may upload a new (camera-ready) PDF; the abstract stays the submitting author's.
      if (abstract !== undefined) deny(canActAsSubmitter(caller, paper, coAuthor));
      if (abstract === undefined && !file) throw new AppError('bad_request', 'Nothing to save: change the abstract or choose a new PDF');
      const updated = await updatePaper(db, { paperId: paper.id, abstract, file });
      await recordAudit(db, { actorId: caller.id, actorRole: 'Author', action: 'paper.revise', paperId: paper.id, ip: req.ip, details: { abstract: abstract !== undefined, newPdf: Boolean(file) } });
      const [json] = await toPaperJson(db, secret, [updated], { versions: true, coAuthors: true, viewerId: caller.id, author: true });
      return { message: 'Paper saved', paper: json };
    } catch (err) {
      if (file) await discardFileIfUnused(db, app.files, file.key);
      throw err;
    }
  });
};

export default routes;
