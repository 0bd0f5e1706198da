import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { keynoteSpeakers, paperFiles, users } from '../db/schema';
import { verifyPdfSignature } from '../storage/signed-url';
import { AppError } from '../errors';
import { getSettingsRow } from '../services/settings';
import { imageType } from '../storage/sniff';
import { CONTRACT } from './contract';

const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;

  /** A paper's PDF, through a signed, time-limited link only (PDFs are never public). */
  app.get<{ Params: { fileId: string }; Querystring: { expires?: string; sig?: string } }>('/files/:fileId', CONTRACT.pdf, async (req, reply) => {
    const { fileId } = req.params;
    const check = verifyPdfSignature(app.config.JWT_SECRET, fileId, req.query.expires ?? '', req.query.sig ?? '');
    if (check === 'bad') throw new AppError('forbidden', 'This PDF link is not valid');
    if (check === 'expired') throw new AppError('forbidden', 'This PDF link has expired: open the paper again to get a new one');
    const [file] = await db.select().from(paperFiles).where(eq(paperFiles.id, fileId)).limit(1);
    if (!file || !(await app.files.exists(file.storageKey))) throw new AppError('not_found', 'PDF not found');
    // Under blind review the author's own file name (often their name) is not passed on.
    const blind = (await getSettingsRow(db))?.blindReview;
    const safeName = blind ? `paper-${file.paperId}-v${file.version}.pdf`
      : (file.fileName.replace(/[^A-Za-z0-9._ -]+/g, '_').replace(/^\.+/, '').slice(0, 100) || 'paper').replace(/(\.pdf)?$/i, '.pdf');
    return reply
      .header('content-type', 'application/pdf')
      .header('content-length', String(file.size))
      .header('content-disposition', `inline; filename="${safeName}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=900')
      .send(app.files.get(file.storageKey));
  });

  /** Profile and speaker photos: public, by content hash, served only if some row uses it as a photo. */
  app.get<{ Params: { key: string } }>('/photos/:key', CONTRACT.photo, async (req, reply) => {
    const key = req.params.key;
    if (!/^[0-9a-f]{64}$/.test(key)) throw new AppError('not_found', 'Photo not found');
    const [user] = await db.select({ k: users.photoKey }).from(users).where(eq(users.photoKey, key)).limit(1);
    const [speaker] = user ? [user] : await db.select({ k: keynoteSpeakers.photoKey }).from(keynoteSpeakers).where(eq(keynoteSpeakers.photoKey, key)).limit(1);
    if (!speaker || !(await app.files.exists(key))) throw new AppError('not_found', 'Photo not found');
    const type = imageType(await app.files.head(key, 16));
    if (!type) throw new AppError('not_found', 'Photo not found');
    return reply
      .header('content-type', type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'")
      .send(app.files.get(key));
  });
};

export default routes;
