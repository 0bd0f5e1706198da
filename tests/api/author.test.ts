import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { papers } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../support/app';
import { injectMultipart, pdfBytes, submitPaper, type Part } from '../support/multipart';
import { signupAs, type SignedUp } from '../support/users';

let t: TestApp;
let alice: SignedUp;
let bob: SignedUp;
beforeAll(async () => {
  t = await startTestApp({ MAX_UPLOAD_MB: '1' });
  alice = await signupAs(t.app, 'Author');
  bob = await signupAs(t.app, 'Author');
});
afterAll(async () => {
  await t?.close();
});

const newPaper = (parts: Part[], auth: Record<string, string> = alice.auth) =>
  injectMultipart(t.app, 'POST', '/api/author/new-paper', parts, auth);
const storedFiles = () =>
  readdirSync(path.join(t.dataDir, 'files'), { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && /^[0-9a-f]{64}$/.test(d.name))
    .map((d) => d.name);
const countPapers = async () => (await t.app.database.db.select().from(papers)).length;

describe('POST /api/author/new-paper', () => {
  test('201 with the message and the paper in Paper JSON; the pdf link returns the exact bytes', async () => {
    const pdf = pdfBytes('exact-bytes', 50_000);
    const res = await newPaper([
      ['title', 'Edge AI for farms'],
      ['abstract', 'We put AI at the edge.'],
      ['keywords', 'AI'],
      ['keywords', 'Edge Computing'],
      ['file', pdf, 'farm.pdf'],
    ]);
    expect(res.statusCode).toBe(201);
    const { message, paper } = res.json();
    expect(message).toBe('Paper submitted successfully!');
    expect(paper).toMatchObject({
      title: 'Edge AI for farms',
      abstract: 'We put AI at the edge.',
      keywords: ['AI', 'Edge Computing'],
      author: alice.user._id,
      comments: [],
      reviewResponses: {},
    });
    expect(paper._id).toMatch(/^[0-9a-f]{24}$/);
    expect(new Date(paper.submittedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const file = await t.app.inject({ url: paper.pdf });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('inline; filename="farm.pdf"');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(pdf)).toBe(true);
  });

  test('401 Please login first without a token, 403 for another role', async () => {
    const res = await newPaper(
      [
        ['title', 'x'],
        ['abstract', 'y'],
        ['file', pdfBytes()],
      ],
      {},
    );
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Please login first' });
    const reviewer = await signupAs(t.app, 'Reviewer');
    expect(
      (
        await newPaper(
          [
            ['title', 'x'],
            ['abstract', 'y'],
            ['file', pdfBytes()],
          ],
          reviewer.auth,
        )
      ).statusCode,
    ).toBe(403);
  });

  test.each<[string, Part[], string]>([
    [
      'a missing title',
      [
        ['abstract', 'y'],
        ['file', pdfBytes()],
      ],
      'Title is required',
    ],
    [
      'a blank title',
      [
        ['title', '   '],
        ['abstract', 'y'],
        ['file', pdfBytes()],
      ],
      'Title is required',
    ],
    [
      'a missing abstract',
      [
        ['title', 'x'],
        ['file', pdfBytes()],
      ],
      'Abstract is required',
    ],
    [
      'a missing file',
      [
        ['title', 'x'],
        ['abstract', 'y'],
      ],
      'Please attach the paper as a PDF file',
    ],
    [
      'an empty file',
      [
        ['title', 'x'],
        ['abstract', 'y'],
        ['file', Buffer.alloc(0)],
      ],
      'The file is empty',
    ],
    [
      'a file that is not a PDF by its bytes',
      [
        ['title', 'x'],
        ['abstract', 'y'],
        ['file', Buffer.from('<html><script>alert(1)</script>'), 'evil.pdf'],
      ],
      'The file is not a PDF',
    ],
    [
      'a keyword not among the 50',
      [
        ['title', 'x'],
        ['abstract', 'y'],
        ['keywords', 'Astrology'],
        ['file', pdfBytes()],
      ],
      'Unknown tag: choose tags from the list',
    ],
    [
      'a title over 300 characters',
      [
        ['title', 'x'.repeat(301)],
        ['abstract', 'y'],
        ['file', pdfBytes()],
      ],
      'Title is too long (at most 300 characters)',
    ],
    [
      'an abstract over 5,000 characters',
      [
        ['title', 'x'],
        ['abstract', 'y'.repeat(5001)],
        ['file', pdfBytes()],
      ],
      'Abstract is too long (at most 5,000 characters)',
    ],
  ])('400 for %s, and nothing is kept', async (_label, parts, message) => {
    const before = await countPapers();
    const files = storedFiles().length;
    const res = await newPaper(parts);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await countPapers()).toBe(before);
    expect(storedFiles().length).toBe(files);
  });

  test('a file over MAX_UPLOAD_MB by one byte gets 413 and leaves no row and no file', async () => {
    const before = await countPapers();
    const files = storedFiles().length;
    const res = await newPaper([
      ['title', 'x'],
      ['abstract', 'y'],
      ['file', pdfBytes('big', 1024 * 1024 + 1 - 7)],
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The PDF is too large (at most 1 MB)');
    expect(await countPapers()).toBe(before);
    expect(storedFiles().length).toBe(files);
    expect(readdirSync(path.join(t.dataDir, 'files', 'tmp'))).toEqual([]);
  });

  test('a file of exactly MAX_UPLOAD_MB is accepted', async () => {
    const res = await newPaper([
      ['title', 'x'],
      ['abstract', 'y'],
      ['file', pdfBytes('edge', 1024 * 1024 - 7)],
    ]);
    expect(res.statusCode).toBe(201);
  });
});

describe('reading papers', () => {
  test("my-papers lists only the caller's papers, newest first, with the user", async () => {
    const a = await submitPaper(t.app, alice.auth, { title: 'First of Alice' });
    const b = await submitPaper(t.app, alice.auth, { title: 'Second of Alice' });
    await submitPaper(t.app, bob.auth, { title: 'Bob only' });
    const res = await t.app.inject({ url: '/api/author/my-papers', headers: alice.auth });
    expect(res.statusCode).toBe(200);
    const { user, papers: list } = res.json();
    expect(user).toEqual(alice.user);
    const ids = list.map((p: { _id: string }) => p._id);
    expect(ids.indexOf(b._id)).toBeLessThan(ids.indexOf(a._id));
    expect(list.every((p: { author: string }) => p.author === alice.user._id)).toBe(true);
    expect(list.some((p: { title: string }) => p.title === 'Bob only')).toBe(false);
  });

  test("paper detail: 400 for a bad id, 404 for another author's paper and for an unknown id alike", async () => {
    const mine = await submitPaper(t.app, alice.auth);
    const ok = await t.app.inject({ url: `/api/author/paper/${mine._id}`, headers: alice.auth });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ paper: { _id: mine._id }, latestComment: null });
    expect(ok.json().paper.pdfVersions).toHaveLength(1);
    const bad = await t.app.inject({ url: '/api/author/paper/not-an-id', headers: alice.auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Invalid paper ID format' });
    const other = await t.app.inject({ url: `/api/author/paper/${mine._id}`, headers: bob.auth });
    const unknown = await t.app.inject({ url: '/api/author/paper/0123456789abcdef01234567', headers: bob.auth });
    expect(other.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(other.json()).toEqual(unknown.json());
  });

  test("a PDF link with another file's signature swapped in is 403, and so is an expired or altered one", async () => {
    const a = await submitPaper(t.app, alice.auth, { pdf: pdfBytes('alice-secret') });
    const b = await submitPaper(t.app, bob.auth, { pdf: pdfBytes('bob') });
    const aUrl = new URL(a.pdf!, 'http://x');
    const bUrl = new URL(b.pdf!, 'http://x');
    const swapped = `${aUrl.pathname}?expires=${bUrl.searchParams.get('expires')}&sig=${bUrl.searchParams.get('sig')}`;
    const res = await t.app.inject({ url: swapped });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('alice-secret');
    const later = `${aUrl.pathname}?expires=${Number(aUrl.searchParams.get('expires')) + 3600}&sig=${aUrl.searchParams.get('sig')}`;
    expect((await t.app.inject({ url: later })).statusCode).toBe(403);
    expect((await t.app.inject({ url: aUrl.pathname })).statusCode).toBe(403);
  });
});

describe('PATCH /api/author/paper/:id', () => {
  test('saves a new abstract and a new PDF version; earlier versions stay readable', async () => {
    const v1 = pdfBytes('version-one');
    const v2 = pdfBytes('version-two');
    const paper = await submitPaper(t.app, alice.auth, { pdf: v1 });
    const res = await injectMultipart(
      t.app,
      'PATCH',
      `/api/author/paper/${paper._id}`,
      [
        ['abstract', 'A better abstract.'],
        ['file', v2, 'v2.pdf'],
      ],
      alice.auth,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Paper saved');
    const detail = (await t.app.inject({ url: `/api/author/paper/${paper._id}`, headers: alice.auth })).json();
    expect(detail.paper.abstract).toBe('A better abstract.');
    expect(detail.paper.pdfVersions.map((v: { version: number }) => v.version)).toEqual([1, 2]);
    expect((await t.app.inject({ url: detail.paper.pdf })).rawPayload.equals(v2)).toBe(true);
    expect((await t.app.inject({ url: detail.paper.pdfVersions[0].url })).rawPayload.equals(v1)).toBe(true);
  });

  test('only the owner may change a paper; nothing to save is 400', async () => {
    const paper = await submitPaper(t.app, alice.auth);
    const other = await injectMultipart(t.app, 'PATCH', `/api/author/paper/${paper._id}`, [['abstract', 'hijack']], bob.auth);
    expect(other.statusCode).toBe(404);
    const empty = await injectMultipart(t.app, 'PATCH', `/api/author/paper/${paper._id}`, [['phone', 'ignored']], alice.auth);
    expect(empty.statusCode).toBe(400);
    const detail = (await t.app.inject({ url: `/api/author/paper/${paper._id}`, headers: alice.auth })).json();
    expect(detail.paper.abstract).toBe('We study things.');
  });
});

describe('an aborted upload', () => {
  test('leaves no row and no file', async () => {
    const t2 = await startTestApp();
    try {
      const author = await signupAs(t2.app, 'Author');
      await t2.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t2.app.server.address() as import('node:net').AddressInfo;
      const { multipart } = await import('../support/multipart');
      const { payload, contentType } = await multipart([
        ['title', 'Cut short'],
        ['abstract', 'y'],
        ['file', pdfBytes('aborted', 400_000)],
      ]);
      const net = await import('node:net');
      await new Promise<void>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.write(
            `POST /api/author/new-paper HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${author.auth.authorization}\r\n` +
              `Content-Type: ${contentType}\r\nContent-Length: ${payload.length}\r\n\r\n`,
          );
          socket.write(payload.subarray(0, 200_000), () =>
            setTimeout(() => {
              socket.destroy();
              resolve();
            }, 200),
          );
        });
      });
      // The server notices the closed connection and removes what it wrote when it gets to it: on a loaded machine
      // later than any fixed wait, so wait for that (a stored paper or file would never go, and fail the wait).
      const dir = path.join(t2.dataDir, 'files');
      const files = () => readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile());
      await expect.poll(files, { timeout: 15_000 }).toEqual([]);
      expect(await t2.app.database.db.select().from(papers)).toEqual([]);
    } finally {
      await t2.close();
    }
  });
});
