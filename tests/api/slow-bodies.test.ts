import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { BODY_TOO_SLOW } from '../../src/core/messages';
import { startTestApp, type TestApp } from '../support/app';
import { multipart, pdfBytes } from '../support/multipart';
import { signupAs, type SignedUp } from '../support/users';

/**
 * Slow bodies (decision 0057): a client that sends its headers and then its body a
 * byte at a time holds a socket, never one of the API's turns, and is cut off once its body falls behind the
 * least rate the server accepts. Real sockets on a listening server: the attack happens below what inject() sees.
 * Every loopback address is this machine's, so each client connects from an address of its own (127.0.0.x).
 */
let t: TestApp;
let port: number;
let author: SignedUp;
const ATTACKER = '127.0.0.2';
const VISITOR = '127.0.0.3';
const sockets: net.Socket[] = [];

beforeAll(async () => {
  t = await startTestApp({
    // Short enough that the visitor's requests would be answered 503 within the test if the slow bodies held turns.
    API_QUEUE_WAIT_MS: '4000',
    API_UPLOAD_CONCURRENCY: '8',
    // The body deadline is 20 s plus a second per 500 bytes by default: 2 s here, so the test sees a cut soon.
    API_BODY_TIMEOUT_MS: '2000',
    CONNECTIONS_PER_ADDRESS: '150',
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  author = await signupAs(t.app, 'Author');
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await t?.close();
});

/** A socket from `from` to the server, opened (or refused) before it resolves. */
function connect(from: string): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const s = net.connect({ host: '127.0.0.1', port, localAddress: from });
    sockets.push(s);
    s.on('error', () => {});
    s.once('connect', () => resolve(s));
    s.once('error', reject);
  });
}

/** What a socket received until the server closed it (or `ms` passed). */
function received(s: net.Socket): Promise<{ text: string; closed: boolean }> {
  return new Promise((resolve) => {
    let text = '';
    s.on('data', (d: Buffer) => {
      text += d.toString('latin1');
    });
    s.once('close', () => resolve({ text, closed: true }));
  });
}

