import { eq, or } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { keynoteSpeakers, users } from '../db/schema';
import { AppError } from '../errors';
import { imageType } from '../storage/sniff';

const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;

  /** Profile and speaker photos: public, by content hash, served only if some row uses it as a photo. */
  app.get<{ Params: { key: string } }>('/photos/:key', async (req, reply) => {
    const key = req.params.key;
    if (!/^[0-9a-f]{64}$/.test(key)) throw new AppError('not_found', 'Photo not found');
    const [a] = await db.select({ k: users.photoKey }).from(users).where(eq(users.photoKey, key)).limit(1);
    const [b] = a ? [a] : await db.select({ k: keynoteSpeakers.photoKey }).from(keynoteSpeakers)
      .where(or(eq(keynoteSpeakers.photoKey, key))).limit(1);
    if (!b || !(await app.files.exists(key))) throw new AppError('not_found', 'Photo not found');
    const stream = app.files.get(key);
    const head: Buffer = await new Promise((resolve, reject) => {
      stream.once('readable', () => {
        const chunk = (stream.read(16) as Buffer | null) ?? Buffer.alloc(0);
        stream.unshift(chunk);
        resolve(chunk);
      });
      stream.once('error', reject);
    });
    return reply
      .header('content-type', imageType(head) ?? 'application/octet-stream')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'")
      .send(stream);
  });
};

export default routes;
