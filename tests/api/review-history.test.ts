import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newId } from '../../src/core/ids';
import { authorResponses, metaReviews, papers, reviewQuestions, reviews, users } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../support/app';
import { submitPaper } from '../support/multipart';
import { signupAs, uniqueAddress, type SignedUp } from '../support/users';

/** Decision 0034 and docs/product.md#deliberation: a review's history, the chairs' rating of reviews, and the anonymised review export. */
let t: TestApp;
let editor: SignedUp;
let chair: SignedUp;
let conflictedChair: SignedUp;
let otherChair: SignedUp;
const unique = () => Math.random().toString(36).slice(2, 8);

const put = (url: string, who: SignedUp, payload: object) =>
  t.app.inject({ method: 'PUT', url, headers: who.auth, payload: payload as Record<string, unknown> });
const post = (url: string, who: SignedUp, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: who.auth, payload: payload as Record<string, unknown> });
const get = (url: string, who: SignedUp) => t.app.inject({ url, headers: who.auth });
const versionsUrl = (paperId: string, reviewerId: string) => `/api/editor/papers/${paperId}/reviews/${reviewerId}/versions`;
const ratingUrl = (paperId: string, reviewerId: string) => `/api/editor/papers/${paperId}/reviews/${reviewerId}/rating`;

/** A paper on track-2 (the chairs' track) sent to the reviewers given. */
async function paperWith(author: SignedUp, ...reviewers: SignedUp[]) {
  const paper = await submitPaper(t.app, author.auth, { keywords: ['AI'], title: `History ${unique()}` });
  for (const r of reviewers)
    expect((await post('/api/editor/send-paper', editor, { paperId: paper._id, reviewerId: r.user._id, override: true })).statusCode).toBe(
      200,
    );
  return paper;
}

beforeAll(async () => {
  t = await startTestApp();
  editor = await signupAs(t.app, 'Editor', { name: `Edna Editor ${unique()}` });
  const emails = { chair: uniqueAddress('chair'), conflicted: uniqueAddress('conflicted'), other: uniqueAddress('other') };
  expect((await put('/api/editor/tracks/track-2/chairs', editor, { emails: [emails.chair, emails.conflicted] })).statusCode).toBe(200);
  expect((await put('/api/editor/tracks/track-1/chairs', editor, { emails: [emails.other] })).statusCode).toBe(200);
  chair = await signupAs(t.app, 'Editor', { email: emails.chair, name: `Chad Chair ${unique()}` });
  conflictedChair = await signupAs(t.app, 'Editor', { email: emails.conflicted, name: `Connie Conflicted ${unique()}` });
  otherChair = await signupAs(t.app, 'Editor', { email: emails.other, name: `Otto Other ${unique()}` });
  for (const c of [chair, conflictedChair, otherChair])
    await t.app.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, c.user._id));
});
afterAll(async () => {
  await t?.close();
});

