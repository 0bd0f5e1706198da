import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { loadConfig } from '../config';
import { openToolDatabase, runTool, TargetError } from './database-target';
import { restoreBackup } from './restore';

/**
 * `npm run restore ARCHIVE`: bring a backup back into a fresh DATA_DIR (the embedded database) or an empty
 * database at DATABASE_URL (decision 0068). A database or DATA_DIR that holds anything is refused (exit code 2);
 * a damaged archive is refused before anything is written (exit code 1).
 */
async function main() {
  const archive = process.argv[2];
  if (!archive) throw new TargetError('Usage: npm run restore ARCHIVE (a .tar.gz made by npm run backup)', 1);
  const config = loadConfig(process.env, { signs: false });
  const database = await openToolDatabase(config, { refuseRunning: true });
  try {
    const r = await restoreBackup({
      archive: path.resolve(archive),
      pool: database.pool,
      fileStore: config.FILE_STORE,
      filesDir: path.join(config.DATA_DIR, 'files'),
      staging: path.join(config.DATA_DIR, `.restore-${process.pid}-${randomBytes(4).toString('hex')}`),
      log: (line) => console.log(line),
    });
    console.log(
      `Restored into ${database.location}: ${r.rows} rows, ${r.files} files${r.laterMigrations ? `, then ${r.laterMigrations} migrations of this release` : ''} (${(r.ms / 1000).toFixed(1)} s).`,
    );
  } finally {
    await database.close();
  }
}

runTool('Restore', main);
