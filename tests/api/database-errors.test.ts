import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_FULL, isInsufficientResources, loggableError, loggableRequest, sqlState } from '../../src/server/errors';
import { outOfSpaceMessage } from '../../src/server/disk-space';
import { startTestApp, type TestApp } from '../support/app';
import { uniqueAddress } from '../support/users';

// docs/product.md#validation-and-messages: a database out of disk is a 503 like the file store's, and log lines never carry what users sent.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** What a pino logger configured like the app's writes for one error, as text. */
function logLine(err: unknown, req?: Parameters<typeof loggableRequest>[0]): string {
  let out = '';
  const sink = new Writable({
    write(chunk, _enc, done) {
      out += String(chunk);
      done();
    },
  });
  const log = pino({ serializers: { req: loggableRequest } }, sink);
  log.error({ err: loggableError(err), ...(req ? { req } : {}) }, 'request failed');
  return out;
}

describe('database errors', () => {
  it('a real SQLSTATE 53100 (disk full) maps to insufficient resources, other states do not', async () => {
    const full = await t.app.database.db
      .execute(sql`do $$ begin raise exception using errcode = 'disk_full', message = 'could not extend file'; end $$`)
      .catch((e: unknown) => e);
    expect(sqlState(full)).toBe('53100');
    expect(isInsufficientResources(full)).toBe(true);
    expect(outOfSpaceMessage(full)).toMatch(/cannot start: the database ran out of resources/);
    for (const state of ['53000', '53200', '53300', '53400'])
      expect(isInsufficientResources({ code: state, severity: 'ERROR' })).toBe(true);
    const unique = await t.app.database.db.execute(sql`select 1/0`).catch((e: unknown) => e);
    expect(sqlState(unique)).toBe('22012');
    expect(isInsufficientResources(unique)).toBe(false);
    expect(isInsufficientResources(new Error('ENOSPC'))).toBe(false);
  });

  it('answers 503 with a clear message when the database disk is full during a request', async () => {
    const pool = t.app.database.pool;
    await pool.query(`create or replace function h3_disk_full() returns trigger language plpgsql as $$
      begin raise exception using errcode = 'disk_full', message = 'could not extend file "base/1/2": No space left on device'; end $$`);
    await pool.query('create trigger h3_disk_full before insert on users for each row execute function h3_disk_full()');
    try {
      const email = uniqueAddress('full');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/signup',
        payload: {
          name: 'Disk Full',
          email,
          password: 'correct horse battery',
          confirmPassword: 'correct horse battery',
          role: 'Author',
          tags: [],
        },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: DATABASE_FULL });
      expect(res.headers['retry-after']).toBe('60');
      expect(res.body).not.toContain(email);
    } finally {
      await pool.query('drop trigger h3_disk_full on users');
      await pool.query('drop function h3_disk_full()');
    }
  });

  it('log lines carry neither query parameters, SQL text, the detail nor quoted user values', async () => {
    const secret = 'user-text-4b1d@example.org';
    const pool = t.app.database.pool;
    await pool.query('create table h3_unique (email text primary key)');
    await pool.query('insert into h3_unique values ($1)', [secret]);
    // Through drizzle: its error carries the SQL and the parameters; the driver's carries the detail.
    const dup = await t.app.database.db
      .execute(sql`insert into users (id, email) values (${'x'.repeat(24)}, ${secret}), (${'y'.repeat(24)}, ${secret})`)
      .catch((e: unknown) => e);
    const cast = await t.app.database.db.execute(sql`select ${secret}::int`).catch((e: unknown) => e);
    const direct = await pool.query('insert into h3_unique values ($1)', [secret]).catch((e: unknown) => e);
    for (const err of [dup, cast, direct]) {
      expect(err).toBeInstanceOf(Error);
      expect(
        JSON.stringify(err, Object.getOwnPropertyNames(err)) +
          String((err as Error).message) +
          String((err as { cause?: { detail?: string } }).cause?.detail ?? (err as { detail?: string }).detail),
      ).toContain(secret.split('@')[0]);
      const line = logLine(err, { method: 'GET', url: `/api/x?q=${encodeURIComponent(secret)}`, ip: '127.0.0.1' });
      expect(line).not.toContain('user-text-4b1d');
      expect(line).not.toMatch(/insert into|select \$1|params/i);
      expect(JSON.parse(line).err.name).toBe('DatabaseError');
      expect(JSON.parse(line).err.code).toMatch(/^[0-9A-Z]{5}$/);
      expect(JSON.parse(line).req.url).toBe('/api/x');
    }
  });
});
