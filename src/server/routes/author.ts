import type { FastifyPluginAsync } from 'fastify';
import { SUBMISSIONS } from '../../core/api/submissions';
import { MESSAGES } from '../../core/messages';
import { NewPaperFields, UpdatePaperFields } from '../../core/schemas/paper';
import { defineRoute } from '../http/route';
import { readPdfForm } from '../http/pdf-form';
import { checkSubmissionsOpen, findAuthorPaper, getAuthorPaper, listAuthorPapers, reviseAuthorPaper, submitPaper } from '../services/submissions/author-papers';
import { findMetadataWarning } from '../services/shared/blind-pdf';
import { discardOnFailure } from '../services/shared/discard-file';

const AUTHOR = ['Author'] as const;

/** An author's papers: the list, a new submission, one paper, and its revision. */
const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const secret = app.config.JWT_SECRET;
  /** The paper a revision's guard found, for its handler (the guard runs before the upload is read). */

  defineRoute(app, SUBMISSIONS.listMyPapers, { access: AUTHOR, handler: ({ caller }) => listAuthorPapers({ db, secret, caller }) });

  defineRoute(app, SUBMISSIONS.submitPaper, {
    access: AUTHOR,
    // After the submission deadline nothing is read or stored.
    guard: () => checkSubmissionsOpen({ db }),
    handler: async ({ req, caller }) => {
      const { fields, file } = await readPdfForm(app, req);
      const { paper, metadataWarning } = await discardOnFailure({ db, store: app.files, key: file?.key }, async () => {
        const input = NewPaperFields.parse({ title: fields.title?.[0], abstract: fields.abstract?.[0], keywords: fields.keywords ?? [], track: fields.track?.[0] || undefined, freeKeywords: fields.freeKeywords ?? [] });
        // Read before anything is written: a failure here leaves no paper behind.
        const warning = await findMetadataWarning({ files: app.files, key: file?.key, person: caller });
        return { paper: await submitPaper({ db, secret, author: { id: caller.id, ip: req.ip }, fields: input, coAuthorsField: fields.coAuthors?.[0], file }), metadataWarning: warning };
      });
      return { message: MESSAGES.paperSubmitted, paper, ...(metadataWarning ? { metadataWarning } : {}) };
    },
  });

  defineRoute(app, SUBMISSIONS.getMyPaper, {
    access: AUTHOR,
    handler: ({ caller, params }) => getAuthorPaper({ db, secret, caller, paperId: params.id }),
  });

  defineRoute(app, SUBMISSIONS.revisePaper, {
    access: AUTHOR,
    // Whose paper it is comes before the upload is read (the path is not validated yet: parsed here).
    guard: async (req, caller) => {
      const { id } = SUBMISSIONS.revisePaper.params.parse(req.params);
      return findAuthorPaper({ db, caller, paperId: id });
    },
    handler: async ({ req, caller, guarded: { paper, coAuthor } }) => {
      const { fields, file } = await readPdfForm(app, req);
      const { json, metadataWarning } = await discardOnFailure({ db, store: app.files, key: file?.key }, async () => {
        const { abstract } = UpdatePaperFields.parse({ abstract: fields.abstract?.[0] });
        const warning = await findMetadataWarning({ files: app.files, key: file?.key, person: caller });
        return { json: await reviseAuthorPaper({ db, secret, caller, ip: req.ip, paper, coAuthor, abstract, file }), metadataWarning: warning };
      });
      return { message: 'Paper saved', paper: json, ...(metadataWarning ? { metadataWarning } : {}) };
    },
  });
};

export default routes;
