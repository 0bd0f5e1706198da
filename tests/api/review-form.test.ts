import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSmtpListener } from '../support/smtp';
import { startTestApp, type TestApp } from '../support/app';
import { submitPaper } from '../support/multipart';
import { signupAs, type SignedUp } from '../support/users';

/** Decision 0031: the conference's own review form — the editor's questions, answers in reviews, what authors see. */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
let editor: SignedUp;

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, who: SignedUp, payload?: object) =>
  t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
const addQuestion = async (body: object) => {
  const res = await call('POST', '/api/editor/review-form/questions', editor, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; label: string; position: number };
};
const patch = (id: string, body: object) => call('PATCH', `/api/editor/review-form/questions/${id}`, editor, body);
const review = (paperId: string, who: SignedUp, answers?: object, extra: object = {}) =>
  call('PUT', `/api/reviewer/review/${paperId}`, who, {
    recommendation: 4,
    confidence: 3,
    commentsToAuthors: 'Solid work.',
    ...(answers ? { answers } : {}),
    ...extra,
  });
const decisionMailsTo = (email: string) =>
  smtp.mails.filter((m) => m.to.includes(email) && m.raw.includes('Subject: Decision on your paper'));
const decodeQuotedPrintable = (raw: string) =>
  Buffer.from(
    raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');

async function paperWithReviewer() {
  const author = await signupAs(t.app, 'Author');
  const reviewer = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
  const paper = await submitPaper(t.app, author.auth, { keywords: ['AI'] });
  expect((await call('POST', '/api/editor/send-paper', editor, { paperId: paper._id, reviewerId: reviewer.user._id })).statusCode).toBe(
    200,
  );
  return { author, reviewer, paperId: paper._id as string };
}

beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await startTestApp({ SMTP_URL: smtp.url });
  editor = await signupAs(t.app, 'Editor');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

// One form for the whole file: the tests run in order and build on it.
let novelty: { id: string };
let fit: { id: string };
let secret: { id: string };

describe('the editor shapes the form', () => {
  test('add, list, edit, reorder, retire and restore; every change audited', async () => {
    expect((await call('GET', '/api/editor/review-form', editor)).json()).toEqual([]);
    novelty = await addQuestion({
      kind: 'score',
      label: 'Novelty',
      options: ['None', 'Some', 'Much', 'Groundbreaking'],
      visibility: 'authors',
      required: true,
    });
    fit = await addQuestion({
      kind: 'choice',
      label: 'Fit to the conference',
      description: 'Does it belong here?',
      options: ['Good', 'Poor'],
      visibility: 'authors',
    });
    secret = await addQuestion({ kind: 'text', label: 'Suspected plagiarism', visibility: 'committee' });
    const list = (await call('GET', '/api/editor/review-form', editor)).json() as Array<{
      label: string;
      position: number;
      retired: boolean;
    }>;
    expect(list.map((q) => [q.label, q.position, q.retired])).toEqual([
      ['Novelty', 1, false],
      ['Fit to the conference', 2, false],
      ['Suspected plagiarism', 3, false],
    ]);

    const moved = await patch(secret.id, { move: 'up' });
    expect(moved.json()).toMatchObject({ position: 2 });
    expect((await patch(secret.id, { position: 3 })).json()).toMatchObject({ position: 3 });
    const edited = await patch(fit.id, { label: 'Fit', options: ['Good', 'Fair', 'Poor'], required: false });
    expect(edited.json()).toMatchObject({
      label: 'Fit',
      options: ['Good', 'Fair', 'Poor'],
      description: 'Does it belong here?',
      kind: 'choice',
    });

    const temp = await addQuestion({ kind: 'text', label: 'Temporary', visibility: 'authors' });
    expect((await patch(temp.id, { retired: true })).json()).toMatchObject({ retired: true });
    const current = (await call('GET', '/api/review-form', editor)).json() as Array<{ label: string; position: number }>;
    expect(current.map((q) => [q.label, q.position])).toEqual([
      ['Novelty', 1],
      ['Fit', 2],
      ['Suspected plagiarism', 3],
    ]);
    expect((await call('GET', '/api/editor/review-form', editor)).json().at(-1)).toMatchObject({ label: 'Temporary', retired: true });
    expect((await patch(temp.id, { move: 'up' })).statusCode).toBe(409);
    expect((await patch(temp.id, { retired: false })).json()).toMatchObject({ retired: false, position: 4 });
    await patch(temp.id, { retired: true });

    const audit = (await call('GET', '/api/editor/audit?limit=50', editor)).json() as
      { entries?: Array<{ action: string }> } | Array<{ action: string }>;
    const actions = (Array.isArray(audit) ? audit : (audit.entries ?? [])).map((e) => e.action);
    expect(actions.filter((a) => a === 'review-form.create')).toHaveLength(4);
    expect(actions.filter((a) => a === 'review-form.update').length).toBeGreaterThanOrEqual(6);
  });

  test('bad questions are 400 with the reason; an unknown question is 404', async () => {
    for (const [body, message] of [
      [
        { kind: 'score', label: 'S', options: ['only one'], visibility: 'authors' },
        'A score question needs the labels of 1 to n: from 2 to 10 of them',
      ],
      [{ kind: 'choice', label: 'C', options: ['a', 'A'], visibility: 'authors' }, 'Each option may appear only once'],
      [{ kind: 'text', label: 'T', options: ['x'], visibility: 'authors' }, 'A text question has no options'],
      [{ kind: 'slider', label: 'T', visibility: 'authors' }, 'kind must be score, choice or text'],
      [{ kind: 'text', label: '', visibility: 'authors' }, 'label is required'],
      [{ kind: 'text', label: 'T', visibility: 'public' }, 'visibility must be authors or committee'],
    ] as const) {
      const res = await call('POST', '/api/editor/review-form/questions', editor, body);
      expect([res.statusCode, res.json().message], JSON.stringify(body)).toEqual([400, message]);
    }
    const tooFew = await patch(fit.id, { options: ['Only'] });
    expect([tooFew.statusCode, tooFew.json().message]).toEqual([400, 'A choice question needs from 2 to 20 options']);
    const unknown = await patch('0123456789abcdef01234567', { label: 'X' });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'Question not found']);
  });

  test('only the editor changes the form; reviewers read it, authors do not', async () => {
    const reviewer = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
    const author = await signupAs(t.app, 'Author');
    expect((await call('GET', '/api/review-form', reviewer)).json().map((q: { label: string }) => q.label)).toEqual([
      'Novelty',
      'Fit',
      'Suspected plagiarism',
    ]);
    expect((await call('GET', '/api/review-form', author)).statusCode).toBe(403);
    expect((await call('GET', '/api/editor/review-form', reviewer)).statusCode).toBe(403);
    expect(
      (await call('POST', '/api/editor/review-form/questions', reviewer, { kind: 'text', label: 'X', visibility: 'authors' })).statusCode,
    ).toBe(403);
    expect((await call('PATCH', `/api/editor/review-form/questions/${fit.id}`, author, { label: 'X' })).statusCode).toBe(403);
  });
});

