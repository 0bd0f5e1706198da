import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { csvCell } from '../../src/server/services/shared/export-csv';
import { startTestApp, type TestApp } from '../support/app';
import { submitPaper } from '../support/multipart';
import { signupAs, type SignedUp } from '../support/users';

let t: TestApp;
let editor: SignedUp;
let author: SignedUp;
let reviewer: SignedUp;

beforeAll(async () => {
  t = await startTestApp();
  editor = await signupAs(t.app, 'Editor');
  author = await signupAs(t.app, 'Author');
  reviewer = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, who: SignedUp | null = editor) => t.app.inject({ url, headers: who?.auth ?? {} });
const post = (url: string, who: SignedUp, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: who.auth, payload: payload as Record<string, unknown> });

describe('audit log', () => {
  test('records who did what, to which paper, from where; the editor filters it; nothing can change it', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: author.user.email, password: 'not the password', role: 'Author' },
      remoteAddress: '192.0.2.7',
    });
    expect(bad.statusCode).toBe(401);
    const paper = await submitPaper(t.app, author.auth, { title: 'Audited paper', keywords: ['AI'] });
    expect((await post('/api/editor/send-paper', editor, { paperId: paper._id, reviewerId: reviewer.user._id })).statusCode).toBe(200);
    expect(
      (await post('/api/reviewer/respond', reviewer, { paperId: paper._id, email: reviewer.user.email, status: 'Accepted' })).statusCode,
    ).toBe(200);
    expect((await post('/api/news', editor, { name: 'Deadline extended' })).statusCode).toBe(201);

    const all = (await get('/api/editor/audit')).json();
    const actions = all.entries.map((e: { action: string }) => e.action);
    for (const a of ['user.signup', 'login.failed', 'paper.submit', 'review.assign', 'review.respond', 'news.add'])
      expect(actions).toContain(a);
    expect(all.entries.find((e: { action: string }) => e.action === 'login.failed')).toMatchObject({
      actorId: null,
      actorRole: 'Author',
      ip: '192.0.2.7',
      details: { email: author.user.email },
    });
    expect(all.entries.find((e: { action: string }) => e.action === 'review.respond')).toMatchObject({
      actorId: reviewer.user._id,
      actorRole: 'Reviewer',
      paperId: paper._id,
      details: { status: 'Accepted' },
    });

    const forPaper = (await get(`/api/editor/audit?paperId=${paper._id}`)).json().entries.map((e: { action: string }) => e.action);
    expect(forPaper).toEqual(['review.respond', 'review.assign', 'paper.submit']);
    const reviewFamily = (await get('/api/editor/audit?action=review.')).json().entries.map((e: { action: string }) => e.action);
    expect(new Set(reviewFamily)).toEqual(new Set(['review.respond', 'review.assign']));
    const byActor = (await get(`/api/editor/audit?actorId=${editor.user._id}`)).json().entries.map((e: { action: string }) => e.action);
    expect(byActor).toEqual(['news.add', 'review.assign', 'user.signup']);
    const page1 = (await get('/api/editor/audit?limit=2')).json();
    const page2 = (await get(`/api/editor/audit?limit=2&cursor=${page1.nextCursor}`)).json();
    expect(page2.entries[0]._id < page1.entries[1]._id).toBe(true);
    expect((await get('/api/editor/audit?from=2999-01-01T00:00:00Z')).json().entries).toEqual([]);
    expect((await get('/api/editor/audit?limit=0')).statusCode).toBe(400);
    expect((await get('/api/editor/audit', author)).statusCode).toBe(403);
    expect((await get('/api/editor/audit', null)).statusCode).toBe(401);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/editor/audit', headers: editor.auth, payload: {} });
      expect(res.statusCode, method).toBe(404);
    }
  });
});

