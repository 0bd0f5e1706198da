import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import pg from 'pg';

/**
 * Each caller gets a fresh database, copied from the migrated template the global setup made on the run's
 * PostgreSQL server (tests/api/global-setup.ts: the embedded server, or TEST_DATABASE_URL's), and dropped by
 * the returned cleanup, so test files never see each other's rows.
 */
export async function freshPostgresUrl(opts: { migrated?: boolean } = {}): Promise<{ url: string; drop: () => Promise<void> }> {
  const { url: base, template } = inject('testDatabase');
  const name = `imse_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(base, opts.migrated === false ? `create database ${name}` : `create database ${name} template ${template}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(base, `drop database if exists ${name} with (force)`),
  };
}

async function adminQuery(base: string, text: string): Promise<void> {
  // Two workers copying the template at the same moment: PostgreSQL refuses the second for a moment.
  for (let attempt = 0; ; attempt++) {
    const admin = new pg.Client({ connectionString: base });
    admin.on('error', () => {});
    try {
      await admin.connect();
      await admin.query(text);
      return;
    } catch (e) {
      if (attempt >= 20 || !/being accessed by other users/.test((e as Error).message)) throw e;
      await new Promise((r) => setTimeout(r, 50 + attempt * 50));
    } finally {
      await admin.end().catch(() => {});
    }
  }
}
