import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAILBOX_RULES, mailboxOf } from '../../src/core/person-conflicts';
import { mailboxSql } from '../../src/server/services/submissions/person-conflicts';
import { startTestApp, type TestApp } from '../support/app';
import { submitPaper } from '../support/multipart';
import { signupAs, verifyEmail, type SignedUp } from '../support/users';

/**
 * docs/product.md#conflicts-of-interest: a conflict of interest is not evaded by writing the same mailbox another way (Gmail's dots and
 * +tags, googlemail.com) or by a subdomain of the author's institution (cs.uni-a.edu against uni-a.edu).
 * Every place that keeps a conflicted reviewer away from a paper sees through both, and the chair is told why.
 */
let t: TestApp;
let editor: SignedUp;
const stamp = Date.now().toString(36);

const get = (url: string, who: SignedUp) => t.app.inject({ url, headers: who.auth });
const sendPaper = (paperId: string, reviewer: SignedUp) =>
  t.app.inject({
    method: 'POST',
    url: '/api/editor/send-paper',
    payload: { paperId, reviewerId: reviewer.user._id },
    headers: editor.auth,
  });
const suggested = async (paperId: string) =>
  ((await get(`/api/editor/suggested-reviewers?paperId=${paperId}`, editor)).json() as Array<{ _id: string }>).map((r) => r._id);
const personConflicts = async (paperId: string) =>
  (await get(`/api/editor/papers/${paperId}/person-conflicts`, editor)).json().conflicts as Array<Record<string, string>>;
const biddingIds = async (who: SignedUp) => ((await get('/api/reviewer/bidding', who)).json() as Array<{ _id: string }>).map((p) => p._id);

beforeAll(async () => {
  t = await startTestApp();
  editor = await signupAs(t.app, 'Editor', { email: `chair.${stamp}@chair-${stamp}.example` });
});
afterAll(async () => {
  await t?.close();
});

