import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../core/messages';
import { PaperId } from '../../core/schemas/common';
import { NewPaperFields, UpdatePaperFields } from '../../core/schemas/paper';
import { deny, requireCaller } from '../auth/caller';
import { papers, users } from '../db/schema';
import { AppError } from '../errors';
import { canAuthorReadPaper } from '../permissions';
import { createPaper } from '../services/create-paper';
import { discardFileIfUnused } from '../services/discard-file';
import { latestCommentOf, toPaperJson } from '../services/paper-json';
import { updatePaper } from '../services/update-paper';
import { readMultipart, storeUpload } from '../services/upload';
import { toUserJson } from '../services/user-json';
import { isPdf } from '../storage/sniff';

const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const secret = app.config.JWT_SECRET;
  const maxBytes = Math.floor(app.config.MAX_UPLOAD_MB * 1024 * 1024);

  /** Stream the multipart body; the PDF goes to the store and is checked by its bytes. */
  const readPaperForm = async (req: FastifyRequest) => {
    if (!req.isMultipart()) throw new AppError('bad_request', 'Send the paper as multipart/form-data');
    return readMultipart(req.parts(), (part) => {
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw new AppError('bad_request', 'The PDF must be sent in the field `file`');
      }
      return storeUpload(app.files, part, {
        maxBytes,
        tooLarge: `The PDF is too large (at most ${app.config.MAX_UPLOAD_MB} MB)`,
        check: (head) => (isPdf(head) ? null : 'The file is not a PDF'),
      });
    }, (key) => discardFileIfUnused(db, app.files, key), req.raw);
  };

  const ownPaper = async (req: FastifyRequest<{ Params: { id: string } }>) => {
    const caller = await requireCaller(req, 'Author');
    const id = PaperId.parse(req.params.id);
    const [paper] = await db.select().from(papers).where(eq(papers.id, id)).limit(1);
    deny(canAuthorReadPaper(caller, paper));
    return paper!;
  };

  app.get('/author/my-papers', async (req) => {
    const caller = await requireCaller(req, 'Author');
    const [user] = await db.select().from(users).where(eq(users.id, caller.id));
    const rows = await db.select().from(papers).where(eq(papers.authorId, caller.id)).orderBy(desc(papers.id));
    return { user: toUserJson(user!), papers: await toPaperJson(db, secret, rows) };
  });

  app.post('/author/new-paper', async (req, reply) => {
    const caller = await requireCaller(req, 'Author');
    const { fields, file } = await readPaperForm(req);
    try {
      const parsed = NewPaperFields.parse({ title: fields.title?.[0], abstract: fields.abstract?.[0], keywords: fields.keywords ?? [] });
      if (!file) throw new AppError('bad_request', 'Please attach the paper as a PDF file');
      const paper = await createPaper(db, { authorId: caller.id, fields: parsed, file });
      const [json] = await toPaperJson(db, secret, [paper]);
      return reply.code(201).send({ message: MESSAGES.paperSubmitted, paper: json });
    } catch (err) {
      if (file) await discardFileIfUnused(db, app.files, file.key);
      throw err;
    }
  });

  app.get<{ Params: { id: string } }>('/author/paper/:id', async (req) => {
    const paper = await ownPaper(req);
    const [json] = await toPaperJson(db, secret, [paper], { versions: true });
    return { paper: json, latestComment: await latestCommentOf(db, paper.id) };
  });

  app.patch<{ Params: { id: string } }>('/author/paper/:id', async (req) => {
    const paper = await ownPaper(req);
    const { fields, file } = await readPaperForm(req);
    try {
      const { abstract } = UpdatePaperFields.parse({ abstract: fields.abstract?.[0] });
      if (abstract === undefined && !file) throw new AppError('bad_request', 'Nothing to save: change the abstract or choose a new PDF');
      const updated = await updatePaper(db, { paperId: paper.id, abstract, file });
      const [json] = await toPaperJson(db, secret, [updated], { versions: true });
      return { message: 'Paper saved', paper: json };
    } catch (err) {
      if (file) await discardFileIfUnused(db, app.files, file.key);
      throw err;
    }
  });
};

export default routes;