/** The headers of a JSON POST whose body is said to be 100,000 bytes long, and its first byte. */
const slowJsonStart = (path: string) =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{`;

async function visitorGets(n: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) {
    const res = await fetchFrom(VISITOR, '/api/tracks');
    statuses.push(res.status);
  }
  return statuses;
}

/** A whole request from a given source address (fetch cannot choose one), with the status and body it was answered. */
function requestFrom(from: string, request: Buffer | string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const s = net.connect({ host: '127.0.0.1', port, localAddress: from });
    let text = '';
    s.on('data', (d: Buffer) => {
      text += d.toString('utf8');
      const head = /^HTTP\/1\.1 (\d+)[^]*?\r\n\r\n/.exec(text);
      const length = /\r\ncontent-length: (\d+)/i.exec(text);
      if (head && length && Buffer.byteLength(text.slice(head[0].length)) >= Number(length[1])) {
        s.destroy();
        resolve({ status: Number(head[1]), body: text.slice(head[0].length) });
      }
    });
    s.on('error', reject);
    s.once('close', () => reject(new Error(`closed without an answer: ${JSON.stringify(text)}`)));
    s.write(request);
  });
}

const fetchFrom = (from: string, path: string) => requestFrom(from, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);

test('100 slow bodies from one address hold no turn: another address is answered as usual, and each slow body is cut off with 408', async () => {
  const slow = await Promise.all(Array.from({ length: 100 }, () => connect(ATTACKER)));
  const answers = slow.map(received);
  for (const s of slow) s.write(slowJsonStart('/api/email/verify'));
  // One more byte a second keeps each of them "alive" (under the least rate the server accepts).
  const drip = setInterval(() => {
    for (const s of slow) if (!s.destroyed) s.write(' ');
  }, 1000);
  try {
    // The visitor's requests are answered while the slow bodies trickle in (before the fix: each waited for a turn
    // the 64 slow requests held, then 503).
    expect(await visitorGets(20)).toEqual(Array(20).fill(200));
    const ended = await Promise.all(answers);
    for (const { text, closed } of ended) {
      expect(closed).toBe(true);
      expect(text).toMatch(/^HTTP\/1\.1 408 /);
      expect(text).toContain(JSON.stringify({ message: BODY_TOO_SLOW }));
    }
  } finally {
    clearInterval(drip);
  }
  // Nothing is left running or waiting once they are gone.
  expect(t.app.admission.stats()).toMatchObject({ active: 0, waiting: 0 });
});

test('slow uploads from one address take at most their share of the upload turns: an upload from another address goes through', async () => {
  const { payload, contentType } = await multipart([
    ['title', 'Slow'],
    ['abstract', 'Arrives slowly.'],
    ['keywords', 'AI'],
    ['file', pdfBytes('slow', 200_000), 'paper.pdf'],
  ]);
  const head = (auth: string) =>
    `POST /api/author/new-paper HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${auth}\r\nContent-Type: ${contentType}\r\nContent-Length: ${payload.length}\r\n\r\n`;
  const slow = await Promise.all(Array.from({ length: 10 }, () => connect(ATTACKER)));
  const answers = slow.map(received);
  for (const s of slow) s.write(Buffer.concat([Buffer.from(head(author.auth.authorization)), payload.subarray(0, 1000)]));
  // The attacker's address runs at most a quarter of the 8 upload turns; its other uploads wait.
  await expect.poll(() => t.app.admission.stats().active, { timeout: 10_000 }).toBe(2);

  // Another author behind another address submits whole: admitted while the slow ones hold theirs.
  const other = await signupAs(t.app, 'Author');
  const res = await requestFrom(VISITOR, Buffer.concat([Buffer.from(head(other.auth.authorization)), payload]));
  expect(res.status, res.body).toBe(201);
  // The slow ones stop arriving: each is cut off with 408 and gives its turn back.
  const ended = await Promise.all(answers);
  for (const { closed, text } of ended) {
    expect(closed).toBe(true);
    if (text) expect(text).toMatch(/^HTTP\/1\.1 (408|503) /);
  }
  await expect.poll(() => t.app.admission.stats().active).toBe(0);
});

test('header-only connections past the per-address cap are closed at once, and others are still served', async () => {
  const held = await Promise.all(Array.from({ length: 150 }, () => connect(ATTACKER)));
  for (const s of held) s.write('GET /api/tracks HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
  const extra = await connect(ATTACKER);
  const extraEnd = received(extra);
  extra.write('GET /api/tracks HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  expect((await extraEnd).closed).toBe(true);
  expect((await extraEnd).text).toBe('');
  expect((await fetchFrom(VISITOR, '/api/tracks')).status).toBe(200);
  // An IPv4 client's cap is its own: a neighbour on the same subnet is not counted with it.
  expect((await fetchFrom('127.0.0.4', '/api/tracks')).status).toBe(200);
  for (const s of held) s.destroy();
  // Once they are closed, the address may connect again.
  await expect.poll(async () => (await fetchFrom(ATTACKER, '/api/tracks').catch(() => ({ status: 0 }))).status).toBe(200);
});

test('a client that goes away while its request waits for a turn gives the turn back once it is granted', async () => {
  const { payload, contentType } = await multipart([
    ['title', 'Holds the gate'],
    ['abstract', 'Arrives in two halves.'],
    ['keywords', 'AI'],
    ['file', pdfBytes('hold', 200_000), 'paper.pdf'],
  ]);
  const busy = await startTestApp({ API_CONCURRENCY: '1', API_QUEUE_WAIT_MS: '60000' });
  try {
    await busy.app.listen({ port: 0, host: '127.0.0.1' });
    const busyPort = (busy.app.server.address() as AddressInfo).port;
    const writer = await signupAs(busy.app, 'Author');
    // An upload holds the only turn while half its body has come.
    const upload = net.connect({ host: '127.0.0.1', port: busyPort, localAddress: ATTACKER });
    sockets.push(upload);
    const uploadAnswer = received(upload);
    upload.write(
      Buffer.concat([
        Buffer.from(
          `POST /api/author/new-paper HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${writer.auth.authorization}\r\nContent-Type: ${contentType}\r\nContent-Length: ${payload.length}\r\nConnection: close\r\n\r\n`,
        ),
        payload.subarray(0, 1000),
      ]),
    );
    await expect.poll(() => busy.app.admission.stats().active).toBe(1);
    // A read waits for the turn, and its client goes away.
    const leaving = net.connect({ host: '127.0.0.1', port: busyPort, localAddress: VISITOR });
    leaving.on('error', () => {});
    leaving.write('GET /api/tracks HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await expect.poll(() => busy.app.admission.stats().waiting).toBe(1);
    leaving.destroy();
    // The upload ends; the read is granted the turn after its client left, and gives it back.
    upload.write(payload.subarray(1000));
    expect((await uploadAnswer).text).toMatch(/^HTTP\/1\.1 201 /);
    await expect.poll(() => busy.app.admission.stats()).toMatchObject({ active: 0, waiting: 0 });
  } finally {
    await busy.close();
  }
});
