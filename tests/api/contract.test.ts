import { Validator } from '@seriousme/openapi-schema-validator';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../src/server/app';
import { DOCS_POLICY } from '../../src/server/csp';
import { startTestApp, type TestApp } from '../support/app';
import { checkResponsesAgainstOpenApi } from '../support/contract';
import { multipart, pdfBytes, submitPaper } from '../support/multipart';
import { listRoutes } from '../support/routes';
import { signupAs } from '../support/users';

type Doc = {
  openapi: string;
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, unknown> }> }>>;
};

let t: TestApp;
let app: FastifyInstance;
let contract: ReturnType<typeof checkResponsesAgainstOpenApi>;
let doc: Doc;

beforeAll(async () => {
  t = await startTestApp();
  // A second app on the same data, with the response check added before it is ready.
  app = await buildApp(t.config, { logger: false });
  contract = checkResponsesAgainstOpenApi(app);
  await app.ready();
  doc = (await app.inject({ url: '/api/openapi.json' })).json();
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('the OpenAPI document', () => {
  test('is a valid OpenAPI 3.1 document (@seriousme/openapi-schema-validator)', async () => {
    const validator = new Validator();
    const res = await validator.validate(doc as unknown as Parameters<Validator['validate']>[0]);
    expect(res.errors ?? []).toEqual([]);
    expect(res.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  test('every API route is in it, with its success response and its error answers declared', () => {
    const hidden = new Set(['/api/openapi.json']);
    const routes = listRoutes(app).filter(
      (r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && !hidden.has(r.url) && !r.url.startsWith('/api/certificates/verify'),
    );
    const missing: string[] = [];
    let responses = 0;
    for (const r of routes) {
      const op = doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()];
      const statuses = Object.keys(op?.responses ?? {});
      responses += statuses.length;
      if (!op || !statuses.some((s) => s.startsWith('2'))) missing.push(`${r.method} ${r.url}`);
    }
    expect(missing).toEqual([]);
    expect(routes.length).toBeGreaterThan(40);
    console.info(`contract: ${routes.length} routes, ${responses} declared responses`);
  });
});

describe('every response matches the document', () => {
  test("a journey through every role's calls gives no mismatch", async () => {
    const editor = await signupAs(app, 'Editor');
    const author = await signupAs(app, 'Author');
    const reviewer = await signupAs(app, 'Reviewer', { tags: ['AI'] });
    const get = (url: string, who?: { auth: Record<string, string> }) => app.inject({ url, headers: who?.auth ?? {} });
    const send = (
      method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
      url: string,
      who: { auth: Record<string, string> } | null,
      payload?: object,
    ) => app.inject({ method, url, headers: who?.auth ?? {}, payload: payload as Record<string, unknown> });

    expect((await get('/api/health')).statusCode).toBe(200);
    expect(
      (await send('POST', '/api/login', null, { email: author.user.email, password: author.password, role: 'Author' })).statusCode,
    ).toBe(200);
    expect(
      (await send('POST', '/api/login', null, { email: author.user.email, password: 'wrong password!', role: 'Author' })).statusCode,
    ).toBe(401);
    expect((await send('POST', '/api/signup', null, { name: 'x' })).statusCode).toBe(400);
    await get('/api/me', author);
    await get('/api/me');
    await send('PATCH', '/api/me', author, { phone: '+66 1' });
    const paper = await submitPaper(app, author.auth, { keywords: ['AI'] });
    await get('/api/author/my-papers', author);
    const detail = await get(`/api/author/paper/${paper._id}`, author);
    expect(detail.statusCode).toBe(200);
    const { payload, contentType } = await multipart([
      ['abstract', 'Revised.'],
      ['file', pdfBytes('v2'), 'v2.pdf'],
    ]);
    expect(
      (
        await app.inject({
          method: 'PATCH',
          url: `/api/author/paper/${paper._id}`,
          headers: { ...author.auth, 'content-type': contentType },
          payload,
        })
      ).statusCode,
    ).toBe(200);
    await get('/api/author/paper/0123456789abcdef01234567', author);
    await get('/api/editor/papers?limit=1', editor);
    await get('/api/editor/papers?limit=0', editor);
    await get(`/api/editor/papers/${paper._id}`, editor);
    await get(`/api/editor/suggested-reviewers?paperId=${paper._id}`, editor);
    await get('/api/editor/suggested-reviewers', editor);
    await send('POST', `/api/send-mail/${encodeURIComponent(reviewer.user.email)}`, editor, {
      paperId: paper._id,
      reviewerId: reviewer.user._id,
    });
    await send('POST', '/api/editor/send-paper', editor, { paperId: paper._id, reviewerId: reviewer.user._id });
    await get(`/api/reviewer/status/${paper._id}`, editor);
    await get('/api/editor/messages', editor);
    await get(`/api/reviewer/assigned-papers/${reviewer.user._id}`, reviewer);
    await send('POST', `/api/reviewer/add-comment/${paper._id}`, reviewer, { reviewerId: reviewer.user._id, text: 'Good.' });
    await send('POST', '/api/reviewer/respond', reviewer, { paperId: paper._id, email: reviewer.user.email, status: 'Accepted' });
    const pdf = (await get(`/api/author/paper/${paper._id}`, author)).json().paper.pdf as string;
    expect((await get(pdf)).statusCode).toBe(200);
    await get('/api/files/x?expires=1&sig=2');
    await send('POST', '/api/contact', null, { name: 'A', email: 'a@example.org', message: 'Hello' });
    await get('/api/payments/config');
    await send('POST', '/api/payu/initiate', null, { name: 'P', email: 'p@example.org', amount: 100 });
    await app.inject({
      method: 'POST',
      url: '/api/payu/success',
      payload: 'txnid=unknown',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    await send('POST', '/api/card/checkout', null, { name: 'P', email: 'p@example.org', amount: 0 });
    await get('/api/editor/payments', editor);
    await get('/api/editor/payments.csv', editor);
    const speaker = await send('POST', '/api/keynote-speakers', editor, { name: 'Speaker' });
    await get('/api/keynote-speakers');
    await send('DELETE', `/api/keynote-speakers/${speaker.json().speaker._id}`, editor);
    const news = await send('POST', '/api/news', editor, { name: 'News' });
    await get('/api/news');
    await send('DELETE', `/api/news/${news.json().item._id}`, editor);
    await get('/api/editor/audit', editor);
    await get('/api/editor/exports/papers.csv', editor);
    expect(contract.checked()).toBeGreaterThan(40);
    contract.assertMatches();
  });

  test('the check fails on an undeclared status and on a body that does not match', async () => {
    const mini = Fastify();
    mini.setValidatorCompiler(validatorCompiler);
    mini.setSerializerCompiler(serializerCompiler);
    await mini.register(swagger, { openapi: { openapi: '3.1.0', info: { title: 't', version: '1' } }, transform: jsonSchemaTransform });
    const schema = { response: { 200: z.object({ a: z.string() }) } };
    mini.get('/api/status', { schema }, async (_req, reply) =>
      (reply as unknown as { code(n: number): { send(b: unknown): unknown } }).code(201).send({ a: 'x' }),
    );
    mini.get('/api/body', { schema }, async (_req, reply) => reply.type('application/json').send('{"a":1}'));
    mini.get('/api/fine', { schema }, async () => ({ a: 'x' }));
    const check = checkResponsesAgainstOpenApi(mini);
    await mini.ready();
    await mini.inject({ url: '/api/fine' });
    expect(() => check.assertMatches()).not.toThrow();
    await mini.inject({ url: '/api/status' });
    await mini.inject({ url: '/api/body' });
    expect(check.mismatches.map((m) => m.problem)).toEqual([
      expect.stringMatching(/status 201 is not declared/),
      expect.stringMatching(/body does not match: \/a/),
    ]);
    expect(() => check.assertMatches()).toThrow(/2 response\(s\) do not match/);
    await mini.close();
  });
});

describe('/api/docs', () => {
  test('serves Swagger UI under its own Content-Security-Policy, and its scripts load', async () => {
    const page = await app.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toBe(DOCS_POLICY);
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      const js = await app.inject({ url: src });
      expect(js.statusCode, src).toBe(200);
    }
    expect((await app.inject({ url: '/api/docs/..%2Fpackage.json' })).statusCode).toBe(404);
    // The API's own answers keep the strict policy.
    expect((await app.inject({ url: '/api/health' })).headers['content-security-policy']).toMatch(/default-src 'none'.*sandbox/);
  });
});
