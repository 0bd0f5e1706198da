import type { FastifyPluginAsync } from 'fastify';
import { PREFLIGHT } from '../../core/api/preflight';
import { parseCoAuthorsField } from '../../core/schemas/accounts';
import { AppError } from '../errors';
import { readPdfForm } from '../http/pdf-form';
import { defineRoute } from '../http/route';
import { discardFileIfUnused } from '../services/shared/discard-file';
import { checkSubmissionsOpen, findAuthorPaper } from '../services/submissions/author-papers';
import { getPaper } from '../services/submissions/papers';
import {
  getFormatReport,
  getTrackPreflight,
  preflightNewPaper,
  preflightNewVersion,
  saveTrackPreflight,
} from '../services/submissions/preflight';
import { chairPaperGuard, EDITOR_OR_CHAIR } from './chair-access';

const AUTHOR = ['Author'] as const;

/** Decision 0072: the author's check of a PDF before sending it, the chair's rules per track, and the format report. */
const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const files = app.files;

  /** The PDF is stored only for the check and dropped after it (unless some row already uses the same file). */
  const checkUpload = async <T>(
    req: Parameters<typeof readPdfForm>[1],
    work: (fields: Record<string, string[]>, file: { key: string; size: number }) => Promise<T>,
  ) => {
    const { fields, file } = await readPdfForm(app, req);
    if (!file) throw new AppError('bad_request', 'Please attach the paper as a PDF file');
    try {
      return await work(fields, file);
    } finally {
      await discardFileIfUnused({ db, store: files, key: file.key }).catch(() => {});
    }
  };

  defineRoute(app, PREFLIGHT.preflightNewPaper, {
    access: AUTHOR,
    guard: () => checkSubmissionsOpen({ db }),
    handler: ({ req, caller }) =>
      checkUpload(req, (fields, file) =>
        preflightNewPaper({
          db,
          files,
          caller,
          file,
          trackId: fields.track?.[0] || undefined,
          coAuthors: parseCoAuthorsField(fields.coAuthors?.[0]),
        }),
      ),
  });

  defineRoute(app, PREFLIGHT.preflightNewVersion, {
    access: AUTHOR,
    // Whose paper it is comes before the upload is read (the path is parsed here: it is not validated yet).
    guard: async (req, caller) => {
      const { id } = PREFLIGHT.preflightNewVersion.params.parse(req.params);
      return findAuthorPaper({ db, caller, paperId: id });
    },
    handler: ({ req, guarded: { paper } }) => checkUpload(req, (_, file) => preflightNewVersion({ db, files, paper, file })),
  });

  defineRoute(app, PREFLIGHT.getTrackPreflight, {
    access: EDITOR_OR_CHAIR,
    handler: ({ caller, params }) => getTrackPreflight({ db, caller, trackId: params.trackId }),
  });

  defineRoute(app, PREFLIGHT.saveTrackPreflight, {
    access: EDITOR_OR_CHAIR,
    handler: ({ req, caller, params, body }) =>
      saveTrackPreflight({ db, caller, actor: { id: caller.id, ip: req.ip }, trackId: params.trackId, rules: body.rules }),
  });

  defineRoute(app, PREFLIGHT.getFormatReport, {
    access: EDITOR_OR_CHAIR,
    guard: chairPaperGuard(db, PREFLIGHT.getFormatReport.params, { seesReviewers: true }),
    handler: async ({ params }) => {
      await getPaper({ db, paperId: params.paperId });
      return getFormatReport({ db, paperId: params.paperId });
    },
  });
};

export default routes;