describe('CSV exports', () => {
  test('a cell a spreadsheet would run as a formula is made text; quotes and line breaks are quoted', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell('+1')).toBe(`"'+1"`);
    expect(csvCell('-2')).toBe(`"'-2"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    // After a separator inside a cell too (docs/product.md#audit-log-and-exports): a spreadsheet may split the cell there.
    expect(csvCell('x;=2+5')).toBe(`"x;'=2+5"`);
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(['AI', 'IoT'])).toBe('"AI; IoT"');
  });

  test('each export is UTF-8 with BOM, editor-only, and holds the rows with a guarded formula', async () => {
    const paper = await submitPaper(t.app, author.auth, { title: '=cmd|" /C calc"!A0 Ünïcode' });
    await post('/api/editor/send-paper', editor, { paperId: paper._id, reviewerId: reviewer.user._id });
    await t.app.inject({ method: 'POST', url: '/api/contact', payload: { name: '@evil', email: 'e@example.org', message: 'Hi, "there"' } });
    for (const name of ['papers', 'reviewers', 'assignments', 'reviews', 'contact-messages', 'audit']) {
      const res = await get(`/api/editor/exports/${name}.csv`);
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(new RegExp(`attachment; filename="${name}-\\d{4}-\\d\\d-\\d\\d\\.csv"`));
      expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      expect(res.body.split('\r\n').length, name).toBeGreaterThanOrEqual(name === 'reviews' ? 2 : 3);
      expect((await get(`/api/editor/exports/${name}.csv`, author)).statusCode).toBe(403);
    }
    const papers = (await get('/api/editor/exports/papers.csv')).body;
    expect(papers).toContain(`"${paper._id}","'=cmd|"" /C calc""!A0 Ünïcode",`);
    expect(papers.split('\r\n')[0]).toBe(
      '\uFEFFpaper_id,title,abstract,author,author_email,track,keywords,free_keywords,submitted_at,withdrawn_at,reviewers_assigned,reviews,average_recommendation,decision,decided_at,author_given_name,author_family_name,author_latin_name',
    );
    const reviewers = (await get('/api/editor/exports/reviewers.csv')).body;
    expect(reviewers).toMatch(new RegExp(`"${reviewer.user._id}",[^\\r]*,"AI","false","[1-9]`));
    expect((await get('/api/editor/exports/contact-messages.csv')).body).toContain("'@evil");
    expect((await get('/api/editor/exports/secrets.csv')).statusCode).toBe(400);
  });

  test('20,000 papers stream out in batches: every row arrives, and memory does not grow with the file', async () => {
    const { pool } = t.app.database;
    const insert = (from: number, to: number) =>
      pool.query(
        `insert into papers (id, author_id, title, abstract, keywords)
      select lpad(to_hex(4000000000 + g), 8, '0') || lpad(to_hex(g), 16, '0'), $1, 'Bulk paper ' || g, repeat('An abstract sentence. ', 40), '{AI,IoT}'
      from generate_series($2::int, $3::int) g`,
        [author.user._id, from, to],
      );
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    /** Download the export, counting lines and bytes without keeping them; the peak RSS growth while it runs. */
    const download = async () => {
      const before = process.memoryUsage().rss;
      let peak = before;
      const timer = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 5);
      let rows = 0;
      let bytes = 0;
      const started = Date.now();
      try {
        const res = await fetch(`${address}/api/editor/exports/papers.csv`, { headers: editor.auth });
        expect(res.status).toBe(200);
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          bytes += chunk.length;
          for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) rows++;
        }
      } finally {
        clearInterval(timer);
      }
      return { rows, mb: bytes / 1024 / 1024, grewMb: (peak - before) / 1024 / 1024, ms: Date.now() - started };
    };
    await insert(1, 20_000);
    const small = await download();
    await insert(20_001, 80_000);
    const large = await download();
    console.info(
      `export: ${small.rows - 1} papers, ${small.mb.toFixed(1)} MB in ${small.ms} ms, RSS +${small.grewMb.toFixed(1)} MB; ${large.rows - 1} papers, ${large.mb.toFixed(1)} MB in ${large.ms} ms, RSS +${large.grewMb.toFixed(1)} MB`,
    );
    expect(small.rows).toBeGreaterThanOrEqual(20_001);
    expect(large.rows).toBeGreaterThanOrEqual(80_001);
    // Four times the rows (~75 MB of CSV) must not need more memory than the first 20,000 (~19 MB) plus a margin:
    // an export held in memory would grow by the file's size at least.
    expect(large.grewMb).toBeLessThan(Math.max(small.grewMb, 20) + 25);
    expect(large.grewMb).toBeLessThan(large.mb);
  }, 120_000);
});
