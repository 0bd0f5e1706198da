import type { FastifyPluginAsync } from 'fastify';
import { SUBMISSIONS } from '../../core/api/submissions';
import { AppError } from '../errors';
import { defineRoute } from '../http/route';
import { findPaperPdf, findPhoto } from '../services/shared/serve-files';
import { verifyPdfSignature, type PdfVariant } from '../storage/signed-url';

/** Files the site links to: papers' PDFs (signed links only) and photos. No token: the link decides. */
const routes: FastifyPluginAsync = async (app) => {
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
};

export default routes;
