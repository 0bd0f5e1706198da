import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { papers } from '../../src/server/db/schema';
import { SERVER_BUSY } from '../../src/core/messages';
import { startTestApp, type TestApp } from '../support/app';
import { multipart, pdfBytes } from '../support/multipart';
import { signupAs, type SignedUp } from '../support/users';

/**
 * Graceful overload (decision 0036): one API request at a time, two may wait (one per client address). The waits
 * are bounded at a minute here (a loaded CI machine is slow); the bound itself is tested on a server of its own
 * with 1.5 s. The server's real front door, through its real routes and database.
 */
let t: TestApp;
let author: SignedUp;
beforeAll(async () => {
  t = await startTestApp({ API_CONCURRENCY: '1', API_QUEUE: '2', API_QUEUE_WAIT_MS: '60000' });
  author = await signupAs(t.app, 'Author');
});
afterAll(async () => {
  await t?.close();
});

const until = async (ok: () => boolean) => {
  for (let i = 0; i < 500 && !ok(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(ok()).toBe(true);
};

/** A submission whose body arrives in two halves: admitted at its headers, held until `finish()`. */
async function slowUpload(title: string, on: TestApp = t, who: SignedUp = author) {
  const { payload, contentType } = await multipart([
    ['title', title],
    ['abstract', 'Arrives slowly.'],
    ['keywords', 'AI'],
    ['file', pdfBytes('slow', 200_000), 'paper.pdf'],
  ]);
  const body = new PassThrough();
  const answer = on.app.inject({
    method: 'POST',
    url: '/api/author/new-paper',
    payload: body,
    headers: { ...who.auth, 'content-type': contentType, 'content-length': String(payload.length) },
  });
  body.write(payload.subarray(0, payload.length >> 1));
  return { answer, finish: () => body.end(payload.subarray(payload.length >> 1)) };
}

const get = (address: string) => t.app.inject({ url: '/api/tracks', remoteAddress: address });

test('past the queue a request is answered 503 with Retry-After at once, and the upload in progress completes', async () => {
  const upload = await slowUpload('Held during the surge');
  await until(() => t.app.admission.stats().active === 1);

  const queued = get('10.0.0.1');
  await until(() => t.app.admission.stats().waiting === 1);
  // The same address's fair share (one waiting) is full: refused at once, with when to come back.
  const refused = await get('10.0.0.1');
  expect(refused.statusCode).toBe(503);
  expect(refused.json()).toEqual({ message: SERVER_BUSY });
  expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  // Another address still gets a place in the queue.
  const other = get('10.0.0.2');
  await until(() => t.app.admission.stats().waiting === 2);
  // The queue is full now for everyone.
  expect((await get('10.0.0.3')).statusCode).toBe(503);
  // The health check goes by the queue (load balancers ask it).
  expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);

  upload.finish();
  const done = await upload.answer;
  expect(done.statusCode).toBe(201);
  expect(done.json().paper.title).toBe('Held during the surge');
  expect((await queued).statusCode).toBe(200);
  expect((await other).statusCode).toBe(200);
  const stored = await t.app.database.db.select({ title: papers.title }).from(papers);
  expect(stored.map((p) => p.title)).toContain('Held during the surge');
  expect(t.app.admission.stats()).toMatchObject({ active: 0, waiting: 0 });
});

test('a request that waits longer than the bound is answered 503 instead of timing out, and the queue frees its place', async () => {
  const bounded = await startTestApp({ API_CONCURRENCY: '1', API_QUEUE: '2', API_QUEUE_WAIT_MS: '1500' });
  try {
    const owner = await signupAs(bounded.app, 'Author');
    const upload = await slowUpload('Held past the wait', bounded, owner);
    await until(() => bounded.app.admission.stats().active === 1);
    const started = Date.now();
    const waited = await bounded.app.inject({ url: '/api/tracks', remoteAddress: '10.0.0.4' });
    expect(waited.statusCode).toBe(503);
    expect(waited.headers['retry-after']).toBeDefined();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    expect(bounded.app.admission.stats().waiting).toBe(0);
    upload.finish();
    expect((await upload.answer).statusCode).toBe(201);
    expect((await bounded.app.inject({ url: '/api/tracks', remoteAddress: '10.0.0.4' })).statusCode).toBe(200);
  } finally {
    await bounded.close();
  }
});

test('turns go round-robin between addresses: a flood from one address does not wait in front of another', async () => {
  const flooded = await startTestApp({ API_CONCURRENCY: '1', API_QUEUE: '8', API_QUEUE_WAIT_MS: '60000' });
  try {
    const owner = await signupAs(flooded.app, 'Author');
    const { payload, contentType } = await multipart([
      ['title', 'Holder'],
      ['abstract', 'Holds the turn.'],
      ['keywords', 'AI'],
      ['file', pdfBytes('hold', 50_000), 'paper.pdf'],
    ]);
    const body = new PassThrough();
    const held = flooded.app.inject({
      method: 'POST',
      url: '/api/author/new-paper',
      payload: body,
      headers: { ...owner.auth, 'content-type': contentType, 'content-length': String(payload.length) },
    });
    body.write(payload.subarray(0, 100));
    for (let i = 0; i < 500 && flooded.app.admission.stats().active !== 1; i++) await new Promise((r) => setTimeout(r, 10));
    const order: string[] = [];
    const ask = (address: string, label: string) =>
      flooded.app.inject({ url: '/api/tracks', remoteAddress: address }).then((r) => {
        order.push(label);
        return r.statusCode;
      });
    // Two from the flooding address (its share of 8 is 2), then one from a quiet address.
    const answers = [ask('10.1.0.1', 'flood 1'), ask('10.1.0.1', 'flood 2')];
    for (let i = 0; i < 500 && flooded.app.admission.stats().waiting !== 2; i++) await new Promise((r) => setTimeout(r, 10));
    answers.push(ask('10.1.0.2', 'quiet'));
    for (let i = 0; i < 500 && flooded.app.admission.stats().waiting !== 3; i++) await new Promise((r) => setTimeout(r, 10));
    body.end(payload.subarray(100));
    expect((await held).statusCode).toBe(201);
    expect(await Promise.all(answers)).toEqual([200, 200, 200]);
    expect(order).toEqual(['flood 1', 'quiet', 'flood 2']);
  } finally {
    await flooded.close();
  }
});
