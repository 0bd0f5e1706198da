import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newId } from '../../src/core/ids';
import { startTestApp, type TestApp } from '../support/app';
import { submitPaper } from '../support/multipart';
import { signupAs, verifyEmail, type SignedUp } from '../support/users';

/**
 * docs/product.md#who-sees-whom: bidding must not tell who wrote a paper. A new reviewer account at the author's domain used to
 * get the paper hidden and 404 on a bid, another domain the title and 200: one signup per guess told whether
 * a domain (or an exact address) was on a paper's author list. Now an account bids only once its address is
 * verified (so a guess costs a mailbox the guesser reads), and a paper hidden by a conflict answers exactly
 * as a paper that does not exist, on every reviewer route that takes a paper id.
 */
let t: TestApp;
let editor: SignedUp;
const stamp = Date.now().toString(36);
const institution = `uni-x-${stamp}.edu`;
const VERIFY_FIRST =
  'Verify your email address before bidding: open the link we mailed you, or choose "Verify email" at the top of the page to get a new one.';

let hiddenPaper: string;
let openPaper: string;
const hiddenTitle = `Hidden by a conflict ${stamp}`;
const openTitle = `Open to everyone ${stamp}`;

const put = (url: string, who: SignedUp, payload: object) =>
  t.app.inject({ method: 'PUT', url, headers: who.auth, payload: payload as Record<string, unknown> });
const post = (url: string, who: SignedUp, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: who.auth, payload: payload as Record<string, unknown> });
const get = (url: string, who: SignedUp) => t.app.inject({ url, headers: who.auth });
const answer = (res: { statusCode: number; body: string }) => ({ status: res.statusCode, body: JSON.parse(res.body) as unknown });
/** Every reviewer-facing request that names a paper id, as `who` sends it. */
const paperRoutes = (who: SignedUp) => ({
  'bid eager': (id: string) => put(`/api/reviewer/bid/${id}`, who, { bid: 'eager' }),
  'bid conflict (declare a conflict)': (id: string) => put(`/api/reviewer/bid/${id}`, who, { bid: 'conflict' }),
  'bid withdrawn': (id: string) => put(`/api/reviewer/bid/${id}`, who, { bid: null }),
  'read own review': (id: string) => get(`/api/reviewer/review/${id}`, who),
  'save a review': (id: string) => put(`/api/reviewer/review/${id}`, who, { recommendation: 3, confidence: 3, commentsToAuthors: 'x' }),
  comment: (id: string) => post(`/api/reviewer/add-comment/${id}`, who, { reviewerId: who.user._id, text: 'x' }),
  accept: (id: string) => post('/api/reviewer/respond', who, { paperId: id, email: who.user.email, status: 'Accepted' }),
});

beforeAll(async () => {
  t = await startTestApp();
  editor = await signupAs(t.app, 'Editor', { email: `chair.${stamp}@chair-${stamp}.example` });
  const author = await signupAs(t.app, 'Author', { email: `prof.${stamp}@${institution}` });
  hiddenPaper = (await submitPaper(t.app, author.auth, { title: hiddenTitle, keywords: ['AI'] }))._id;
  const other = await signupAs(t.app, 'Author', { email: `someone.${stamp}@elsewhere-${stamp}.org` });
  openPaper = (await submitPaper(t.app, other.auth, { title: openTitle, keywords: ['AI'] }))._id;
});
afterAll(async () => {
  await t?.close();
});

