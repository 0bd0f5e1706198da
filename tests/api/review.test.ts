import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mailLog } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../support/app';
import { submitPaper } from '../support/multipart';
import { startSmtpListener } from '../support/smtp';
import { signupAs, type SignedUp } from '../support/users';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
let editor: SignedUp;
let author: SignedUp;
let otherAuthor: SignedUp;
let best1: SignedUp;
let best2: SignedUp;
let weaker: SignedUp;
let stranger: SignedUp;

beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await startTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://conference.example.org' });
  editor = await signupAs(t.app, 'Editor');
  author = await signupAs(t.app, 'Author');
  otherAuthor = await signupAs(t.app, 'Author');
  best1 = await signupAs(t.app, 'Reviewer', { name: 'Best One', tags: ['AI', 'IoT', 'HCI'] });
  best2 = await signupAs(t.app, 'Reviewer', { name: 'Best Two', tags: ['Robotics', 'IoT', 'AI'] });
  weaker = await signupAs(t.app, 'Reviewer', { name: 'Weaker', tags: ['AI', 'Cyber Law'] });
  stranger = await signupAs(t.app, 'Reviewer', { name: 'Stranger', tags: ['Cyber Law'] });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const post = (url: string, who: SignedUp | null, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, headers: who ? who.auth : {} });
const get = (url: string, who: SignedUp | null) => t.app.inject({ url, headers: who ? who.auth : {} });

describe('editor: papers and suggestions', () => {
  test("GET /api/editor/papers lists every author's papers, newest first, for editors only", async () => {
    const a = await submitPaper(t.app, author.auth, { title: 'Alpha' });
    const b = await submitPaper(t.app, otherAuthor.auth, { title: 'Beta' });
    const res = await get('/api/editor/papers', editor);
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((p: { _id: string }) => p._id);
    expect(ids.indexOf(b._id)).toBeLessThan(ids.indexOf(a._id));
    expect(ids.indexOf(a._id)).toBeGreaterThanOrEqual(0);
    for (const who of [author, best1]) expect((await get('/api/editor/papers', who)).statusCode).toBe(403);
    expect((await get('/api/editor/papers', null)).statusCode).toBe(401);
  });

  test('paging with limit and cursor walks the list without gaps or repeats', async () => {
    for (let i = 0; i < 5; i++) await submitPaper(t.app, author.auth, { title: `Paged ${i}` });
    const all = (await get('/api/editor/papers', editor)).json().map((p: { _id: string }) => p._id);
    const seen: string[] = [];
    let cursor = '';
    for (;;) {
      const res = await get(`/api/editor/papers?limit=2${cursor ? `&cursor=${cursor}` : ''}`, editor);
      seen.push(...res.json().map((p: { _id: string }) => p._id));
      cursor = res.headers['x-next-cursor'] as string;
      if (!cursor) break;
    }
    expect(seen).toEqual(all);
    expect((await get('/api/editor/papers?limit=0', editor)).statusCode).toBe(400);
  });

  test('all reviewers without paperId; with it, only those sharing the most tags (ties kept), with the matched tags', async () => {
    const all = (await get('/api/editor/suggested-reviewers', editor)).json();
    expect(all.map((r: { name: string }) => r.name)).toEqual(expect.arrayContaining(['Best One', 'Best Two', 'Weaker', 'Stranger']));
    expect(all[0]).toEqual({
      _id: expect.any(String),
      name: expect.any(String),
      email: expect.any(String),
      role: 'Reviewer',
      tags: expect.any(Array),
      verified: false,
    });
    const paper = await submitPaper(t.app, author.auth, { keywords: ['AI', 'IoT'] });
    const res = await get(`/api/editor/suggested-reviewers?paperId=${paper._id}`, editor);
    expect(res.statusCode).toBe(200);
    const names = res
      .json()
      .map((r: { name: string }) => r.name)
      .sort();
    expect(names).toEqual(['Best One', 'Best Two']);
    expect(names).not.toContain(stranger.user.name);
    expect(names).not.toContain(weaker.user.name);
    expect(res.json().find((r: { name: string }) => r.name === 'Best Two').matchedTags).toEqual(['IoT', 'AI']);
    const three = await submitPaper(t.app, author.auth, { keywords: ['AI', 'IoT', 'Robotics'] });
    const only = (await get(`/api/editor/suggested-reviewers?paperId=${three._id}`, editor)).json();
    expect(only.map((r: { name: string }) => r.name)).toEqual(['Best Two']);
    const none = await submitPaper(t.app, author.auth, { keywords: ['Compiler Design'] });
    expect((await get(`/api/editor/suggested-reviewers?paperId=${none._id}`, editor)).json()).toEqual([]);
    expect((await get('/api/editor/suggested-reviewers?paperId=nope', editor)).json()).toEqual({ message: 'Invalid paper ID format' });
    expect((await get('/api/editor/suggested-reviewers', best1)).statusCode).toBe(403);
  });
});

