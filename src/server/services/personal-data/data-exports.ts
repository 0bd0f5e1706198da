import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import ZipStream from 'zip-stream';
import { newId } from '../../../core/ids';
import { DATA_EXPORT_LINK_BAD } from '../../../core/schemas/personal-data';
import type { Db } from '../../db/connect';
import { dataExports, users } from '../../db/schema';
import { AppError } from '../../errors';
import type { Mailer } from '../../mail/send';
import type { FileStore } from '../../storage/file-store';
import { recordAudit } from '../shared/audit';
import { discardFileIfUnused } from '../shared/discard-file';
import { collectPersonalData } from './collect-personal-data';

/** How long the mailed link works (decision 0071): a day, once. */
export const DATA_EXPORT_TTL_MS = 24 * 60 * 60 * 1000;
/** A claimed export not finished in this time is taken up again (its instance died). */
const LEASE_MS = 10 * 60 * 1000;
const MAX_ATTEMPTS = 3;

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Ask for a download of everything held about the caller: queued for the background worker, which mails a link
 * when it is ready. One at a time: while one is being made, asking again changes nothing.
 */
export async function requestDataExport(opts: {
  db: Db;
  userId: string;
  role: string;
  ip?: string;
}): Promise<{ exportId: string; queued: boolean }> {
  return opts.db.transaction(async (tx) => {
    // One request at a time per account, on every instance.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('data-export'), hashtext(${opts.userId}))`);
    const [pending] = await tx
      .select({ id: dataExports.id })
      .from(dataExports)
      .where(and(eq(dataExports.userId, opts.userId), inArray(dataExports.status, ['queued', 'working'])));
    if (pending) return { exportId: pending.id, queued: false };
    const exportId = newId();
    await tx.insert(dataExports).values({ id: exportId, userId: opts.userId });
    await recordAudit(tx, {
      actorId: opts.userId,
      actorRole: opts.role,
      action: 'data.export-request',
      ip: opts.ip,
      details: { exportId },
    });
    return { exportId, queued: true };
  });
}

/** The zip of a person's data: one JSON document per part, then their stored files. */
function zipPersonalData(files: FileStore, data: Awaited<ReturnType<typeof collectPersonalData>>): Readable {
  const zip = new ZipStream({ zlib: { level: 6 } });
  const add = (source: Readable | string, name: string, store: boolean) =>
    new Promise<void>((resolve, reject) => {
      if (typeof source !== 'string') source.once('error', reject);
      zip.entry(source, { name, store }, (err) => (err ? reject(err) : resolve()));
    });
  void (async () => {
    await add(
      'This archive holds everything the conference system stores about your account, as JSON documents, and your files.\n',
      'README.txt',
      false,
    );
    for (const [name, value] of Object.entries(data.parts)) await add(JSON.stringify(value, null, 2), name, false);
    for (const f of data.files) await add(files.get(f.key), f.name, true);
    zip.finalize();
  })().catch((err: unknown) => zip.destroy(err instanceof Error ? err : new Error(String(err))));
  return zip;
}

/**
 * The background worker's pass (decision 0071): make every queued export, store its zip in the file store and mail
 * its owner a link; then remove the zips of used or expired links. Instances share the rows through SKIP LOCKED, as
 * the mail queue does. Returns how many exports it made.
 */
export async function runDataExports(opts: { db: Db; files: FileStore; mailer: Mailer; publicUrl: string }): Promise<number> {
  const { db } = opts;
  let made = 0;
  for (;;) {
    const claimed = (await db.execute(sql`
      update data_exports set status = 'working', claimed_at = now(), attempts = attempts + 1
      where id = (
        select id from data_exports
        where status = 'queued' or (status = 'working' and claimed_at < now() - make_interval(secs => ${LEASE_MS / 1000}))
        order by requested_at for update skip locked limit 1)
      returning id, user_id as "userId", attempts`)) as unknown as { rows: Array<{ id: string; userId: string; attempts: number }> };
    const job = claimed.rows[0];
    if (!job) break;
    try {
      await makeExport(opts, job);
      made += 1;
    } catch (err) {
      await db
        .update(dataExports)
        .set({ status: job.attempts >= MAX_ATTEMPTS ? 'failed' : 'queued', error: String((err as Error).message ?? err).slice(0, 500) })
        .where(eq(dataExports.id, job.id));
      if (job.attempts >= MAX_ATTEMPTS) continue;
      throw err;
    }
  }
  await removeSpentExports(opts);
  return made;
}

async function makeExport(opts: { db: Db; files: FileStore; mailer: Mailer; publicUrl: string }, job: { id: string; userId: string }) {
  const { db } = opts;
  const [user] = await db.select().from(users).where(eq(users.id, job.userId));
  if (!user) return;
  const data = await collectPersonalData(db, { id: user.id, email: user.email.toLowerCase() });
  const stored = await opts.files.put(zipPersonalData(opts.files, data));
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    await tx
      .update(dataExports)
      .set({
        status: 'ready',
        storageKey: stored.key,
        size: stored.size,
        tokenHash: hashOf(token),
        expiresAt: new Date(Date.now() + DATA_EXPORT_TTL_MS),
        error: null,
      })
      .where(eq(dataExports.id, job.id));
    await opts.mailer.send({
      tx,
      to: user.email,
      template: 'dataExportReady',
      values: {
        name: user.name,
        role: user.role,
        hours: String(DATA_EXPORT_TTL_MS / 3_600_000),
        downloadUrl: `${opts.publicUrl}/account/data?download=${token}`,
      },
    });
  });
}

/** Zips whose link was used (an hour ago: a download may still be reading it) or has expired leave the file store. */
async function removeSpentExports(opts: { db: Db; files: FileStore }): Promise<void> {
  const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
  const spent = await opts.db
    .select({ id: dataExports.id, key: dataExports.storageKey })
    .from(dataExports)
    .where(
      and(
        isNotNull(dataExports.storageKey),
        or(lt(dataExports.downloadedAt, hourAgo), lt(dataExports.expiresAt, new Date()), eq(dataExports.status, 'failed')),
      ),
    );
  for (const row of spent) {
    await opts.db.update(dataExports).set({ storageKey: null }).where(eq(dataExports.id, row.id));
    if (row.key) await discardFileIfUnused({ db: opts.db, store: opts.files, key: row.key });
  }
}

/**
 * Use a mailed download link once: only its owner, signed in, within its time. Anything else (another account, a
 * second use, an expired or unknown link) is one answer. Returns the zip's key and size.
 */
export async function takeDataExport(opts: {
  db: Db;
  userId: string;
  role: string;
  token: string;
  ip?: string;
}): Promise<{ key: string; size: number; exportId: string }> {
  return opts.db.transaction(async (tx) => {
    const [row] = await tx
      .update(dataExports)
      .set({ downloadedAt: new Date() })
      .where(
        and(
          eq(dataExports.tokenHash, hashOf(opts.token)),
          eq(dataExports.userId, opts.userId),
          eq(dataExports.status, 'ready'),
          isNull(dataExports.downloadedAt),
          gt(dataExports.expiresAt, sql`now()`),
          isNotNull(dataExports.storageKey),
        ),
      )
      .returning({ id: dataExports.id, key: dataExports.storageKey, size: dataExports.size });
    if (!row?.key) throw new AppError('not_found', DATA_EXPORT_LINK_BAD);
    await recordAudit(tx, {
      actorId: opts.userId,
      actorRole: opts.role,
      action: 'data.export-download',
      ip: opts.ip,
      details: { exportId: row.id },
    });
    return { key: row.key, size: row.size ?? 0, exportId: row.id };
  });
}
