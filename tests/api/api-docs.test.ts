import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { listRoutes } from '../support/routes';

/**
 * /api/openapi.json for an integrator: every operation under its domain, signing in and errors explained,
 * none of the product spec's section numbers; made once when the app is ready, not at each request.
 */
type Op = { tags?: string[]; responses: Record<string, { $ref?: string; description?: string }> };
type Doc = {
  info: { title: string; description: string };
  tags: Array<{ name: string; description: string }>;
  paths: Record<string, Record<string, Op>>;
  components: { responses: Record<string, { description: string }> };
};

let t: TestApp;
let doc: Doc;
let text: string;
beforeAll(async () => {
  t = await startTestApp();
  const res = await t.app.inject({ url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  text = res.body;
  doc = res.json();
});
afterAll(async () => {
  await t?.close();
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));

describe('the served API document', () => {
  test('groups every operation under one of its listed domains, none under "default"', () => {
    const names = doc.tags.map((tag) => tag.name);
    expect(names).toEqual(
      expect.arrayContaining(['accounts', 'submissions', 'review', 'assignment', 'programme', 'payments', 'site', 'editor desk']),
    );
    const stray = operations()
      .filter(({ op }) => op.tags?.length !== 1 || !names.includes(op.tags[0]!))
      .map(({ method, path }) => `${method} ${path}`);
    expect(stray).toEqual([]);
    // Every domain listed has operations.
    expect(names.filter((n) => !operations().some(({ op }) => op.tags![0] === n))).toEqual([]);
    const tagOf = (method: string, path: string) => doc.paths[path]![method]!.tags![0];
    expect(tagOf('post', '/api/login')).toBe('accounts');
    expect(tagOf('post', '/api/author/new-paper')).toBe('submissions');
    expect(tagOf('put', '/api/reviewer/review/{paperId}')).toBe('review');
    expect(tagOf('post', '/api/editor/send-paper')).toBe('assignment');
    expect(tagOf('get', '/api/program')).toBe('programme');
    expect(tagOf('post', '/api/payu/initiate')).toBe('payments');
    expect(tagOf('get', '/api/editor/audit')).toBe('editor desk');
    expect(tagOf('get', '/api/news')).toBe('site');
  });

  test('is written for an integrator: bearer tokens and {message} errors explained, no spec section numbers', () => {
    expect(doc.info.title).toBe('IMSE conference API');
    expect(doc.info.description).toContain('Authorization: Bearer <token>');
    expect(doc.info.description).toContain('{"message": "…"}');
    expect(text).not.toMatch(/SPEC\s*§|§\s*\d/);
    expect(Object.keys(doc.paths).filter((p) => !p.startsWith('/api/'))).toEqual([]);
    // Errors are described once and referred to.
    const login = doc.paths['/api/login']!.post!;
    expect(login.responses['400']).toEqual({ $ref: '#/components/responses/BadRequest' });
    expect(doc.components.responses.BadRequest!.description).toMatch(/not valid/);
    expect(login.responses['200']!.description).toBe('OK');
  });

  test('still lists every API route', () => {
    const routes = listRoutes(t.app).filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && r.url !== '/api/openapi.json');
    const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    expect(routes.filter((r) => !doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()]).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  test('is made once: the same bytes and ETag each time, 304 when unchanged, gzip when asked', async () => {
    const first = await t.app.inject({ url: '/api/openapi.json' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.inject({ url: '/api/openapi.json' });
    expect(again.headers.etag).toBe(etag);
    expect(again.body).toBe(first.body);
    expect((await t.app.inject({ url: '/api/openapi.json', headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    const zipped = await t.app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip, br' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(first.body);
    const bundle = await t.app.inject({ url: '/api/docs/swagger-ui-bundle.js', headers: { 'accept-encoding': 'gzip' } });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-encoding']).toBe('gzip');
  });
});