describe('the review loop', () => {
  test('mail, send paper, comment, accept: every party sees the result', async () => {
    const paper = await submitPaper(t.app, author.auth, { title: 'Loop paper', keywords: ['AI', 'IoT'] });
    const statuses = () => get(`/api/reviewer/status/${paper._id}`, editor).then((r) => r.json());
    expect(await statuses()).toEqual([]);

    const mail = await post(`/api/send-mail/${encodeURIComponent(best1.user.email)}`, editor, {
      name: best1.user.name,
      paperTitle: paper.title,
      paperId: paper._id,
      reviewerId: best1.user._id,
    });
    expect(mail.statusCode).toBe(200);
    expect(mail.json().message).toBe(`Mail successfully sent to ${best1.user.email}`);
    const received = smtp.mails.find((m) => m.to.includes(best1.user.email) && m.raw.includes('Subject: Invitation to review'));
    expect(received).toBeDefined();
    expect(received!.raw).toMatch(/Subject: Invitation to review: Loop paper/);
    expect(received!.raw).toContain(paper._id);
    expect(received!.raw).toContain('https://conference.example.org/login');
    expect(await statuses()).toEqual([{ reviewerId: best1.user._id, status: 'Mail Sent' }]);

    // Mail alone does not assign the paper.
    expect((await get(`/api/reviewer/assigned-papers/${best1.user._id}`, best1)).json()).toEqual([]);
    const early = await post(`/api/reviewer/add-comment/${paper._id}`, best1, { reviewerId: best1.user._id, text: 'Too early' });
    expect(early.statusCode).toBe(403);

    const sent = await post('/api/editor/send-paper', editor, { paperId: paper._id, reviewerId: best1.user._id });
    expect(sent.json()).toEqual({ message: 'Paper sent to Best One' });
    expect((await post('/api/editor/send-paper', editor, { paperId: paper._id, reviewerId: best1.user._id })).statusCode).toBe(200);
    expect(await statuses()).toEqual([{ reviewerId: best1.user._id, status: 'Sent' }]);

    const assigned = (await get(`/api/reviewer/assigned-papers/${best1.user._id}`, best1)).json();
    expect(assigned.map((p: { _id: string }) => p._id)).toEqual([paper._id]);

    const c = await post(`/api/reviewer/add-comment/${paper._id}`, best1, { reviewerId: best1.user._id, text: '  Clear and useful.  ' });
    expect(c.statusCode).toBe(201);
    expect(c.json()).toEqual({ message: 'Comment saved!' });

    const r = await post('/api/reviewer/respond', best1, { paperId: paper._id, email: best1.user.email, status: 'Accepted' });
    expect(r.json()).toEqual({ message: 'Paper Accepted!' });
    expect(await statuses()).toEqual([{ reviewerId: best1.user._id, status: 'Accepted' }]);

    // The editor's later actions never overwrite the reviewer's answer.
    await post('/api/editor/send-paper', editor, { paperId: paper._id, reviewerId: best1.user._id });
    expect(await statuses()).toEqual([{ reviewerId: best1.user._id, status: 'Accepted' }]);

    const detail = (await get(`/api/author/paper/${paper._id}`, author)).json();
    expect(detail.latestComment).toEqual({ comment: 'Clear and useful.', commentedAt: expect.any(String) });
    // Reviewing is anonymous to authors (docs/product.md#who-sees-whom): the reviewer is "Reviewer 1", never an e-mail or id.
    expect(detail.paper.reviewResponses).toEqual({ 'Reviewer 1': 'Accepted' });
    expect(detail.paper.comments).toEqual([{ text: 'Clear and useful.', reviewerId: 'Reviewer 1', createdAt: expect.any(String) }]);

    const declined = await post('/api/reviewer/respond', best1, { paperId: paper._id, email: best1.user.email, status: 'Declined' });
    expect(declined.json()).toEqual({ message: 'Paper Declined!' });
  });

  test('a reviewer cannot read, comment on or answer a paper not sent to them', async () => {
    const paper = await submitPaper(t.app, author.auth, { keywords: ['AI'] });
    await post('/api/editor/send-paper', editor, { paperId: paper._id, reviewerId: best1.user._id });
    expect((await get(`/api/reviewer/assigned-papers/${best1.user._id}`, best2)).statusCode).toBe(403);
    expect((await get(`/api/reviewer/assigned-papers/${best1.user._id}`, editor)).statusCode).toBe(403);
    const c = await post(`/api/reviewer/add-comment/${paper._id}`, best2, { reviewerId: best2.user._id, text: 'Sneaky' });
    expect(c.statusCode).toBe(403);
    expect(c.json().message).toBe('This paper has not been sent to you');
    const asOther = await post(`/api/reviewer/add-comment/${paper._id}`, best2, { reviewerId: best1.user._id, text: 'Sneaky' });
    expect(asOther.statusCode).toBe(403);
    const r = await post('/api/reviewer/respond', best2, { paperId: paper._id, email: best2.user.email, status: 'Accepted' });
    expect(r.statusCode).toBe(403);
    const forOther = await post('/api/reviewer/respond', best2, { paperId: paper._id, email: best1.user.email, status: 'Accepted' });
    expect(forOther.statusCode).toBe(403);
    expect(forOther.json().message).toBe('You can answer only for your own account');
    expect((await post(`/api/reviewer/add-comment/${paper._id}`, author, { reviewerId: author.user._id, text: 'x' })).statusCode).toBe(403);
  });

  test("the server repeats the browser's checks with the same messages", async () => {
    const paper = await submitPaper(t.app, author.auth, { keywords: ['AI'] });
    await post('/api/editor/send-paper', editor, { paperId: paper._id, reviewerId: weaker.user._id });
    const empty = await post(`/api/reviewer/add-comment/${paper._id}`, weaker, { reviewerId: weaker.user._id, text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: 'Please write a comment.' });
    const badId = await post('/api/reviewer/add-comment/xyz', weaker, { reviewerId: weaker.user._id, text: 'ok' });
    expect(badId.json()).toEqual({ message: 'Invalid paper ID format' });
    const long = await post(`/api/reviewer/add-comment/${paper._id}`, weaker, { reviewerId: weaker.user._id, text: 'x'.repeat(10_001) });
    expect(long.statusCode).toBe(400);
    expect(
      (await post(`/api/reviewer/add-comment/${paper._id}`, weaker, { reviewerId: weaker.user._id, text: 'x'.repeat(10_000) })).statusCode,
    ).toBe(201);
    const status = await post('/api/reviewer/respond', weaker, { paperId: paper._id, email: weaker.user.email, status: 'Maybe' });
    expect(status.statusCode).toBe(400);
    expect(status.json()).toEqual({ message: 'Status must be Accepted or Declined' });
  });

  test('send-mail checks the reviewer, and a mail the server cannot deliver yet is queued and says so', async () => {
    const paper = await submitPaper(t.app, author.auth, { keywords: ['AI'] });
    const mismatch = await post(`/api/send-mail/${encodeURIComponent(best2.user.email)}`, editor, {
      paperId: paper._id,
      reviewerId: best1.user._id,
    });
    expect(mismatch.statusCode).toBe(400);
    const notReviewer = await post(`/api/send-mail/${encodeURIComponent(author.user.email)}`, editor, {
      paperId: paper._id,
      reviewerId: author.user._id,
    });
    expect(notReviewer.statusCode).toBe(404);
    expect(
      (await post(`/api/send-mail/${encodeURIComponent(best1.user.email)}`, author, { paperId: paper._id, reviewerId: best1.user._id }))
        .statusCode,
    ).toBe(403);

    const down = await startTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const ed = await signupAs(down.app, 'Editor');
      const au = await signupAs(down.app, 'Author');
      const rv = await signupAs(down.app, 'Reviewer', { tags: ['AI'] });
      const p = await submitPaper(down.app, au.auth);
      const res = await down.app.inject({
        method: 'POST',
        url: `/api/send-mail/${encodeURIComponent(rv.user.email)}`,
        headers: ed.auth,
        payload: { paperId: p._id, reviewerId: rv.user._id },
      });
      // The mail is queued (docs/product.md#mail): the answer says so, and the first failed attempt is logged.
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({
        message: `Mail to ${rv.user.email} is queued: the mail server is not answering, it will be sent when it does`,
        result: 'queued',
      });
      const log = await down.app.database.db.select().from(mailLog).where(eq(mailLog.template, 'reviewInvitation'));
      expect(log.map((m) => m.result)).toEqual(['failed']);
      const st = await down.app.inject({ url: `/api/reviewer/status/${p._id}`, headers: ed.auth });
      expect(st.json()).toEqual([{ reviewerId: rv.user._id, status: 'Mail Sent' }]);
    } finally {
      await down.close();
    }
  });

  test("without SMTP_URL the invitation is kept in the outbox and shown in the editor's mail log", async () => {
    const local = await startTestApp();
    try {
      const ed = await signupAs(local.app, 'Editor');
      const au = await signupAs(local.app, 'Author');
      const rv = await signupAs(local.app, 'Reviewer', { tags: ['AI'] });
      const p = await submitPaper(local.app, au.auth, { title: 'Outbox paper' });
      const res = await local.app.inject({
        method: 'POST',
        url: `/api/send-mail/${encodeURIComponent(rv.user.email)}`,
        headers: ed.auth,
        payload: { paperId: p._id, reviewerId: rv.user._id },
      });
      expect(res.json()).toMatchObject({
        message: `Mail is not configured: the mail to ${rv.user.email} is kept in the outbox, nothing was sent`,
        result: 'outbox',
      });
      const messages = (await local.app.inject({ url: '/api/editor/messages', headers: ed.auth })).json();
      expect(messages.mails.filter((m: { template: string }) => m.template === 'reviewInvitation')).toEqual([
        expect.objectContaining({ to: rv.user.email, subject: 'Invitation to review: Outbox paper', result: 'outbox' }),
      ]);
    } finally {
      await local.close();
    }
  });
});