describe('answers in reviews', () => {
  test('unknown question, out of scale, not an option, required missing: 400 with the message', async () => {
    const { reviewer, paperId } = await paperWithReviewer();
    for (const [answers, message] of [
      [{ [novelty.id]: 2, nope: 'x' }, 'Unknown question: nope'],
      [{ [novelty.id]: 5 }, 'Novelty must be a whole number from 1 to 4'],
      [{ [novelty.id]: 2.5 }, 'Novelty must be a whole number from 1 to 4'],
      [{ [novelty.id]: 2, [fit.id]: 'Great' }, 'Fit must be one of Good, Fair, Poor'],
      [{ [fit.id]: 'Good' }, 'Novelty is required'],
      [undefined, 'Novelty is required'],
      [{ [novelty.id]: 2, [secret.id]: 'x'.repeat(20_001) }, 'Suspected plagiarism is too long (at most 20,000 characters)'],
    ] as const) {
      const res = await review(paperId, reviewer, answers);
      expect([res.statusCode, res.json().message], JSON.stringify(answers)?.slice(0, 80)).toEqual([400, message]);
    }
    expect((await call('GET', `/api/reviewer/review/${paperId}`, reviewer)).json()).toBeNull();
  });

  test('answers are saved, returned to the reviewer and shown to the editor with labels and visibility; the export has a column each', async () => {
    const { reviewer, paperId } = await paperWithReviewer();
    const saved = await review(paperId, reviewer, { [novelty.id]: 3, [fit.id]: 'Fair', [secret.id]: '  Copied from a 2019 paper.  ' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().review.answers).toEqual({ [novelty.id]: 3, [fit.id]: 'Fair', [secret.id]: 'Copied from a 2019 paper.' });
    expect((await call('GET', `/api/reviewer/review/${paperId}`, reviewer)).json().answers).toMatchObject({ [novelty.id]: 3 });
    const [editorView] = (await call('GET', `/api/editor/papers/${paperId}/reviews`, editor)).json();
    expect(editorView.answers).toEqual([
      { questionId: novelty.id, label: 'Novelty', visibility: 'authors', value: 3, text: '3 — Much', retired: false },
      { questionId: fit.id, label: 'Fit', visibility: 'authors', value: 'Fair', text: 'Fair', retired: false },
      {
        questionId: secret.id,
        label: 'Suspected plagiarism',
        visibility: 'committee',
        value: 'Copied from a 2019 paper.',
        text: 'Copied from a 2019 paper.',
        retired: false,
      },
    ]);
    // The decisions page's mean of each score question over the paper's reviews.
    expect((await call('GET', `/api/editor/papers/${paperId}`, editor)).json().questionMeans).toEqual([
      { label: 'Novelty', mean: 3, count: 1 },
    ]);
    const csv = (await call('GET', '/api/editor/exports/reviews.csv', editor)).body;
    const [header] = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toContain('"Novelty","Fit","Suspected plagiarism"');
    expect(csv).toContain('"3","Fair","Copied from a 2019 paper."');
  });

  test('a score scale never shrinks below an answer given (409); it may grow', async () => {
    const refused = await patch(novelty.id, { options: ['None', 'Some'] });
    expect([refused.statusCode, refused.json().message]).toEqual([409, 'Novelty has answers up to 3: its scale needs at least 3 labels']);
    expect((await patch(novelty.id, { options: ['None', 'Some', 'Much', 'Groundbreaking', 'Historic'] })).statusCode).toBe(200);
    expect((await patch(novelty.id, { options: ['None', 'Some', 'Much', 'Groundbreaking'] })).statusCode).toBe(200);
  });

  test('a retired question keeps its answers readable, and saving again keeps them; reviews before a question stay valid', async () => {
    const { reviewer, paperId } = await paperWithReviewer();
    const clarity = await addQuestion({ kind: 'score', label: 'Clarity', options: ['Poor', 'Fine', 'Great'], visibility: 'authors' });
    expect((await review(paperId, reviewer, { [novelty.id]: 1, [clarity.id]: 2 })).statusCode).toBe(200);
    await patch(clarity.id, { retired: true });
    // Answering the retired question now is an unknown question; the saved answer stays after another save.
    expect((await review(paperId, reviewer, { [novelty.id]: 2, [clarity.id]: 3 })).json().message).toBe(`Unknown question: ${clarity.id}`);
    expect((await review(paperId, reviewer, { [novelty.id]: 2 })).json().review.answers).toEqual({ [novelty.id]: 2, [clarity.id]: 2 });
    const [view] = (await call('GET', `/api/editor/papers/${paperId}/reviews`, editor)).json();
    expect(view.answers.at(-1)).toEqual({
      questionId: clarity.id,
      label: 'Clarity',
      visibility: 'authors',
      value: 2,
      text: '2 — Fine',
      retired: true,
    });
    // A question added after a review leaves that review as it was (and readable).
    const later = await addQuestion({ kind: 'text', label: 'Later question', visibility: 'authors', required: true });
    expect((await call('GET', `/api/editor/papers/${paperId}/reviews`, editor)).statusCode).toBe(200);
    await patch(later.id, { retired: true });
  });
});

describe('authors never see committee-only answers', () => {
  test("the author's paper and the decision mail carry the authors-visible answers only", async () => {
    const { author, reviewer, paperId } = await paperWithReviewer();
    expect(
      (await review(paperId, reviewer, { [novelty.id]: 4, [fit.id]: 'Good', [secret.id]: 'COMMITTEE-ONLY suspicion' })).statusCode,
    ).toBe(200);
    await call('PUT', `/api/editor/papers/${paperId}/decision`, editor, { decision: 'Accepted' });
    const preview = await call('POST', '/api/editor/notify', editor, { paperIds: [paperId], dryRun: true });
    expect(preview.json().preview[0].text).toContain('Novelty: 4 — Groundbreaking');
    expect(preview.json().preview[0].text).not.toContain('COMMITTEE-ONLY');
    expect((await call('POST', '/api/editor/notify', editor, { paperIds: [paperId] })).json()).toMatchObject({ sent: 1 });
    await expect.poll(() => decisionMailsTo(author.user.email).length, { timeout: 20_000 }).toBe(1);
    const mail = decodeQuotedPrintable(decisionMailsTo(author.user.email)[0]!.raw);
    expect(mail).toContain('Novelty: 4 — Groundbreaking');
    expect(mail).toContain('Fit: Good');
    expect(mail).not.toContain('COMMITTEE-ONLY');
    expect(mail).not.toContain('Suspected plagiarism');

    const res = await call('GET', `/api/author/paper/${paperId}`, author);
    expect(res.json().paper.reviews).toEqual([
      expect.objectContaining({
        recommendation: 4,
        answers: [
          { label: 'Novelty', text: '4 — Groundbreaking' },
          { label: 'Fit', text: 'Good' },
        ],
      }),
    ]);
    expect(res.body).not.toContain('COMMITTEE-ONLY');
    expect(res.body).not.toContain('Suspected plagiarism');
    const list = await call('GET', '/api/author/papers', author);
    if (list.statusCode === 200) expect(list.body).not.toContain('COMMITTEE-ONLY');
  });
});
