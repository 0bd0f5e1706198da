import type { FastifyPluginAsync, FastifyInstance } from 'fastify';
import { SUBMISSIONS } from '../../core/api/submissions';
import { MESSAGES, REVISION_MESSAGES } from '../../core/messages';
import { NewPaperFields, UpdatePaperFields } from '../../core/schemas/paper';
import { AppError } from '../errors';
import { readPdfForm } from '../http/pdf-form';
import { defineRoute } from '../http/route';
import { findMetadataWarning } from '../services/shared/blind-pdf';
import { discardOnFailure } from '../services/shared/discard-file';
import { findPaperPdf, findPhoto } from '../services/shared/serve-files';
import {
  checkSubmissionsOpen,
  findAuthorPaper,
  findPaperForCameraReady,
  getAuthorPaper,
  listAuthorPapers,
  reviseAuthorPaper,
  submitCameraReady,
  submitPaper,
} from '../services/submissions/author-papers';
import { withdrawPaper } from '../services/submissions/withdraw-paper';
import { preflightNewPaper, preflightNewVersion, refuseBlocked } from '../services/submissions/preflight';
import { parseCoAuthorsField } from '../../core/schemas/accounts';
import { verifyPdfSignature, type PdfVariant } from '../storage/signed-url';

const AUTHOR = ['Author'] as const;

/**
 * A repeated field of a revision: absent, left as it is; sent, the list replaces the old one, where an empty value
 * alone stands for the empty list (a form cannot send a field zero times and say so).
 */
const listField = (values: string[] | undefined): string[] | undefined =>
  values === undefined ? undefined : values.filter((v, _, all) => !(all.length === 1 && v === ''));

/** An author's papers: the list, a new submission, one paper, its revision and its withdrawal. */
async function authorRoutes(app: FastifyInstance) {
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
      const { paper, metadataWarning, preflightWarnings } = await discardOnFailure({
        db,
        store: app.files,
        key: file?.key,
        work: async () => {
          const input = NewPaperFields.parse({
            title: fields.title?.[0],
            abstract: fields.abstract?.[0],
            keywords: fields.keywords ?? [],
            track: fields.track?.[0] || undefined,
            freeKeywords: fields.freeKeywords ?? [],
          });
          // Read before anything is written: a failure here leaves no paper behind.
          const warning = await findMetadataWarning({ files: app.files, key: file?.key, person: caller });
          // Decision 0072: the track's rules checked again; a blocking finding refuses the paper (400).
          const preflight = file
            ? refuseBlocked(
                await preflightNewPaper({
                  db,
                  files: app.files,
                  caller,
                  file,
                  trackId: input.track,
                  coAuthors: parseCoAuthorsField(fields.coAuthors?.[0]),
                }),
              )
            : undefined;
          const author = { id: caller.id, ip: req.ip, name: caller.name, email: caller.email };
          return {
            paper: await submitPaper({
              db,
              secret,
              mailer: app.mailer,
              publicUrl: app.config.publicUrl,
              author,
              fields: input,
              coAuthorsField: fields.coAuthors?.[0],
              file,
              preflight,
            }),
            metadataWarning: warning,
            preflightWarnings: preflight,
          };
        },
      });
      return {
        message: MESSAGES.paperSubmitted,
        paper,
        ...(metadataWarning ? { metadataWarning } : {}),
        ...(preflightWarnings ? { preflightWarnings } : {}),
      };
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
      const { json, metadataWarning, preflightWarnings } = await discardOnFailure({
        db,
        store: app.files,
        key: file?.key,
        work: async () => {
          const changes = UpdatePaperFields.parse({
            title: fields.title?.[0],
            abstract: fields.abstract?.[0],
            track: fields.track?.[0],
            keywords: listField(fields.keywords),
            freeKeywords: listField(fields.freeKeywords),
          });
          const warning = await findMetadataWarning({ files: app.files, key: file?.key, person: caller });
          // Decision 0072: every new version is checked against the track's rules as the first was.
          const preflight =
            file && !paper.withdrawnAt ? refuseBlocked(await preflightNewVersion({ db, files: app.files, paper, file })) : undefined;
          return {
            json: await reviseAuthorPaper({ db, secret, caller, ip: req.ip, paper, coAuthor, fields: changes, file, preflight }),
            metadataWarning: warning,
            preflightWarnings: preflight,
          };
        },
      });
      return {
        message: REVISION_MESSAGES.paperSaved,
        paper: json,
        ...(metadataWarning ? { metadataWarning } : {}),
        ...(preflightWarnings ? { preflightWarnings } : {}),
      };
    },
  });

  defineRoute(app, SUBMISSIONS.withdrawPaper, {
    access: AUTHOR,
    handler: async ({ req, caller, params }) => ({
      message: REVISION_MESSAGES.paperWithdrawn,
      paper: await withdrawPaper({ db, secret, mailer: app.mailer, caller, ip: req.ip, paperId: params.id }),
    }),
  });

  // Camera-ready
  defineRoute(app, SUBMISSIONS.uploadCameraReady, {
    access: AUTHOR,
    // Whose paper it is, and whether it may take a camera-ready version now, come before the upload is read.
    guard: async (req, caller) => {
      const { id } = SUBMISSIONS.uploadCameraReady.params.parse(req.params);
      return findPaperForCameraReady({ db, caller, paperId: id });
    },
    handler: async ({ req, caller, guarded: paper }) => {
      const { file } = await readPdfForm(app, req);
      const { json, metadataWarning } = await discardOnFailure({
        db,
        store: app.files,
        key: file?.key,
        work: async () => {
          const warning = await findMetadataWarning({ files: app.files, key: file?.key, person: caller });
          return {
            json: await submitCameraReady({ db, secret, author: { id: caller.id, ip: req.ip }, paper, file }),
            metadataWarning: warning,
          };
        },
      });
      return { message: 'Camera-ready version uploaded', paper: json, ...(metadataWarning ? { metadataWarning } : {}) };
    },
  });
}

/** Files the site links to: papers' PDFs (signed links only) and photos. No token: the link decides. */
async function fileRoutes(app: FastifyInstance) {
  const { db } = app.database;

  /** A paper's PDF, through a signed, time-limited link only (PDFs are never public). */
  defineRoute(app, SUBMISSIONS.getPaperPdf, {
    access: 'public',
    handler: async ({ params: { fileId }, query, reply }) => {
      const { variant } = query;
      const check = verifyPdfSignature(app.config.JWT_SECRET, { fileId, expires: query.expires ?? '', sig: query.sig ?? '', variant });
      if (check === 'bad') throw new AppError('forbidden', 'This PDF link is not valid');
      if (check === 'expired') throw new AppError('forbidden', 'This PDF link has expired: open the paper again to get a new one');
      const file = await findPaperPdf({ db, files: app.files, fileId, variant: variant as PdfVariant | undefined });
      if (file.size !== undefined) reply.header('content-length', String(file.size));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${file.fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=900')
        .send(app.files.get(file.storageKey));
    },
  });

  /** Profile and speaker photos: public, by content hash, served only if some row uses it as a photo. */
  defineRoute(app, SUBMISSIONS.getPhoto, {
    access: 'public',
    handler: async ({ params: { key }, reply }) => {
      const { type } = await findPhoto({ db, files: app.files, key });
      return reply
        .header('content-type', type)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'")
        .send(app.files.get(key));
    },
  });
}

const routes: FastifyPluginAsync = async (app) => {
  await authorRoutes(app);
  await fileRoutes(app);
};

export default routes;
