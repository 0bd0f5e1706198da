import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { contactMessages } from '../../src/server/db/schema';
import { isId } from '../../src/core/ids';
import { startTestApp, type TestApp } from '../support/app';

describe('POST /api/contact', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (payload: unknown, remoteAddress = '203.0.113.1') =>
    t.app.inject({ method: 'POST', url: '/api/contact', payload: payload as object, remoteAddress });

  test('stores the message with the sender address and answers 201 with the success text', async () => {
    const res = await post(
      { name: ' Ada ', email: 'ada@example.org', phone: '+66 1', subject: 'Visa letter', message: 'Can you send one?' },
      '203.0.113.10',
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Message sent successfully !!' });
    const rows = await t.app.database.db.select().from(contactMessages).where(eq(contactMessages.ip, '203.0.113.10'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Ada',
      email: 'ada@example.org',
      phone: '+66 1',
      subject: 'Visa letter',
      message: 'Can you send one?',
    });
    expect(isId(rows[0]?.id)).toBe(true);
  });

  test('no field is required: any one field is a message (an entirely empty form is not, see limits.test.ts)', async () => {
    const res = await post({ subject: 'Hello' }, '203.0.113.11');
    expect(res.statusCode).toBe(201);
  });

  test('a field over its length limit is a 400 naming the field, and nothing is stored', async () => {
    const res = await post({ name: 'x'.repeat(121), message: 'hello' }, '203.0.113.12');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Name is too long (at most 120 characters)');
    const long = await post({ message: 'y'.repeat(5001) }, '203.0.113.12');
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/Message is too long/);
    const rows = await t.app.database.db.select().from(contactMessages).where(eq(contactMessages.ip, '203.0.113.12'));
    expect(rows).toHaveLength(0);
  });

  test('bad input is a 400 with a clear message, never a 500', async () => {
    for (const payload of [{ email: 'not-an-email' }, { name: 42 }, ['a', 'b']]) {
      const res = await post(payload, '203.0.113.13');
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: 'hello',
      headers: { 'content-type': 'text/plain' },
      remoteAddress: '203.0.113.14',
    });
    expect(text.statusCode).toBe(400);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: '{"name":',
      headers: { 'content-type': 'application/json' },
      remoteAddress: '203.0.113.14',
    });
    expect(broken.statusCode).toBe(400);
  });

  test('the sixth message from one address within 10 minutes is a 429 with Retry-After; other addresses still pass', async () => {
    for (let i = 0; i < 5; i++) expect((await post({ message: `m${i}` }, '198.51.100.7')).statusCode).toBe(201);
    const res = await post({ message: 'one more' }, '198.51.100.7');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().message).toMatch(/Too many messages/);
    expect((await post({ message: 'other' }, '198.51.100.8')).statusCode).toBe(201);
  });
});