describe('an unverified reviewer may not bid', () => {
  test('the bidding list answers 403 with what to do, and no title; a bid answers the same 403 on any paper id', async () => {
    const insider = await signupAs(t.app, 'Reviewer', { email: `guess.${stamp}@${institution}`, tags: ['AI'] });
    const outsider = await signupAs(t.app, 'Reviewer', { email: `guess.${stamp}@nowhere-${stamp}.org`, tags: ['AI'] });
    for (const who of [insider, outsider]) {
      const list = await get('/api/reviewer/bidding', who);
      expect(answer(list)).toEqual({ status: 403, body: { message: VERIFY_FIRST } });
      expect(list.body).not.toContain(hiddenTitle);
      expect(list.body).not.toContain(openTitle);
      for (const id of [hiddenPaper, openPaper, newId()]) {
        expect(answer(await put(`/api/reviewer/bid/${id}`, who, { bid: 'eager' })), id).toEqual({
          status: 403,
          body: { message: VERIFY_FIRST },
        });
      }
      // Who may bid is settled before the paper id or the body is read.
      expect(answer(await put('/api/reviewer/bid/not-an-id', who, { bid: 'maybe' }))).toEqual({
        status: 403,
        body: { message: VERIFY_FIRST },
      });
    }
    expect((await get(`/api/editor/papers/${openPaper}/conflicts`, editor)).json()).toEqual([]);
  });

  test('once verified, the same account bids', async () => {
    const reviewer = await signupAs(t.app, 'Reviewer', { email: `later.${stamp}@nowhere-${stamp}.org`, tags: ['AI'] });
    expect((await put(`/api/reviewer/bid/${openPaper}`, reviewer, { bid: 'willing' })).statusCode).toBe(403);
    await verifyEmail(t.app, reviewer);
    expect(answer(await put(`/api/reviewer/bid/${openPaper}`, reviewer, { bid: 'willing' }))).toEqual({
      status: 200,
      body: { paperId: openPaper, bid: 'willing' },
    });
    expect(((await get('/api/reviewer/bidding', reviewer)).json() as Array<{ _id: string }>).map((p) => p._id)).toEqual([
      openPaper,
      hiddenPaper,
    ]);
  });
});

describe('a paper hidden by a conflict answers as a paper that does not exist', () => {
  test("for a verified reviewer at the author's domain, every paper route answers the hidden paper exactly as a random id", async () => {
    const insider = await signupAs(t.app, 'Reviewer', { email: `colleague.${stamp}@${institution}`, tags: ['AI'] });
    const outsider = await signupAs(t.app, 'Reviewer', { email: `visitor.${stamp}@faraway-${stamp}.org`, tags: ['AI'] });
    await verifyEmail(t.app, insider);
    await verifyEmail(t.app, outsider);
    for (const [name, call] of Object.entries(paperRoutes(insider))) {
      const hidden = answer(await call(hiddenPaper));
      const missing = answer(await call(newId()));
      expect(hidden, name).toEqual(missing);
      // ...and as the same request about a missing paper from an account at another domain.
      expect(answer(await paperRoutes(outsider)[name as keyof ReturnType<typeof paperRoutes>](newId())), name).toEqual(missing);
    }
    expect(answer(await put(`/api/reviewer/bid/${hiddenPaper}`, insider, { bid: 'eager' }))).toEqual({
      status: 404,
      body: { message: 'Paper not found' },
    });
  });

  test('the bidding list leaves the hidden paper out as if it did not exist: same shape, the other papers alike', async () => {
    const insider = await signupAs(t.app, 'Reviewer', { email: `lister.${stamp}@lab.${institution}`, tags: ['AI'] });
    const outsider = await signupAs(t.app, 'Reviewer', { email: `lister.${stamp}@far-${stamp}.org`, tags: ['AI'] });
    await verifyEmail(t.app, insider);
    await verifyEmail(t.app, outsider);
    const mine = await get('/api/reviewer/bidding', insider);
    const theirs = await get('/api/reviewer/bidding', outsider);
    expect(mine.statusCode).toBe(200);
    expect(theirs.statusCode).toBe(200);
    expect(mine.body).not.toContain(hiddenTitle);
    const without = (theirs.json() as Array<{ _id: string }>).filter((p) => p._id !== hiddenPaper);
    expect(mine.json()).toEqual(without);
  });

  test('while approval is on, a verified reviewer waiting for it hears the same 403 for an existing and a missing paper', async () => {
    await put('/api/editor/settings', editor, { reviewerApproval: true });
    try {
      const waiting = await signupAs(t.app, 'Reviewer', { email: `waiting.${stamp}@wait-${stamp}.org`, tags: ['AI'] });
      await verifyEmail(t.app, waiting);
      const existing = answer(await put(`/api/reviewer/bid/${openPaper}`, waiting, { bid: 'eager' }));
      expect(existing.status).toBe(403);
      expect(answer(await put(`/api/reviewer/bid/${newId()}`, waiting, { bid: 'eager' }))).toEqual(existing);
      expect((await get('/api/reviewer/bidding', waiting)).json()).toEqual([]);
    } finally {
      await put('/api/editor/settings', editor, { reviewerApproval: false });
    }
  });
});
