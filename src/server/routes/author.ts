import type { FastifyPluginAsync } from 'fastify';
import { MESSAGES } from '../../core/messages';
import { PaperId } from '../../core/schemas/common';
import { NewPaperFields, UpdatePaperFields } from '../../core/schemas/paper';
import { requireCaller } from '../auth/caller';
import { checkSubmissionsOpen, findAuthorPaper, getAuthorPaper, listAuthorPapers, reviseAuthorPaper, submitPaper } from '../services/submissions/author-papers';
import { findMetadataWarning } from '../services/shared/blind-pdf';
import { discardOnFailure } from '../services/shared/discard-file';
import { readPdfForm } from '../http/pdf-form';
import { CONTRACT } from './contract';

const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const secret = app.config.JWT_SECRET;

  app.get('/author/my-papers', CONTRACT.myPapers, async (req) => {
    const caller = await requireCaller(req, 'Author');
    return listAuthorPapers({ db, secret, caller });
  });

  app.post('/author/new-paper', CONTRACT.newPaper, async (req, reply) => {
    const caller = await requireCaller(req, 'Author');
    // After the submission deadline nothing is read or stored.
    await checkSubmissionsOpen({ db });
    const { fields, file } = await readPdfForm(app, req);
    const { paper, metadataWarning } = await discardOnFailure({ db, store: app.files, key: file?.key }, async () => {
      const input = NewPaperFields.parse({ title: fields.title?.[0], abstract: fields.abstract?.[0], keywords: fields.keywords ?? [] });
      // Read before anything is written: a failure here leaves no paper behind.
      const warning = await findMetadataWarning({ files: app.files, key: file?.key, person: caller });
      return { paper: await submitPaper({ db, secret, author: { id: caller.id, ip: req.ip }, fields: input, coAuthorsField: fields.coAuthors?.[0], file }), metadataWarning: warning };
    });
    return reply.code(201).send({ message: MESSAGES.paperSubmitted, paper, ...(metadataWarning ? { metadataWarning } : {}) });
  });

  app.get<{ Params: { id: string } }>('/author/paper/:id', CONTRACT.authorPaper, async (req) => {
    const caller = await requireCaller(req, 'Author');
    return getAuthorPaper({ db, secret, caller, paperId: PaperId.parse(req.params.id) });
  });

  app.patch<{ Params: { id: string } }>('/author/paper/:id', CONTRACT.patchAuthorPaper, async (req) => {
    const caller = await requireCaller(req, 'Author');
    // Whose paper it is comes before the upload is read.
    const { paper, coAuthor } = await findAuthorPaper({ db, caller, paperId: PaperId.parse(req.params.id) });
    const { fields, file } = await readPdfForm(app, req);
    const { json, metadataWarning } = await discardOnFailure({ db, store: app.files, key: file?.key }, async () => {
      const { abstract } = UpdatePaperFields.parse({ abstract: fields.abstract?.[0] });
      const warning = await findMetadataWarning({ files: app.files, key: file?.key, person: caller });
      return { json: await reviseAuthorPaper({ db, secret, caller, ip: req.ip, paper, coAuthor, abstract, file }), metadataWarning: warning };
    });
    return { message: 'Paper saved', paper: json, ...(metadataWarning ? { metadataWarning } : {}) };
  });
};

export default routes;
