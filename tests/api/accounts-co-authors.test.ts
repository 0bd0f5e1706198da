import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { users } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../support/app';
import { injectMultipart, pdfBytes, submitPaper } from '../support/multipart';
import { verifyAddress } from '../support/mailbox';
import { signupAs, type SignedUp } from '../support/users';

let t: TestApp;
let owner: SignedUp;
let editor: SignedUp;
beforeAll(async () => {
  t = await startTestApp();
  editor = await signupAs(t.app, 'Editor');
  owner = await signupAs(t.app, 'Author');
});
afterAll(async () => {
  await t?.close();
});

const putCoAuthors = (paperId: string, coAuthors: unknown, auth: Record<string, string>) =>
  t.app.inject({ method: 'PUT', url: `/api/author/paper/${paperId}/co-authors`, payload: { coAuthors }, headers: auth });
const myPapers = async (who: SignedUp) =>
  (await t.app.inject({ method: 'GET', url: '/api/author/my-papers', headers: who.auth })).json().papers as Array<Record<string, unknown>>;
const person = (n: string) => ({
  name: `Co Author ${n}`,
  email: `co.${n}.${Date.now()}@example.org`,
  affiliation: 'University of Somewhere',
});

describe('PUT /api/author/paper/:id/co-authors', () => {
  test('the submitting author sets the list; the author and the editor see it in the paper JSON', async () => {
    const paper = await submitPaper(t.app, owner.auth);
    const list = [person('a'), { ...person('b'), affiliation: undefined }];
    const res = await putCoAuthors(paper._id, list, owner.auth);
    expect(res.statusCode).toBe(200);
    // Country and ORCID iD (decision 0042) are optional: '' and null when not given.
    const expected = [
      { ...list[0], email: list[0]!.email.toLowerCase(), country: '', orcid: null },
      { name: list[1]!.name, email: list[1]!.email.toLowerCase(), affiliation: '', country: '', orcid: null },
    ];
    expect(res.json()).toEqual({ message: 'Co-authors saved', coAuthors: expected });
    const detail = await t.app.inject({ method: 'GET', url: `/api/author/paper/${paper._id}`, headers: owner.auth });
    expect(detail.json().paper.coAuthors).toEqual(expected);
    expect(detail.json().paper.coAuthored).toBe(false);
    const forEditor = await t.app.inject({ method: 'GET', url: `/api/editor/papers/${paper._id}`, headers: editor.auth });
    expect(forEditor.json().coAuthors).toEqual(expected);
    const list2 = await t.app.inject({ method: 'GET', url: '/api/editor/papers', headers: editor.auth });
    expect(list2.json().find((p: { _id: string }) => p._id === paper._id).coAuthors).toEqual(expected);
    // Replacing with an empty list removes them.
    expect((await putCoAuthors(paper._id, [], owner.auth)).json().coAuthors).toEqual([]);
  });

  test.each([
    ['more than 20', Array.from({ length: 21 }, (_, i) => person(`many${i}`)), 'At most 20 co-authors'],
    ['a bad e-mail', [{ name: 'X', email: 'nope' }], 'valid email'],
    ['a missing name', [{ name: ' ', email: 'x@example.org' }], 'needs a name'],
    [
      'the same e-mail twice',
      [
        { name: 'A', email: 'twice@example.org' },
        { name: 'B', email: 'TWICE@example.org' },
      ],
      'listed twice',
    ],
    ['not a list', 'someone', 'coAuthors'],
  ])('%s is a 400 with a clear message', async (_name, coAuthors, message) => {
    const paper = await submitPaper(t.app, owner.auth);
    const res = await putCoAuthors(paper._id, coAuthors, owner.auth);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  test('a co-author may not edit the author list (403); another author is told the paper does not exist (404)', async () => {
    const paper = await submitPaper(t.app, owner.auth);
    const co = person('editor-of-list');
    await putCoAuthors(paper._id, [co], owner.auth);
    const coAccount = await signupAs(t.app, 'Author', { email: co.email });
    await verifyAddress(t.app, co.email);
    const stranger = await signupAs(t.app, 'Author');
    const byCo = await putCoAuthors(paper._id, [], coAccount.auth);
    expect(byCo.statusCode).toBe(403);
    expect(byCo.json().message).toBe('Only the submitting author may do this');
    expect((await putCoAuthors(paper._id, [], stranger.auth)).statusCode).toBe(404);
    expect((await putCoAuthors('0'.repeat(24), [], owner.auth)).statusCode).toBe(404);
    expect((await putCoAuthors('bad', [], owner.auth)).statusCode).toBe(400);
    expect((await putCoAuthors(paper._id, [], editor.auth)).statusCode).toBe(403);
  });
});

describe('a co-author with an Author account', () => {
  test('sees the paper in my-papers and its page, marked co-authored; may not change it', async () => {
    const paper = await submitPaper(t.app, owner.auth, { title: 'Shared work' });
    const co = person('sees');
    await putCoAuthors(paper._id, [co], owner.auth);
    // The account is created after the paper listed the address, with other capitals.
    const coAccount = await signupAs(t.app, 'Author', { email: co.email.toUpperCase() });
    await verifyAddress(t.app, co.email);
    const papers = await myPapers(coAccount);
    expect(papers.map((p) => p._id)).toEqual([paper._id]);
    expect(papers[0]).toMatchObject({ title: 'Shared work', coAuthored: true });
    expect((await myPapers(owner)).find((p) => p._id === paper._id)).toMatchObject({ coAuthored: false });
    const detail = await t.app.inject({ method: 'GET', url: `/api/author/paper/${paper._id}`, headers: coAccount.auth });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().paper).toMatchObject({ _id: paper._id, coAuthored: true });
    // Editing the abstract stays with the submitting author; a new (camera-ready) PDF may come from a co-author.
    const edit = await injectMultipart(
      t.app,
      'PATCH',
      `/api/author/paper/${paper._id}`,
      [['abstract', 'Changed by a co-author']],
      coAccount.auth,
    );
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe('Only the submitting author may do this');
    const upload = await injectMultipart(
      t.app,
      'PATCH',
      `/api/author/paper/${paper._id}`,
      [['file', pdfBytes('camera-ready'), 'final.pdf']],
      coAccount.auth,
    );
    expect(upload.statusCode).toBe(200);
    expect(upload.json().paper.pdfVersions.map((v: { fileName: string }) => v.fileName)).toEqual(['paper.pdf', 'final.pdf']);
    const stranger = await signupAs(t.app, 'Author');
    expect(
      (await injectMultipart(t.app, 'PATCH', `/api/author/paper/${paper._id}`, [['file', pdfBytes('x'), 'x.pdf']], stranger.auth))
        .statusCode,
    ).toBe(404);
  });

  test('a Reviewer account with the co-author e-mail does not get author access', async () => {
    const paper = await submitPaper(t.app, owner.auth);
    const co = person('reviewer');
    await putCoAuthors(paper._id, [co], owner.auth);
    const reviewer = await signupAs(t.app, 'Reviewer', { email: co.email, tags: ['AI'] });
    expect((await t.app.inject({ method: 'GET', url: `/api/author/paper/${paper._id}`, headers: reviewer.auth })).statusCode).toBe(403);
  });

  test('the new-paper form can list co-authors in one multipart field', async () => {
    const co = person('at-submit');
    const res = await injectMultipart(
      t.app,
      'POST',
      '/api/author/new-paper',
      [
        ['title', 'With co-authors'],
        ['abstract', 'Abstract'],
        ['keywords', 'AI'],
        ['coAuthors', JSON.stringify([co])],
        ['file', pdfBytes(), 'paper.pdf'],
      ],
      owner.auth,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().paper.coAuthors).toEqual([{ ...co, email: co.email.toLowerCase(), country: '', orcid: null }]);
    const bad = await injectMultipart(
      t.app,
      'POST',
      '/api/author/new-paper',
      [
        ['title', 'Bad list'],
        ['abstract', 'Abstract'],
        ['coAuthors', '[{"name":"x"'],
        ['file', pdfBytes(), 'paper.pdf'],
      ],
      owner.auth,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/coAuthors/);
  });
});

describe("the editor's reviewer lists say who is verified", () => {
  test('verified is false after signup and true once the link was used', async () => {
    const reviewer = await signupAs(t.app, 'Reviewer', { tags: ['Robotics'] });
    const find = async () => {
      const all = (await t.app.inject({ method: 'GET', url: '/api/editor/suggested-reviewers', headers: editor.auth })).json();
      return all.find((r: { _id: string }) => r._id === reviewer.user._id);
    };
    expect((await find()).verified).toBe(false);
    await t.app.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, reviewer.user._id));
    expect((await find()).verified).toBe(true);
    const paper = await submitPaper(t.app, owner.auth, { keywords: ['Robotics'] });
    const suggested = (
      await t.app.inject({ method: 'GET', url: `/api/editor/suggested-reviewers?paperId=${paper._id}`, headers: editor.auth })
    ).json();
    expect(suggested.find((r: { _id: string }) => r._id === reviewer.user._id).verified).toBe(true);
  });
});