describe('review history', () => {
  test('three saves are three versions, newest first, each with what changed from the one before; the author sees only the latest text', async () => {
    const author = await signupAs(t.app, 'Author');
    const reviewer = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
    const paper = await paperWith(author, reviewer);
    const save = (body: object) => put(`/api/reviewer/review/${paper._id}`, reviewer, body);
    expect(
      (await save({ recommendation: 2, confidence: 3, commentsToAuthors: 'The method is weak and the baseline is missing.' })).statusCode,
    ).toBe(200);
    expect(
      (await save({ recommendation: 4, confidence: 3, commentsToAuthors: 'The method is sound and the baseline is missing.' })).statusCode,
    ).toBe(200);
    expect(
      (
        await save({
          recommendation: 4,
          confidence: 5,
          commentsToAuthors: 'The method is sound and the baseline is convincing.',
          commentsToEditor: 'Private remark',
        })
      ).statusCode,
    ).toBe(200);

    const res = await get(versionsUrl(paper._id, reviewer.user._id), editor);
    expect(res.statusCode).toBe(200);
    const { versions, rating } = res.json();
    expect(rating).toBeNull();
    expect(versions.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    expect(new Date(versions[0].savedAt).getTime()).toBeGreaterThanOrEqual(new Date(versions[2].savedAt).getTime());
    expect(versions[2].changes).toEqual([]);
    expect(versions[1].changes).toEqual([
      {
        field: 'recommendation',
        label: 'Recommendation',
        parts: [
          { kind: 'removed', text: 'Weak reject (2)' },
          { kind: 'added', text: 'Weak accept (4)' },
        ],
      },
      {
        field: 'commentsToAuthors',
        label: 'Comments to authors',
        parts: [
          { kind: 'same', text: 'The method is ' },
          { kind: 'removed', text: 'weak' },
          { kind: 'added', text: 'sound' },
          { kind: 'same', text: ' and the baseline is missing.' },
        ],
      },
    ]);
    const third = versions[0].changes as Array<{ field: string; parts: Array<{ kind: string; text: string }> }>;
    expect(third.map((c) => c.field)).toEqual(['confidence', 'commentsToAuthors', 'commentsToEditor']);
    expect(third[1]!.parts).toContainEqual({ kind: 'removed', text: 'missing' });
    expect(third[1]!.parts).toContainEqual({ kind: 'added', text: 'convincing' });
    expect(third[2]!.parts).toEqual([{ kind: 'added', text: 'Private remark' }]);

    // The chair of the paper's track sees it too.
    expect((await get(versionsUrl(paper._id, reviewer.user._id), chair)).json().versions).toHaveLength(3);
    // The paper's reviews say how many versions there are and the rating, so the page reads the versions only when opened.
    const listed = (await get(`/api/editor/papers/${paper._id}/reviews`, editor)).json() as Array<{
      reviewerId: string;
      versions: number;
      rating: unknown;
    }>;
    expect(listed.find((r) => r.reviewerId === reviewer.user._id)).toMatchObject({ versions: 3, rating: null });
    expect(
      (await put(`/api/editor/papers/${paper._id}/reviews/${reviewer.user._id}/rating`, editor, { rating: 'adequate', note: 'Fine.' }))
        .statusCode,
    ).toBe(200);
    const rated = (await get(`/api/editor/papers/${paper._id}/reviews`, chair)).json() as Array<{ reviewerId: string; rating: unknown }>;
    expect(rated.find((r) => r.reviewerId === reviewer.user._id)?.rating).toMatchObject({ rating: 'adequate', note: 'Fine.' });

    // The author, once notified, sees the latest text to authors only.
    expect((await put(`/api/editor/papers/${paper._id}/decision`, editor, { decision: 'Accepted' })).statusCode).toBe(200);
    expect((await post('/api/editor/notify', editor, { paperIds: [paper._id] })).json()).toMatchObject({ sent: 1 });
    const seen = await get(`/api/author/paper/${paper._id}`, author);
    expect(seen.json().paper.reviews).toEqual([
      expect.objectContaining({ commentsToAuthors: 'The method is sound and the baseline is convincing.' }),
    ]);
    const body = seen.body;
    for (const old of ['weak', 'missing', 'Private remark', 'versions']) expect(body).not.toContain(old);
  });

  test("history and rating: 404 for a review never saved or an unknown paper; conflicted chair 403; another track's chair 404; reviewers and authors 403", async () => {
    const author = await signupAs(t.app, 'Author');
    const reviewer = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
    const silent = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
    const paper = await paperWith(author, reviewer, silent);
    expect((await put(`/api/author/paper/${paper._id}/conflicts`, author, { emails: [conflictedChair.user.email] })).statusCode).toBe(200);
    expect(
      (await put(`/api/reviewer/review/${paper._id}`, reviewer, { recommendation: 3, confidence: 3, commentsToAuthors: 'Fine.' }))
        .statusCode,
    ).toBe(200);

    const rate = { rating: 'helpful', note: 'Careful and constructive.' };
    expect((await get(versionsUrl(paper._id, silent.user._id), editor)).statusCode).toBe(404);
    expect((await put(ratingUrl(paper._id, silent.user._id), editor, rate)).statusCode).toBe(404);
    expect((await get(versionsUrl(newId(), reviewer.user._id), editor)).statusCode).toBe(404);
    for (const [who, status] of [
      [conflictedChair, 403],
      [otherChair, 404],
      [reviewer, 403],
      [silent, 403],
      [author, 403],
    ] as const) {
      expect((await get(versionsUrl(paper._id, reviewer.user._id), who)).statusCode).toBe(status);
      expect((await put(ratingUrl(paper._id, reviewer.user._id), who, rate)).statusCode).toBe(status);
    }
    expect((await t.app.inject({ url: versionsUrl(paper._id, reviewer.user._id) })).statusCode).toBe(401);

    // Bad input: clear 400s.
    for (const [payload, text] of [
      [{ rating: 'great' }, 'rating must be helpful, adequate, poor or null'],
      [{ note: 'x' }, 'rating'],
      [{ rating: 'poor', note: 'x'.repeat(2001) }, 'note is too long'],
      [{ rating: 'poor', extra: 1 }, ''],
    ] as const) {
      const bad = await put(ratingUrl(paper._id, reviewer.user._id), editor, payload);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain(text);
    }

    const byChair = await put(ratingUrl(paper._id, reviewer.user._id), chair, rate);
    expect(byChair.statusCode).toBe(200);
    expect(byChair.json()).toMatchObject({ message: 'Rating saved.', rating: { rating: 'helpful', note: 'Careful and constructive.' } });
    expect((await get(versionsUrl(paper._id, reviewer.user._id), editor)).json().rating).toMatchObject({
      rating: 'helpful',
      note: 'Careful and constructive.',
    });
    const byEditor = await put(ratingUrl(paper._id, reviewer.user._id), editor, { rating: 'adequate' });
    expect(byEditor.json().rating).toMatchObject({ rating: 'adequate', note: '' });
    const cleared = await put(ratingUrl(paper._id, reviewer.user._id), editor, { rating: null });
    expect(cleared.json()).toEqual({ message: 'Rating cleared.', rating: null });
    expect((await get(versionsUrl(paper._id, reviewer.user._id), chair)).json().rating).toBeNull();

    const audit = (await get(`/api/editor/audit?action=review.&paperId=${paper._id}`, editor)).json().entries as Array<{
      action: string;
      actorId: string;
    }>;
    expect(
      audit
        .filter((e) => e.action === 'review.rate')
        .map((e) => e.actorId)
        .sort(),
    ).toEqual([chair.user._id, editor.user._id].sort());
    expect(audit.some((e) => e.action === 'review.unrate')).toBe(true);

    // Nothing of the rating reaches the reviewer.
    const own = await get(`/api/reviewer/review/${paper._id}`, reviewer);
    expect(own.body).not.toContain('Careful and constructive.');
    expect(own.body).not.toContain('rating');
  });

  test("the reviewers page shows each reviewer's number of reviews and average rating", async () => {
    const author = await signupAs(t.app, 'Author');
    const reviewer = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
    const papers = [await paperWith(author, reviewer), await paperWith(author, reviewer), await paperWith(author, reviewer)];
    for (const p of papers)
      expect(
        (await put(`/api/reviewer/review/${p._id}`, reviewer, { recommendation: 3, confidence: 3, commentsToAuthors: 'Ok.' })).statusCode,
      ).toBe(200);
    const find = async () => {
      let cursor: string | null = null;
      for (;;) {
        const page: { reviewers: Array<{ _id: string }>; nextCursor: string | null } = (
          await get(`/api/editor/reviewers?status=all&limit=200${cursor ? `&cursor=${cursor}` : ''}`, editor)
        ).json();
        const hit = page.reviewers.find((r) => r._id === reviewer.user._id);
        if (hit || !page.nextCursor) return hit;
        cursor = page.nextCursor;
      }
    };
    expect(await find()).toMatchObject({ reviews: 3, rating: { average: null, count: 0 } });
    await put(ratingUrl(papers[0]!._id, reviewer.user._id), editor, { rating: 'helpful' });
    await put(ratingUrl(papers[1]!._id, reviewer.user._id), chair, { rating: 'helpful' });
    await put(ratingUrl(papers[2]!._id, reviewer.user._id), editor, { rating: 'poor' });
    expect(await find()).toMatchObject({ reviews: 3, rating: { average: 2.33, count: 3 } });
  });
});

describe('anonymised export', () => {
  test('every counted review with stable pseudonyms, answers, meta-review and response; no name, address or id of anyone; chairs get their tracks', async () => {
    const author = await signupAs(t.app, 'Author', { name: `Ada Author ${unique()}` });
    const r1 = await signupAs(t.app, 'Reviewer', { tags: ['AI'], name: `Rhea Reviewer ${unique()}` });
    const r2 = await signupAs(t.app, 'Reviewer', { tags: ['AI'], name: `Rolf Reviewer ${unique()}` });
    const decliner = await signupAs(t.app, 'Reviewer', { tags: ['AI'], name: `Dora Decliner ${unique()}` });
    const paper = await paperWith(author, r1, r2, decliner);
    expect((await put(`/api/author/paper/${paper._id}/conflicts`, author, { emails: [conflictedChair.user.email] })).statusCode).toBe(200);
    const elsewhere = await submitPaper(t.app, author.auth, { keywords: ['AI'], title: `Track one ${unique()}` });
    const { db } = t.app.database;
    await db.update(papers).set({ trackId: 'track-1' }).where(eq(papers.id, elsewhere._id));
    const question = newId();
    await db.insert(reviewQuestions).values({ id: question, position: 1, kind: 'text', label: 'Strengths', visibility: 'committee' });
    await put(`/api/reviewer/review/${paper._id}`, r1, {
      recommendation: 5,
      confidence: 4,
      commentsToAuthors: '=HYPERLINK("x") Great paper.',
      commentsToEditor: 'Accept it',
    });
    await put(`/api/reviewer/review/${paper._id}`, r2, { recommendation: 2, confidence: 2, commentsToAuthors: 'Weak evaluation.' });
    await put(`/api/reviewer/review/${paper._id}`, decliner, {
      recommendation: 1,
      confidence: 1,
      commentsToAuthors: 'Declined later, not counted.',
    });
    expect(
      (await post('/api/reviewer/respond', decliner, { paperId: paper._id, email: decliner.user.email, status: 'Declined' })).statusCode,
    ).toBe(200);
    await db
      .update(reviews)
      .set({ answers: { [question]: 'Clear writing' } })
      .where(eq(reviews.reviewerId, r1.user._id));
    await db.insert(metaReviews).values({
      paperId: paper._id,
      authorId: chair.user._id,
      recommendation: 'Accepted',
      toAuthors: 'Meta to authors',
      toCommittee: 'Meta to committee',
    });
    await db
      .insert(authorResponses)
      .values({ paperId: paper._id, authorId: author.user._id, text: 'Thank you for the reviews.', words: 5 });
    expect(
      (await post('/api/editor/send-paper', editor, { paperId: elsewhere._id, reviewerId: r1.user._id, override: true })).statusCode,
    ).toBe(200);
    expect(
      (
        await put(`/api/reviewer/review/${elsewhere._id}`, r1, {
          recommendation: 3,
          confidence: 3,
          commentsToAuthors: 'Other track review.',
        })
      ).statusCode,
    ).toBe(200);

    const json = await get('/api/editor/exports/reviews-anonymised.json', editor);
    expect(json.statusCode).toBe(200);
    const data = json.json();
    expect(data.questions).toEqual([{ id: question, label: 'Strengths' }]);
    const entry = data.papers.find((p: { paperId: string }) => p.paperId === paper._id);
    expect(entry).toMatchObject({
      track: expect.any(String),
      decision: null,
      metaReview: { recommendation: 'Accepted', toAuthors: 'Meta to authors', toCommittee: 'Meta to committee' },
      authorResponse: { words: 5, text: 'Thank you for the reviews.' },
    });
    expect(entry.reviews).toHaveLength(2);
    for (const r of entry.reviews) expect(r.reviewer).toMatch(/^R-[0-9a-f]{12}$/);
    const first = entry.reviews.find((r: { recommendation: number }) => r.recommendation === 5);
    expect(first).toMatchObject({ confidence: 4, commentsToEditor: 'Accept it', answers: { [question]: 'Clear writing' } });
    expect(JSON.stringify(data)).not.toContain('Declined later');

    const csv = await get('/api/editor/exports/reviews-anonymised.csv', editor);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.charCodeAt(0)).toBe(0xfeff);
    expect(csv.body).toContain('"Strengths [' + question + ']"');
    expect(csv.body).toContain('"\'=HYPERLINK(""x"") Great paper."');
    expect(csv.body).toContain('"Clear writing"');
    expect(csv.body).toContain(`"${first.reviewer}"`);
    expect(csv.body).toContain('"Meta to committee"');

    // Stable across exports.
    const again = (await get('/api/editor/exports/reviews-anonymised.json', editor)).json();
    const pseudonyms = (d: typeof data) =>
      d.papers
        .flatMap((p: { reviews: Array<{ reviewer: string; recommendation: number }> }) =>
          p.reviews.map((r) => `${r.recommendation}:${r.reviewer}`),
        )
        .sort();
    expect(pseudonyms(again)).toEqual(pseudonyms(data));

    // No name, address or user id of anyone.
    const people = [author, r1, r2, decliner, editor, chair, conflictedChair, otherChair];
    for (const body of [json.body, csv.body]) {
      for (const p of people) {
        for (const secret of [p.user.name, p.user.email, p.user._id]) expect(body).not.toContain(secret);
      }
    }

    // A chair gets their tracks' papers only; the chair of another track not this paper.
    const forChair = (await get('/api/editor/exports/reviews-anonymised.json', chair)).json();
    expect(forChair.papers.map((p: { paperId: string }) => p.paperId)).toContain(paper._id);
    expect(forChair.papers.map((p: { paperId: string }) => p.paperId)).not.toContain(elsewhere._id);
    const forOther = (await get('/api/editor/exports/reviews-anonymised.csv', otherChair)).body;
    expect(forOther).not.toContain(paper._id);
    expect(forOther).toContain(elsewhere._id);
    // The conflicted chair of the same track does not get this paper.
    expect(
      (await get('/api/editor/exports/reviews-anonymised.json', conflictedChair)).json().papers.map((p: { paperId: string }) => p.paperId),
    ).not.toContain(paper._id);
    for (const who of [author, r1]) expect((await get('/api/editor/exports/reviews-anonymised.json', who)).statusCode).toBe(403);
  });
});
