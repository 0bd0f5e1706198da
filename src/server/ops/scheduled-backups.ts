import path from 'node:path';
import type pg from 'pg';
import type { Config } from '../config';
import { BACKUP_SCHEDULE_LOCK } from '../storage/backup-lock';
import { createBackup, newestBackupAt, pruneBackups, type BackupResult } from './backup';

/**
 * BACKUP_EVERY hours, a backup into BACKUP_DIR, then the archives past the newest BACKUP_KEEP go (decision 0068).
 * Every instance checks now and then; the one that takes the advisory lock looks at BACKUP_DIR's newest archive
 * and backs up when it is old enough, so instances sharing a database and a BACKUP_DIR take one backup, not one each.
 */
export function scheduleBackups(opts: {
  config: Pick<Config, 'BACKUP_DIR' | 'BACKUP_EVERY' | 'BACKUP_KEEP' | 'FILE_STORE' | 'DATA_DIR'>;
  pool: pg.Pool;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  now?: () => Date;
}): { stop(): Promise<void> } {
  const everyMs = opts.config.BACKUP_EVERY * 3600_000;
  const now = opts.now ?? (() => new Date());
  let running: Promise<void> | undefined;
  const tick = async () => {
    const client = await opts.pool.connect();
    try {
      const { rows } = await client.query<{ got: boolean }>('select pg_try_advisory_lock($1) as got', [BACKUP_SCHEDULE_LOCK]);
      if (!rows[0]?.got) return;
      try {
        const newest = await newestBackupAt(opts.config.BACKUP_DIR);
        if (newest && now().getTime() - newest.getTime() < everyMs) return;
        const r: BackupResult = await createBackup({
          pool: opts.pool,
          fileStore: opts.config.FILE_STORE,
          filesDir: path.join(opts.config.DATA_DIR, 'files'),
          backupDir: opts.config.BACKUP_DIR,
          now,
        });
        const removed = await pruneBackups(opts.config.BACKUP_DIR, opts.config.BACKUP_KEEP);
        opts.log.info({ file: r.file, bytes: r.bytes, ms: r.ms, missingFiles: r.missingFiles, removed }, 'scheduled backup written');
      } finally {
        await client.query('select pg_advisory_unlock($1)', [BACKUP_SCHEDULE_LOCK]).catch(() => {});
      }
    } finally {
      client.release();
    }
  };
  const run = () => {
    if (running) return;
    running = tick()
      .catch((err: unknown) => opts.log.error({ err: (err as Error).message }, 'scheduled backup failed'))
      .finally(() => {
        running = undefined;
      });
  };
  // Checked at most every 10 minutes (sooner for short periods), and once soon after start.
  const timer = setInterval(run, Math.min(everyMs, 10 * 60_000));
  timer.unref();
  const first = setTimeout(run, Math.min(everyMs, 30_000));
  first.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      clearTimeout(first);
      await running;
    },
  };
}
