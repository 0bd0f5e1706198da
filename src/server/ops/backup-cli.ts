import path from 'node:path';
import { loadConfig } from '../config';
import { createBackup } from './backup';
import { openToolDatabase, runTool } from './database-target';

/**
 * `npm run backup [FOLDER]`: one archive of the database and the files, taken while the server runs (decision
 * 0068), written to FOLDER or BACKUP_DIR (default DATA_DIR/backups). Same settings as the server: DATA_DIR,
 * DATABASE_URL, FILE_STORE.
 */
async function main() {
  const config = loadConfig(process.env, { signs: false });
  const backupDir = process.argv[2] ? path.resolve(process.argv[2]) : config.BACKUP_DIR;
  const database = await openToolDatabase(config, { mustExist: true });
  try {
    const r = await createBackup({
      pool: database.pool,
      fileStore: config.FILE_STORE,
      filesDir: path.join(config.DATA_DIR, 'files'),
      backupDir,
    });
    const mb = (r.bytes / 1024 / 1024).toFixed(1);
    console.log(`Backup written: ${r.file} (${mb} MB: ${r.rows} rows, ${r.files} files, ${(r.ms / 1000).toFixed(1)} s).`);
    if (r.missingFiles)
      console.warn(
        `Warning: ${r.missingFiles} files named by the database were not in ${path.join(config.DATA_DIR, 'files')}; the manifest lists them.`,
      );
  } finally {
    await database.close();
  }
}

runTool('Backup', main);