describe('keynote admin content', () => {
  test('editors add and remove speakers and news; the public reads them; others may not change them', async () => {
    const add = await post('/api/news', editor, { name: 'Conference tour', description: 'Island tour on 29 December' });
    expect(add.statusCode).toBe(201);
    expect((await get('/api/news', null)).json()).toEqual([
      { _id: add.json().item._id, name: 'Conference tour', description: 'Island tour on 29 December' },
    ]);
    expect((await post('/api/news', author, { name: 'x' })).statusCode).toBe(403);
    expect((await post('/api/news', null, { name: 'x' })).statusCode).toBe(401);
    expect((await post('/api/news', editor, { name: '' })).json()).toEqual({ message: 'Name is required' });
    const sp = await post('/api/keynote-speakers', editor, {
      name: 'Speaker to be announced',
      designation: 'Professor',
      position: 'Sample University',
    });
    expect(sp.statusCode).toBe(201);
    expect((await get('/api/keynote-speakers', null)).json()).toEqual([
      { _id: sp.json().speaker._id, name: 'Speaker to be announced', designation: 'Professor', position: 'Sample University', photo: null },
    ]);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/keynote-speakers/${sp.json().speaker._id}`, headers: best1.auth })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/keynote-speakers/${sp.json().speaker._id}`, headers: editor.auth })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/news/${add.json().item._id}`, headers: editor.auth })).statusCode).toBe(200);
    expect((await get('/api/keynote-speakers', null)).json()).toEqual([]);
    expect((await get('/api/news', null)).json()).toEqual([]);
  });
});

describe('editor search and single paper', () => {
  test('q finds papers by title words, id and tag; a single paper by id', async () => {
    const p = await submitPaper(t.app, author.auth, { title: 'Quantum widgets 100% better_ever', keywords: ['Quantum Computing'] });
    const find = async (q: string) =>
      (await get(`/api/editor/papers?q=${encodeURIComponent(q)}`, editor)).json().map((x: { _id: string }) => x._id);
    expect(await find('quantum WIDGETS')).toEqual([p._id]);
    expect(await find(p._id)).toEqual([p._id]);
    expect(await find('quantum computing')).toContain(p._id);
    expect(await find('100%')).toEqual([p._id]);
    expect(await find('no such words anywhere')).toEqual([]);
    const one = await get(`/api/editor/papers/${p._id}`, editor);
    expect(one.json()).toMatchObject({ _id: p._id, title: p.title });
    expect((await get('/api/editor/papers/0123456789abcdef01234567', editor)).statusCode).toBe(404);
    expect((await get(`/api/editor/papers/${p._id}`, author)).statusCode).toBe(403);
  });
});