describe('GET /api/editor/papers/:paperId/person-conflicts', () => {
  const conflictsOf = async (paperId: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/editor/papers/${paperId}/person-conflicts`, headers: editor.auth })).json()
      .conflicts as Array<Record<string, string>>;

  test("a reviewer with the author's gmail.com address is the same person; another gmail.com user is not conflicted", async () => {
    const stamp = Date.now();
    const author = await signupAs(t.app, 'Author', { email: `ravi.${stamp}@gmail.com` });
    const paper = await submitPaper(t.app, author.auth);
    const same = await signupAs(t.app, 'Reviewer', { email: `RAVI.${stamp}@gmail.com`, tags: ['AI'] });
    await signupAs(t.app, 'Reviewer', { email: `someone.${stamp}@gmail.com`, tags: ['AI'] });
    expect(await conflictsOf(paper._id)).toEqual([
      {
        reviewerId: same.user._id,
        reason: 'same-person',
        with: 'author',
        email: `ravi.${stamp}@gmail.com`,
        explanation: `ravi.${stamp}@gmail.com is the author's address`,
      },
    ]);
  });

  test('co-authors count: their address is the same person, their university domain is a conflict', async () => {
    const stamp = Date.now();
    const paper = await submitPaper(t.app, owner.auth);
    await putCoAuthors(paper._id, [{ name: 'Lee', email: `lee.${stamp}@uni${stamp}.ac.th` }], owner.auth);
    const lee = await signupAs(t.app, 'Reviewer', { email: `lee.${stamp}@uni${stamp}.ac.th`, tags: ['AI'] });
    const colleague = await signupAs(t.app, 'Reviewer', { email: `chan.${stamp}@uni${stamp}.ac.th`, tags: ['AI'] });
    const conflicts = (await conflictsOf(paper._id)).filter((c) => c.reviewerId === lee.user._id || c.reviewerId === colleague.user._id);
    expect(conflicts).toContainEqual({
      reviewerId: lee.user._id,
      reason: 'same-person',
      with: 'co-author',
      email: `lee.${stamp}@uni${stamp}.ac.th`,
      explanation: `lee.${stamp}@uni${stamp}.ac.th is the co-author's address`,
    });
    expect(conflicts).toContainEqual({
      reviewerId: colleague.user._id,
      reason: 'same-domain',
      with: 'co-author',
      email: `lee.${stamp}@uni${stamp}.ac.th`,
      explanation: `both addresses are at uni${stamp}.ac.th`,
    });
    expect(conflicts).toHaveLength(2);
  });

  test('an unknown paper is a 404, a bad id a 400, an author a 403', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/editor/papers/${'0'.repeat(24)}/person-conflicts`, headers: editor.auth }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/editor/papers/nope/person-conflicts', headers: editor.auth })).statusCode).toBe(
      400,
    );
    const paper = await submitPaper(t.app, owner.auth);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/editor/papers/${paper._id}/person-conflicts`, headers: owner.auth })).statusCode,
    ).toBe(403);
  });
});
