import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { users } from '../../src/server/db/schema';
import { newId } from '../../src/core/ids';
import { loadConfig, ConfigError } from '../../src/server/config';
import { startTestApp, type TestApp } from '../support/app';

describe('foundation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  test('GET /api/health answers ok when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  test('an unknown /api path is a JSON 404 with a message', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/no-such-call' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/No API route/);
  });

  test('migrations created the tables on this driver', async () => {
    const rows = (await t.app.database.db.execute(sql`select count(*)::int as n from users`)) as unknown as { rows: unknown[] };
    expect(rows.rows[0]).toEqual({ n: 0 });
  });
});

describe('configuration', () => {
  test('a bad value stops startup with a message that names it', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATA_DIR: '/tmp/x' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty', DATA_DIR: '/tmp/x' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x', DATA_DIR: '/tmp/x' })).toThrow(/DATABASE_URL/);
  });

  test('defaults work with an empty environment', () => {
    const c = loadConfig({ DATA_DIR: '/tmp/imse-config-test', JWT_SECRET: 'x'.repeat(32) });
    expect(c.PORT).toBe(3000);
    expect(c.MAX_UPLOAD_MB).toBe(20);
    expect(c.DATABASE_URL).toBeUndefined();
  });
});

describe('persistence', () => {
  test('data written before a restart is there after it', async () => {
    const t = await startTestApp();
    const id = newId();
    await t.app.database.db.insert(users).values({ id, name: 'Ada', email: 'ada@example.org', role: 'Author', passwordHash: 'x' });
    await t.restart();
    const rows = await t.app.database.db.select().from(users);
    expect(rows.map((r) => r.id)).toEqual([id]);
    await t.close();
  });
});
