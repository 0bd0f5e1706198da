import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';

let t: TestApp;
let https: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  https = await startTestApp({ PUBLIC_URL: 'https://conference.example.org' });
});
afterAll(async () => {
  await t?.close();
  await https?.close();
});

const scripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter((m) => !/\bsrc=/.test(m[1]!)).map((m) => m[2]!);

describe('response headers', () => {
  test('a prerendered page has a CSP without inline-script allowance that lists the hash of each of its inline scripts', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('script-src'))!;
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(csp).toContain("frame-ancestors 'none'");
    const inline = scripts(res.body);
    expect(inline.length).toBeGreaterThan(0);
    for (const body of inline) {
      expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
    }
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  test('the app shell and the 404 page carry their own script hashes', async () => {
    for (const url of ['/author/dashboard', '/no-such-page']) {
      const res = await t.app.inject({ url });
      const csp = String(res.headers['content-security-policy']);
      for (const body of scripts(res.body)) expect(csp).toContain(createHash('sha256').update(body).digest('base64'));
    }
  });

  test('API answers forbid everything and framing; HSTS only when PUBLIC_URL is https', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    const secure = await https.app.inject({ url: '/api/health' });
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  test('hashed assets are immutable, pages are revalidated with ETag/304, and brotli is chosen when accepted', async () => {
    const page = await t.app.inject({ url: '/call-for-papers', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    const again = await t.app.inject({ url: '/call-for-papers', headers: { 'if-none-match': String(page.headers.etag) } });
    expect(again.statusCode).toBe(304);
    const asset = page.rawPayload.length
      ? (await t.app.inject({ url: '/call-for-papers' })).body.match(/\/assets\/[^"]+\.js/)?.[0]
      : undefined;
    expect(asset).toBeDefined();
    const a = await t.app.inject({ url: asset!, headers: { 'accept-encoding': 'gzip' } });
    expect(a.statusCode).toBe(200);
    expect(a.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(a.headers['content-encoding']).toBe('gzip');
  });
});

describe('pages answered before the framework, on a real socket', () => {
  test('status, headers, 304, HEAD, encodings and the API fall-through match what the framework path answers', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as import('node:net').AddressInfo;
    const base = `http://127.0.0.1:${port}`;
    const viaInject = await t.app.inject({ url: '/call-for-papers', headers: { 'accept-encoding': 'br' } });
    const res = await fetch(`${base}/call-for-papers`, { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    for (const h of ['content-type', 'content-security-policy', 'etag', 'cache-control', 'x-frame-options', 'content-encoding']) {
      expect(res.headers.get(h), h).toBe(String(viaInject.headers[h]));
    }
    expect(await res.text()).toContain('Call for Papers');
    expect((await fetch(`${base}/call-for-papers`, { headers: { 'if-none-match': res.headers.get('etag')! } })).status).toBe(304);
    const head = await fetch(`${base}/`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect((await fetch(`${base}/no-such-page`)).status).toBe(404);
    expect((await fetch(`${base}/paper-details/0123456789abcdef01234567`)).status).toBe(200);
    const api = await fetch(`${base}/api/health`);
    expect(await api.json()).toEqual({ status: 'ok' });
    expect((await fetch(`${base}/api/no-such-call`)).status).toBe(404);
    expect((await fetch(`${base}/`, { method: 'POST' })).status).toBe(405);
  });
});