describe("a reviewer at a subdomain of the author's institution", () => {
  test('alice@cs.uni-a.edu against alice@uni-a.edu: flagged with the reason, not suggested, not shown to bid, Send Paper refused', async () => {
    const institution = `uni-a-${stamp}.edu`;
    const author = await signupAs(t.app, 'Author', { email: `alice@${institution}` });
    const paper = await submitPaper(t.app, author.auth, { keywords: ['Robotics'], title: `Subdomain ${stamp}` });
    const colleague = await signupAs(t.app, 'Reviewer', { email: `alice@cs.${institution}`, tags: ['Robotics'] });
    const stranger = await signupAs(t.app, 'Reviewer', { email: `bob@uni-b-${stamp}.edu`, tags: ['Robotics'] });
    await verifyEmail(t.app, colleague);
    await verifyEmail(t.app, stranger);

    expect(await personConflicts(paper._id)).toEqual([
      {
        reviewerId: colleague.user._id,
        reason: 'same-domain',
        with: 'author',
        email: `alice@${institution}`,
        explanation: `cs.${institution} and ${institution} are one institution (${institution})`,
      },
    ]);
    expect((await get(`/api/editor/papers/${paper._id}/conflicts`, editor)).json()).toEqual([
      { reviewerId: colleague.user._id, reason: 'same-domain' },
    ]);
    expect((await get(`/api/editor/papers/${paper._id}/conflicted-reviewers`, editor)).json()).toEqual([
      {
        reviewerId: colleague.user._id,
        name: colleague.user.name,
        email: `alice@cs.${institution}`,
        reason: 'same-domain',
        explanation: `cs.${institution} and ${institution} are one institution (${institution})`,
      },
    ]);

    const ids = await suggested(paper._id);
    expect(ids).toContain(stranger.user._id);
    expect(ids).not.toContain(colleague.user._id);
    expect(await biddingIds(stranger)).toContain(paper._id);
    expect(await biddingIds(colleague)).not.toContain(paper._id);

    const refused = await sendPaper(paper._id, colleague);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'Conflict of interest: the reviewer and an author share an institutional e-mail domain' });
    expect((await sendPaper(paper._id, stranger)).statusCode).toBe(200);
  });

  test('the other way round (author at a department, reviewer at the university), and through a co-author; two universities under ac.in are not one', async () => {
    const author = await signupAs(t.app, 'Author', { email: `ravi@cse.iitd-${stamp}.ac.in` });
    const paper = await submitPaper(t.app, author.auth, { keywords: ['AI'] });
    const dean = await signupAs(t.app, 'Reviewer', { email: `dean@iitd-${stamp}.ac.in`, tags: ['AI'] });
    const elsewhere = await signupAs(t.app, 'Reviewer', { email: `guest@iitb-${stamp}.ac.in`, tags: ['AI'] });
    expect((await personConflicts(paper._id)).map((c) => [c.reviewerId, c.reason, c.explanation])).toEqual([
      [dean.user._id, 'same-domain', `iitd-${stamp}.ac.in and cse.iitd-${stamp}.ac.in are one institution (iitd-${stamp}.ac.in)`],
    ]);
    expect((await sendPaper(paper._id, dean)).statusCode).toBe(409);
    expect((await sendPaper(paper._id, elsewhere)).statusCode).toBe(200);

    const coAuthored = await submitPaper(t.app, author.auth, { keywords: ['AI'] });
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/author/paper/${coAuthored._id}/co-authors`,
      headers: author.auth,
      payload: { coAuthors: [{ name: 'Guest Co-author', email: `host@lab.iitb-${stamp}.ac.in` }] },
    });
    expect(put.statusCode).toBe(200);
    expect((await personConflicts(coAuthored._id)).filter((c) => c.reviewerId === elsewhere.user._id)).toEqual([
      {
        reviewerId: elsewhere.user._id,
        reason: 'same-domain',
        with: 'co-author',
        email: `host@lab.iitb-${stamp}.ac.in`,
        explanation: `iitb-${stamp}.ac.in and lab.iitb-${stamp}.ac.in are one institution (iitb-${stamp}.ac.in)`,
      },
    ]);
    expect((await sendPaper(coAuthored._id, elsewhere)).statusCode).toBe(409);
  });
});

describe("a reviewer whose address is another spelling of the author's Gmail address", () => {
  test('daved+rev@gmail.com against dave.d@gmail.com: the same person, not suggested, not shown to bid, Send Paper refused', async () => {
    const author = await signupAs(t.app, 'Author', { email: `dave.d${stamp}@gmail.com` });
    const paper = await submitPaper(t.app, author.auth, { keywords: ['HCI'], title: `Alias ${stamp}` });
    const alias = await signupAs(t.app, 'Reviewer', { email: `daved${stamp}+rev@gmail.com`, tags: ['HCI'] });
    const other = await signupAs(t.app, 'Reviewer', { email: `dave.e${stamp}@gmail.com`, tags: ['HCI'] });
    await verifyEmail(t.app, alias);
    await verifyEmail(t.app, other);

    expect(await personConflicts(paper._id)).toEqual([
      {
        reviewerId: alias.user._id,
        reason: 'same-person',
        with: 'author',
        email: `dave.d${stamp}@gmail.com`,
        explanation: `daved${stamp}+rev@gmail.com and dave.d${stamp}@gmail.com are the same Gmail address (dots and +tags are ignored)`,
      },
    ]);
    const ids = await suggested(paper._id);
    expect(ids).toContain(other.user._id);
    expect(ids).not.toContain(alias.user._id);
    expect(await biddingIds(other)).toContain(paper._id);
    expect(await biddingIds(alias)).not.toContain(paper._id);

    const refused = await sendPaper(paper._id, alias);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'Conflict of interest: the reviewer is an author of this paper' });
    expect((await sendPaper(paper._id, other)).statusCode).toBe(200);
  });

  test("googlemail.com, a co-author's alias and an address the author declared are seen through too; auto-assign skips them", async () => {
    const author = await signupAs(t.app, 'Author', { email: `owner.${stamp}@lab-${stamp}.example` });
    const paper = await submitPaper(t.app, author.auth, { keywords: ['Semantic Web'] });
    await t.app.inject({
      method: 'PUT',
      url: `/api/author/paper/${paper._id}/co-authors`,
      headers: author.auth,
      payload: { coAuthors: [{ name: 'Mia', email: `mia.k${stamp}@gmail.com` }] },
    });
    const declared = await t.app.inject({
      method: 'PUT',
      url: `/api/author/paper/${paper._id}/conflicts`,
      headers: author.auth,
      payload: { emails: [`Rival.${stamp}@outlook.com`] },
    });
    expect(declared.statusCode).toBe(200);
    const coAlias = await signupAs(t.app, 'Reviewer', { email: `M.I.A.K${stamp}@googlemail.com`, tags: ['Semantic Web'] });
    const rivalAlias = await signupAs(t.app, 'Reviewer', { email: `rival.${stamp}+papers@outlook.com`, tags: ['Semantic Web'] });
    const fine = await signupAs(t.app, 'Reviewer', { email: `rival${stamp}@outlook.com`, tags: ['Semantic Web'] });

    const conflicts = (await get(`/api/editor/papers/${paper._id}/conflicts`, editor)).json() as Array<{
      reviewerId: string;
      reason: string;
    }>;
    expect(conflicts).toEqual(
      expect.arrayContaining([
        { reviewerId: coAlias.user._id, reason: 'same-person' },
        { reviewerId: rivalAlias.user._id, reason: 'declared-by-author' },
      ]),
    );
    expect(conflicts.map((c) => c.reviewerId)).not.toContain(fine.user._id);
    expect((await sendPaper(paper._id, coAlias)).json()).toEqual({
      message: 'Conflict of interest: the reviewer is an author of this paper',
    });
    expect((await sendPaper(paper._id, rivalAlias)).json()).toEqual({
      message: 'Conflict of interest: the author declared a conflict with this reviewer',
    });

    const plan = await t.app.inject({
      method: 'POST',
      url: '/api/editor/auto-assign',
      headers: editor.auth,
      payload: { paperIds: [paper._id], reviewersPerPaper: 3 },
    });
    expect(plan.statusCode).toBe(200);
    const chosen = (plan.json().assignments as Array<{ reviewerId: string }>).map((a) => a.reviewerId);
    expect(chosen).toContain(fine.user._id);
    expect(chosen).not.toContain(coAlias.user._id);
    expect(chosen).not.toContain(rivalAlias.user._id);
  });

  test("auto-assign keeps a reviewer at a subdomain away from the institution's paper", async () => {
    const institution = `uni-c-${stamp}.edu`;
    const author = await signupAs(t.app, 'Author', { email: `carol@${institution}` });
    const paper = await submitPaper(t.app, author.auth, { keywords: ['Quantum Computing'] });
    const colleague = await signupAs(t.app, 'Reviewer', { email: `carl@physics.${institution}`, tags: ['Quantum Computing'] });
    const outsider = await signupAs(t.app, 'Reviewer', { email: `olga@uni-d-${stamp}.edu`, tags: ['Quantum Computing'] });
    const plan = await t.app.inject({
      method: 'POST',
      url: '/api/editor/auto-assign',
      headers: editor.auth,
      payload: { paperIds: [paper._id], reviewersPerPaper: 3 },
    });
    const chosen = (plan.json().assignments as Array<{ reviewerId: string }>).map((a) => a.reviewerId);
    expect(chosen).toContain(outsider.user._id);
    expect(chosen).not.toContain(colleague.user._id);
  });
});

describe('the database and the core function agree', () => {
  test("property: the SQL mailbox of any address is core mailboxOf's", async () => {
    const local = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._+-]{0,14}$/);
    const host = fc.oneof(
      fc.constantFrom(...Object.keys(MAILBOX_RULES), 'GMail.com', 'yahoo.com', 'uni.example'),
      fc.stringMatching(/^[a-z]{1,6}\.(com|edu|ac\.in)$/),
    );
    const address = fc.tuple(local, host).map(([l, h]) => `${l}@${h}`);
    await fc.assert(
      fc.asyncProperty(fc.array(address, { minLength: 1, maxLength: 20 }), async (list) => {
        const rows = (await t.app.database.db.execute(
          sql`select ${mailboxSql(sql`e`)} as mailbox from unnest(${`{${list.map((e) => `"${e}"`).join(',')}}`}::text[]) with ordinality as u(e, n) order by n`,
        )) as unknown as { rows: Array<{ mailbox: string }> };
        expect(rows.rows.map((r) => r.mailbox)).toEqual(list.map(mailboxOf));
      }),
      { numRuns: 50 },
    );
  });
});
