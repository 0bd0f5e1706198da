import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { CONFERENCE_FACTS_DEFAULTS } from '../../src/core/conference-facts';
import { MAIL_TEMPLATES } from '../../src/core/mail-templates';
import { multipart, pdfBytes, submitPaper } from '../support/multipart';
import { listRoutes } from '../support/routes';
import { signaturePng } from '../support/png';
import { signupAs, uniqueAddress, type SignedUp } from '../support/users';
import { mailQueue, users as usersTable } from '../../src/server/db/schema';
import { unsubscribeLinks } from '../../src/server/mail/unsubscribe';
import { receiptLink } from '../../src/server/services/receipts/receipts';

/**
 * Every /api route × every kind of caller → the status the server must answer. The table is written
 * out by hand; the route list comes from the running app, so a route added without a row here fails
 * the first test. "author"/"otherAuthor": the paper belongs to author. "reviewer"/"otherReviewer": the
 * paper was sent to reviewer, and reviewer's own id is the one in the path. "chair" chairs the paper's track
 * (an Editor account that chairs only, address verified); "otherChair" chairs another track (decision 0023).
 */
const CALLERS = ['none', 'badToken', 'author', 'otherAuthor', 'editor', 'reviewer', 'otherReviewer', 'chair', 'otherChair'] as const;
type Caller = (typeof CALLERS)[number];
/** badToken (signed with another secret) must always be answered as if there were no token. */
type Expected = Record<Exclude<Caller, 'badToken'>, number>;
type Request = Omit<InjectOptions, 'method'>;
interface Row {
  expect: Expected;
  call: (who: Caller) => Request | Promise<Request>;
}

const everyone = (status: number): Expected => ({
  none: status,
  author: status,
  otherAuthor: status,
  editor: status,
  reviewer: status,
  otherReviewer: status,
  chair: status,
  otherChair: status,
});
/** The conference editor's alone: a track chair is refused too. */
const onlyEditors = (status: number): Expected => ({ ...everyone(403), none: 401, editor: status });
/** About one paper: the editor, or the chair of its track; a chair of another track is told it does not exist. */
const editorsAndChairs = (status: number): Expected => ({ ...onlyEditors(status), chair: status, otherChair: 404 });
/** A list or bulk action each chair sees within their own tracks. */
const editorsAndEveryChair = (status: number): Expected => ({ ...onlyEditors(status), chair: status, otherChair: status });
const onlyAuthors = (status: number): Expected => ({ ...everyone(403), none: 401, author: status, otherAuthor: status });
const anyRole = (status: number): Expected => ({ ...everyone(status), none: 401 });
/** The author's own paper: another author is told it does not exist; other roles may not use author calls. */
const paperOwner = (status: number): Expected => ({ ...onlyAuthors(status), otherAuthor: 404 });
/** Only the reviewer the paper was sent to (or whose id it is). */
const assignedReviewer = (status: number): Expected => ({ ...everyone(403), none: 401, reviewer: status });
/** A paper's discussion: its reviewer, the chair of its track and the editor (decision 0032). */
const discussionParticipants = (status: number): Expected => ({ ...editorsAndChairs(status), reviewer: status });

let t: TestApp;
const users = {} as Record<'author' | 'otherAuthor' | 'editor' | 'reviewer' | 'otherReviewer' | 'chair' | 'otherChair', SignedUp>;
let badToken: string;
let paperId: string;
let mailPaperId: string;
let pdfUrl: string;
let photoUrl: string;
let seq = 0;

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const self = (who: Caller) => (who === 'none' || who === 'badToken' ? undefined : users[who]);
const json = (payload: object): Request => ({ payload: payload as Record<string, unknown> });
/** The organiser's pages created so far: each gets an address of its own. */
let pageCount = 0;
const form = async (parts: Parameters<typeof multipart>[0]): Promise<Request> => {
  const { payload, contentType } = await multipart(parts);
  return { payload, headers: { 'content-type': contentType } };
};
const editorCreates = async (url: string, payload: object) => {
  const res = await t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers: users.editor.auth });
  expect(res.statusCode).toBe(201);
  const body = res.json();
  return (body.speaker ?? body.item ?? body.member ?? body.sponsor ?? body.event ?? body.page)._id as string;
};

const SESSION = {
  title: 'Matrix session',
  track: 'Science and Materials',
  room: 'Room A',
  start: '2023-12-27T09:00:00+07:00',
  end: '2023-12-27T10:00:00+07:00',
};
const newSession = async () => {
  const res = await t.app.inject({ method: 'POST', url: '/api/editor/program/sessions', payload: SESSION, headers: users.editor.auth });
  expect(res.statusCode).toBe(201);
  return res.json()._id as string;
};

/** A session in the published programme (decision 0052: the calendars read what is published, not the draft). */
const publishedSession = async () => {
  const id = await newSession();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/editor/program/publish',
    payload: { acknowledgeWarnings: true },
    headers: users.editor.auth,
  });
  expect(res.statusCode).toBe(200);
  return id;
};

/** A reviewer just sent the paper (beyond the limit per paper: the table sends it to many). */
const freshlyAssigned = async () => {
  const reviewer = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/editor/send-paper',
    headers: users.editor.auth,
    payload: { paperId, reviewerId: reviewer.user._id, override: true },
  });
  expect(res.statusCode).toBe(200);
  return reviewer.user._id;
};

/** A publication of the caller's own (decision 0076), for the rows that edit or remove one; none without a caller. */
const ownPublication = async (who: Caller) => {
  const me = self(who);
  if (!me) return '0123456789abcdef01234567';
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/me/publications',
    headers: me.auth,
    payload: { title: `Matrix paper ${++seq}` },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
};
const bibtexForm = () => form([['file', Buffer.from(`@article{m, title={Matrix import ${++seq}}, year=2024}`), 'mine.bib']]);

let question: Promise<string> | undefined;
/** One optional question the editor added, for the PATCH row. */
const matrixQuestion = () =>
  (question ??= t.app
    .inject({
      method: 'POST',
      url: '/api/editor/review-form/questions',
      headers: users.editor.auth,
      payload: { kind: 'choice', label: 'Matrix choice', options: ['Yes', 'No'], visibility: 'authors' },
    })
    .then((res) => {
      expect(res.statusCode).toBe(201);
      return res.json().id as string;
    }));

/** A one-click unsubscribe link as a mail to the other author carries it. */
const unsubscribeLink = () =>
  unsubscribeLinks({
    publicUrl: t.config.publicUrl,
    secret: t.config.JWT_SECRET,
    email: users.otherAuthor.user.email,
    category: 'discussion',
  }).oneClickUrl;

const TABLE: Record<string, Row> = {
  // Public: the same answer whoever asks, with or without a token.
  'GET /api/health': { expect: everyone(200), call: () => ({ url: '/api/health' }) },
  'GET /api/health/ready': { expect: everyone(200), call: () => ({ url: '/api/health/ready' }) },
  // The API's document and its readable docs (docs/product.md#the-api).
  'GET /api/docs': { expect: everyone(200), call: () => ({}) },
  'GET /api/docs/:file': { expect: everyone(200), call: () => ({ url: '/api/docs/swagger-initializer.js' }) },
  'GET /api/openapi.json': { expect: everyone(200), call: () => ({}) },
  'POST /api/signup': {
    expect: everyone(201),
    call: () =>
      json({
        name: 'New Person',
        email: `matrix.${++seq}@example.org`,
        password: 'correct horse battery',
        confirmPassword: 'correct horse battery',
        role: 'Author',
      }),
  },
  'POST /api/login': {
    expect: everyone(200),
    call: () => json({ email: users.otherAuthor.user.email, password: users.otherAuthor.password, role: 'Author' }),
  },
  'POST /api/contact': { expect: everyone(201), call: () => ({ ...json({ message: 'Hello' }), remoteAddress: `192.0.2.${++seq % 250}` }) },
  'GET /api/payments/config': { expect: everyone(200), call: () => ({ url: '/api/payments/config' }) },
  'POST /api/payu/initiate': { expect: everyone(200), call: () => json({ name: 'Payer', email: 'payer@example.org', amount: 100 }) },
  // PayU and Stripe call these with their own proofs (hash, signature), never with a token.
  'POST /api/payu/success': {
    expect: everyone(400),
    call: () => ({ payload: 'txnid=unknown', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
  },
  'POST /api/payu/failure': {
    expect: everyone(400),
    call: () => ({ payload: 'txnid=unknown', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
  },
  'POST /api/card/checkout': { expect: everyone(400), call: () => json({ name: 'Payer', email: 'payer@example.org', amount: 0 }) },
  'GET /api/card/return': { expect: everyone(400), call: () => ({ url: '/api/card/return?session_id=bad' }) },
  'POST /api/card/webhook': {
    expect: everyone(400),
    call: () => ({ payload: '{}', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' } }),
  },
  'GET /api/keynote-speakers': { expect: everyone(200), call: () => ({}) },
  'GET /api/news': { expect: everyone(200), call: () => ({}) },
  'GET /api/keynote-speakers/all': { expect: everyone(200), call: () => ({}) },
  'GET /api/photos/:key': { expect: everyone(200), call: () => ({ url: photoUrl }) },
  // A PDF is public only through its signed link; the signature, not a token, decides.
  'GET /api/files/:fileId': { expect: everyone(200), call: () => ({ url: pdfUrl }) },

  // Password reset and e-mail verification: public, decided by the link's token (decision 0016).
  'POST /api/password/forgot': {
    expect: everyone(200),
    call: () => ({ ...json({ email: `forgot.${++seq}@example.org`, role: 'Author' }), remoteAddress: `192.0.2.${++seq % 250}` }),
  },
  'POST /api/password/reset': {
    expect: everyone(400),
    call: () => json({ token: 'A'.repeat(43), password: 'long enough one', confirmPassword: 'long enough one' }),
  },
  'POST /api/email/verify': { expect: everyone(400), call: () => json({ token: 'A'.repeat(43) }) },
  // The one-time login link mailed while an account's failed-login ceiling holds (decision 0022): its token decides.
  'POST /api/login/link': { expect: everyone(400), call: () => json({ token: 'A'.repeat(43) }) },

  // Any signed-in user: their own account.
  'GET /api/me': { expect: anyRole(200), call: () => ({}) },
  'GET /api/me/roles': { expect: anyRole(200), call: () => ({}) },
  // Decision 0071: the caller's own sessions. A session id that is not theirs (here: none) is a 404; ending the others
  // keeps the asking one, so the callers stay signed in.
  'GET /api/account/sessions': { expect: anyRole(200), call: () => ({}) },
  'DELETE /api/account/sessions/:sessionId': {
    expect: anyRole(404),
    call: () => ({ url: '/api/account/sessions/0123456789abcdef01234567' }),
  },
  'POST /api/account/sessions/end-others': { expect: anyRole(200), call: () => ({}) },
  // A person's data (decision 0071): asking is queued; a link's token decides the download (none here: 404); erasure
  // needs the caller's password (none here: 400, nothing erased; a wrong one is in personal-data.test.ts).
  'POST /api/account/data-export': { expect: anyRole(202), call: () => ({}) },
  'GET /api/account/data-export/download': {
    expect: anyRole(404),
    call: () => ({ url: `/api/account/data-export/download?token=${'A'.repeat(43)}` }),
  },
  'GET /api/account/erasure': { expect: anyRole(200), call: () => ({}) },
  'POST /api/account/erasure': { expect: anyRole(400), call: () => json({ password: '' }) },
  // The organiser's retention periods (decision 0071).
  'GET /api/editor/retention': { expect: onlyEditors(200), call: () => ({}) },
  'PUT /api/editor/retention': { expect: onlyEditors(200), call: () => json({ rules: { mails: null } }) },
  // The chairs confirmed their address already: nothing to resend.
  'POST /api/email/verify/resend': { expect: { ...anyRole(200), chair: 400, otherChair: 400 }, call: () => json({}) },
  // Nobody here has a second account under the same e-mail: a role they lack is a 404 (the rules are in accounts.test.ts).
  'POST /api/switch-role': {
    expect: anyRole(404),
    call: (who) => json({ role: who === 'author' || who === 'otherAuthor' ? 'Reviewer' : 'Author' }),
  },
  'PATCH /api/me': { expect: anyRole(200), call: () => json({ phone: '+66 81 000 0000' }) },
  // Decision 0070: provider sign-in (none configured here: the start is a 404 page) and the second factor. A callback,
  // a ticket or a code decides, never a token; the account's own security needs a token; the requirement and the reset are the editor's.
  'GET /api/auth/providers': { expect: everyone(200), call: () => ({}) },
  'GET /api/auth/oidc/:provider/start': { expect: everyone(404), call: () => ({ url: '/api/auth/oidc/orcid/start' }) },
  'GET /api/auth/oidc/callback': { expect: everyone(400), call: () => ({ url: '/api/auth/oidc/callback?code=x&state=y' }) },
  'POST /api/auth/oidc/complete': { expect: everyone(400), call: () => json({ ticket: 'A'.repeat(43) }) },
  'POST /api/login/second-factor': { expect: everyone(400), call: () => json({ ticket: 'A'.repeat(43), code: '123456' }) },
  'GET /api/account/security': { expect: anyRole(200), call: () => ({}) },
  'POST /api/account/link/:provider': {
    expect: anyRole(404),
    call: () => ({ url: '/api/account/link/orcid', ...json({ password: 'whatever it is' }) }),
  },
  'DELETE /api/account/identities/:identityId': {
    expect: anyRole(404),
    call: () => ({ url: '/api/account/identities/0123456789abcdef01234567' }),
  },
  'POST /api/account/second-factor': { expect: anyRole(200), call: () => ({}) },
  'POST /api/account/second-factor/confirm': { expect: anyRole(400), call: () => json({ code: 'not a code' }) },
  // Nobody here has turned it on.
  'POST /api/account/second-factor/disable': { expect: anyRole(409), call: () => json({ code: '123456' }) },
  'GET /api/editor/security': { expect: onlyEditors(200), call: () => ({}) },
  'PUT /api/editor/security': { expect: onlyEditors(200), call: () => json({ requireSecondFactor: false }) },
  // The author has no second factor to reset.
  'POST /api/editor/users/:userId/second-factor/reset': {
    expect: onlyEditors(409),
    call: () => ({ url: `/api/editor/users/${users.author.user._id}/second-factor/reset` }),
  },
  // Decision 0076: a person's publications are their own; the editor and chairs read them, the editor imports for them.
  'GET /api/me/publications': { expect: anyRole(200), call: () => ({}) },
  'POST /api/me/publications': { expect: anyRole(201), call: () => json({ title: `Matrix publication ${++seq}` }) },
  'PATCH /api/me/publications/:publicationId': {
    expect: anyRole(200),
    call: async (who) => ({ url: `/api/me/publications/${await ownPublication(who)}`, ...json({ counts: false }) }),
  },
  'DELETE /api/me/publications/:publicationId': {
    expect: anyRole(200),
    call: async (who) => ({ url: `/api/me/publications/${await ownPublication(who)}` }),
  },
  'POST /api/me/publications/import': { expect: anyRole(200), call: () => bibtexForm() },
  'GET /api/editor/people/:userId/publications': {
    expect: editorsAndEveryChair(200),
    call: () => ({ url: `/api/editor/people/${users.reviewer.user._id}/publications` }),
  },
  'POST /api/editor/people/:userId/publications/import': {
    expect: onlyEditors(200),
    call: async () => ({ url: `/api/editor/people/${users.reviewer.user._id}/publications/import`, ...(await bibtexForm()) }),
  },
  // Affinities (decision 0076): the editor's and the paper's track chair's; never an author's or a reviewer's.
  'GET /api/editor/papers/:paperId/affinities': {
    expect: editorsAndChairs(200),
    call: () => ({ url: `/api/editor/papers/${paperId}/affinities` }),
  },
  'GET /api/editor/exports/affinity.csv': { expect: editorsAndEveryChair(200), call: () => ({}) },
  // Notification settings (decision 0039): any signed-in user reads their address's; only a verified address (the chairs here) changes them.
  'GET /api/account/mail-preferences': { expect: anyRole(200), call: () => ({}) },
  'PUT /api/account/mail-preferences': {
    expect: { ...anyRole(403), chair: 200, otherChair: 200 },
    call: () => json({ discussion: 'daily' }),
  },
  // A mail's signed unsubscribe link, no login: the signature decides, whoever asks (the page's read, and the one-click POST).
  'GET /api/mail/unsubscribe': {
    expect: everyone(200),
    call: () => ({ url: new URL(unsubscribeLink()).pathname + new URL(unsubscribeLink()).search }),
  },
  'POST /api/mail/unsubscribe': {
    expect: everyone(200),
    call: () => ({
      url: new URL(unsubscribeLink()).pathname + new URL(unsubscribeLink()).search,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
  },

  // Authors.
  'GET /api/author/my-papers': { expect: onlyAuthors(200), call: () => ({}) },
  'POST /api/author/new-paper': {
    expect: onlyAuthors(201),
    call: () =>
      form([
        ['title', 'Matrix paper'],
        ['abstract', 'An abstract.'],
        ['keywords', 'AI'],
        ['file', pdfBytes('matrix'), 'm.pdf'],
      ]),
  },
  'GET /api/author/paper/:id': { expect: paperOwner(200), call: () => ({ url: `/api/author/paper/${paperId}` }) },
  'PUT /api/author/paper/:id/co-authors': {
    expect: paperOwner(200),
    call: () => ({
      url: `/api/author/paper/${paperId}/co-authors`,
      ...json({ coAuthors: [{ name: 'Co Author', email: 'co.author@example.org' }] }),
    }),
  },
  'PATCH /api/author/paper/:id': {
    expect: paperOwner(200),
    call: async () => ({ url: `/api/author/paper/${paperId}`, ...(await form([['abstract', 'A revised abstract.']])) }),
  },
  // Withdrawing is once per paper: each call withdraws a fresh paper of the author (docs/product.md#assignments-declines-and-withdrawals).
  'POST /api/author/paper/:id/withdraw': {
    expect: paperOwner(200),
    call: async () => ({ url: `/api/author/paper/${(await submitPaper(t.app, users.author.auth))._id}/withdraw` }),
  },

  // Editors.
  'GET /api/editor/papers': { expect: editorsAndEveryChair(200), call: () => ({}) },
  'GET /api/editor/papers/:paperId': { expect: editorsAndChairs(200), call: () => ({ url: `/api/editor/papers/${paperId}` }) },
  'GET /api/editor/papers/:paperId/person-conflicts': {
    expect: editorsAndChairs(200),
    call: () => ({ url: `/api/editor/papers/${paperId}/person-conflicts` }),
  },
  'GET /api/editor/suggested-reviewers': {
    expect: editorsAndChairs(200),
    call: () => ({ url: `/api/editor/suggested-reviewers?paperId=${paperId}` }),
  },
  'GET /api/editor/messages': { expect: onlyEditors(200), call: () => ({}) },
  'GET /api/editor/mail-status': { expect: onlyEditors(200), call: () => ({}) },
  // Mail retry (an unknown mail is 404 once the caller is an editor), the audit log and the CSV exports (docs/product.md#audit-log-and-exports).
  'POST /api/editor/mails/:mailId/retry': {
    expect: onlyEditors(404),
    call: () => ({ url: '/api/editor/mails/0123456789abcdef01234567/retry' }),
  },
  // Decision 0041: the mail log per recipient and one mail whole are the editor's alone; a paper's invitation states, a chair's too.
  'GET /api/editor/mails': {
    expect: onlyEditors(200),
    call: () => ({ url: `/api/editor/mails?to=${encodeURIComponent(users.reviewer.user.email)}&status=outbox` }),
  },
  'GET /api/editor/mails/:mailId': {
    expect: onlyEditors(200),
    call: async () => ({
      url: `/api/editor/mails/${(await t.app.database.db.select({ id: mailQueue.id }).from(mailQueue).limit(1))[0]!.id}`,
    }),
  },
  'GET /api/editor/papers/:paperId/invitation-mails': {
    expect: editorsAndChairs(200),
    call: () => ({ url: `/api/editor/papers/${paperId}/invitation-mails` }),
  },
  'GET /api/editor/audit': { expect: onlyEditors(200), call: () => ({ url: '/api/editor/audit?limit=5' }) },
  // A chair downloads the papers of their tracks (the file may be empty); audit and contact exports stay the editor's.
  'GET /api/editor/exports/:file': { expect: editorsAndEveryChair(200), call: () => ({ url: '/api/editor/exports/papers.csv' }) },
  'GET /api/editor/payments': { expect: onlyEditors(200), call: () => ({}) },
  'GET /api/editor/payments.csv': { expect: onlyEditors(200), call: () => ({}) },
  'POST /api/editor/send-paper': { expect: editorsAndChairs(200), call: () => json({ paperId, reviewerId: users.reviewer.user._id }) },
  'POST /api/editor/auto-assign': { expect: editorsAndChairs(200), call: () => json({ paperIds: [paperId] }) },
  'GET /api/reviewer/status/:paperId': { expect: editorsAndChairs(200), call: () => ({ url: `/api/reviewer/status/${paperId}` }) },
  'POST /api/send-mail/:reviewerEmail': {
    expect: editorsAndChairs(200),
    call: () => ({
      url: `/api/send-mail/${encodeURIComponent(users.otherReviewer.user.email)}`,
      ...json({ paperId: mailPaperId, reviewerId: users.otherReviewer.user._id }),
    }),
  },
  'POST /api/keynote-speakers': { expect: onlyEditors(201), call: () => json({ name: 'Speaker', designation: 'Professor' }) },
  'DELETE /api/keynote-speakers/:id': {
    expect: onlyEditors(200),
    call: async () => ({ url: `/api/keynote-speakers/${await editorCreates('/api/keynote-speakers', { name: 'To remove' })}` }),
  },
  'PATCH /api/keynote-speakers/:id': {
    expect: onlyEditors(200),
    call: async () => ({
      url: `/api/keynote-speakers/${await editorCreates('/api/keynote-speakers', { name: 'To edit' })}`,
      ...json({ biography: 'Edited' }),
    }),
  },
  'POST /api/keynote-speakers/:id/move': {
    expect: onlyEditors(200),
    call: async () => ({
      url: `/api/keynote-speakers/${await editorCreates('/api/keynote-speakers', { name: 'To move' })}/move`,
      ...json({ direction: 'up' }),
    }),
  },
  'POST /api/news': { expect: onlyEditors(201), call: () => json({ name: 'News', description: 'Text' }) },
  'PATCH /api/news/:id': {
    expect: onlyEditors(200),
    call: async () => ({ url: `/api/news/${await editorCreates('/api/news', { name: 'To edit' })}`, ...json({ description: 'Edited' }) }),
  },
  'POST /api/news/:id/move': {
    expect: onlyEditors(200),
    call: async () => ({ url: `/api/news/${await editorCreates('/api/news', { name: 'To move' })}/move`, ...json({ direction: 'down' }) }),
  },
  // The site's lists (decision 0062).
  'GET /api/site-lists': { expect: onlyEditors(200), call: () => ({}) },
  'POST /api/committee-members': { expect: onlyEditors(201), call: () => json({ section: 'General Chairs', name: 'Member' }) },
  'PATCH /api/committee-members/:id': {
    expect: onlyEditors(200),
    call: async () => ({
      url: `/api/committee-members/${await editorCreates('/api/committee-members', { section: 'General Chairs', name: 'To edit' })}`,
      ...json({ role: 'Chair' }),
    }),
  },
  'POST /api/committee-members/:id/move': {
    expect: onlyEditors(200),
    call: () => ({ url: '/api/committee-members/5eedc0000000000000000001/move', ...json({ direction: 'down' }) }),
  },
  'DELETE /api/committee-members/:id': {
    expect: onlyEditors(200),
    call: async () => ({
      url: `/api/committee-members/${await editorCreates('/api/committee-members', { section: 'General Chairs', name: 'To remove' })}`,
    }),
  },
  'POST /api/sponsors': { expect: onlyEditors(201), call: () => json({ name: 'Sponsor' }) },
  'PATCH /api/sponsors/:id': {
    expect: onlyEditors(200),
    call: async () => ({
      url: `/api/sponsors/${await editorCreates('/api/sponsors', { name: 'To edit' })}`,
      ...json({ role: 'Publisher' }),
    }),
  },
  'POST /api/sponsors/:id/move': {
    expect: onlyEditors(200),
    call: () => ({ url: '/api/sponsors/5eedb0000000000000000001/move', ...json({ direction: 'down' }) }),
  },
  'DELETE /api/sponsors/:id': {
    expect: onlyEditors(200),
    call: async () => ({ url: `/api/sponsors/${await editorCreates('/api/sponsors', { name: 'To remove' })}` }),
  },
  'POST /api/previous-events': { expect: onlyEditors(201), call: () => json({ label: 'Vietnam 2023 Hanoi', year: 2023 }) },
  'PATCH /api/previous-events/:id': {
    expect: onlyEditors(200),
    call: async () => ({
      url: `/api/previous-events/${await editorCreates('/api/previous-events', { label: 'Edit 2023 Me', year: 2023 })}`,
      ...json({ place: 'Me' }),
    }),
  },
  'POST /api/previous-events/:id/move': {
    expect: onlyEditors(200),
    call: () => ({ url: '/api/previous-events/5eede0000000000000000001/move', ...json({ direction: 'down' }) }),
  },
  'DELETE /api/previous-events/:id': {
    expect: onlyEditors(200),
    call: async () => ({
      url: `/api/previous-events/${await editorCreates('/api/previous-events', { label: 'Remove 2023 Me', year: 2023 })}`,
    }),
  },
  'DELETE /api/news/:id': {
    expect: onlyEditors(200),
    call: async () => ({ url: `/api/news/${await editorCreates('/api/news', { name: 'To remove' })}` }),
  },
  // The organiser's pages (decision 0064): each created page has an address of its own.
  'GET /api/site-pages': { expect: onlyEditors(200), call: () => ({}) },
  'POST /api/site-pages': { expect: onlyEditors(201), call: () => json({ address: `matrix-${++pageCount}`, title: 'Matrix page' }) },
  'POST /api/site-pages/preview': { expect: onlyEditors(200), call: () => json({ body: '# Hello' }) },
  'PATCH /api/site-pages/:id': {
    expect: onlyEditors(200),
    call: async () => ({
      url: `/api/site-pages/${await editorCreates('/api/site-pages', { address: `matrix-${++pageCount}`, title: 'To edit' })}`,
      ...json({ published: true }),
    }),
  },
  'DELETE /api/site-pages/:id': {
    expect: onlyEditors(200),
    call: async () => ({
      url: `/api/site-pages/${await editorCreates('/api/site-pages', { address: `matrix-${++pageCount}`, title: 'To remove' })}`,
    }),
  },

  // Programme, registration and certificates (decision 0017): the programme and verification are public.
  'GET /api/program': { expect: everyone(200), call: () => ({}) },
  'GET /api/program.ics': { expect: everyone(200), call: () => ({}) },
  'GET /api/program/sessions/:id': {
    expect: everyone(200),
    call: async () => ({ url: `/api/program/sessions/${await publishedSession()}.ics` }),
  },
  // Decision 0052: online links for the editor and for a verified address with a paid registration (none of these callers has one).
  'GET /api/program/links': { expect: onlyEditors(200), call: () => ({}) },
  // The personal agenda: each signed-in person's own stars on published sessions.
  'GET /api/me/agenda': { expect: anyRole(200), call: () => ({}) },
  'PUT /api/me/agenda/:id': { expect: anyRole(200), call: async () => ({ url: `/api/me/agenda/${await publishedSession()}` }) },
  'DELETE /api/me/agenda/:id': { expect: anyRole(200), call: async () => ({ url: `/api/me/agenda/${await publishedSession()}` }) },
  'GET /api/me/agenda.ics': { expect: anyRole(200), call: () => ({}) },
  'POST /api/editor/program/publish': { expect: onlyEditors(200), call: () => json({ acknowledgeWarnings: true }) },
  // Decision 0053: the printable programme and the abstract book (public once published; the editor's by session or track).
  'GET /api/program.pdf': {
    expect: everyone(200),
    call: async () => {
      await publishedSession();
      return {};
    },
  },
  'GET /api/program/abstract-book.pdf': {
    expect: everyone(200),
    call: async () => {
      await publishedSession();
      return {};
    },
  },
  'GET /api/editor/abstract-book.pdf': { expect: onlyEditors(200), call: () => ({ url: '/api/editor/abstract-book.pdf?by=track' }) },
  // Decision 0073: the state of the programme PDF and the abstract book made in the background.
  'GET /api/editor/programme-documents': { expect: onlyEditors(200), call: () => ({}) },
  'GET /api/certificates/:code': { expect: everyone(404), call: () => ({ url: '/api/certificates/AAAA-BBBB-CCCC-DDDD-EEEE' }) },
  'GET /api/me/certificates': { expect: anyRole(200), call: () => ({}) },
  'GET /api/me/certificates/:code': { expect: anyRole(404), call: () => ({ url: '/api/me/certificates/AAAA-BBBB-CCCC-DDDD-EEEE.pdf' }) },
  'GET /api/author/paper-registration/:paperId': {
    expect: paperOwner(200),
    call: () => ({ url: `/api/author/paper-registration/${paperId}` }),
  },
  'GET /api/editor/program': { expect: onlyEditors(200), call: () => ({}) },
  'POST /api/editor/program/sessions': { expect: onlyEditors(201), call: () => json(SESSION) },
  'PATCH /api/editor/program/sessions/:id': {
    expect: onlyEditors(200),
    call: async () => ({ url: `/api/editor/program/sessions/${await newSession()}`, ...json({ room: 'Room B' }) }),
  },
  'DELETE /api/editor/program/sessions/:id': {
    expect: onlyEditors(200),
    call: async () => ({ url: `/api/editor/program/sessions/${await newSession()}` }),
  },
  'PUT /api/editor/program/sessions/:id/papers': {
    expect: onlyEditors(200),
    call: async () => ({ url: `/api/editor/program/sessions/${await newSession()}/papers`, ...json({ papers: [] }) }),
  },
  'GET /api/editor/registrations': { expect: onlyEditors(200), call: () => ({}) },
  'POST /api/editor/registrations/remind': { expect: onlyEditors(200), call: () => json({ paperIds: [paperId] }) },
  'POST /api/editor/certificates': { expect: onlyEditors(200), call: () => ({}) },

  // The review cycle (docs/product.md#the-review-cycle).
  'GET /api/editor/settings': { expect: onlyEditors(200), call: () => ({}) },
  'GET /api/deadlines': { expect: anyRole(200), call: () => ({}) },
  // Editions (decision 0060): a public list; only the editor opens the next (a year not after the current: 409).
  'GET /api/editions': { expect: everyone(200), call: () => ({}) },
  'POST /api/editions': { expect: onlyEditors(409), call: () => json({ year: 2026, carry: [] }) },
  // The conference's phase (decision 0035): every signed-in role, chairs too.
  'GET /api/phase': { expect: anyRole(200), call: () => ({}) },
  'PUT /api/editor/settings': { expect: onlyEditors(200), call: () => json({ reviewersPerPaper: 3 }) },
  'GET /api/editor/papers/:paperId/reviews': {
    expect: editorsAndChairs(200),
    call: () => ({ url: `/api/editor/papers/${paperId}/reviews` }),
  },
  // Decision 0034 and docs/product.md#deliberation: a review's history and its rating (committee only), the anonymised review export (chairs: their tracks).
  'GET /api/editor/papers/:paperId/reviews/:reviewerId/versions': {
    expect: editorsAndChairs(200),
    call: () => ({ url: `/api/editor/papers/${paperId}/reviews/${users.reviewer.user._id}/versions` }),
  },
  'PUT /api/editor/papers/:paperId/reviews/:reviewerId/rating': {
    expect: editorsAndChairs(200),
    call: () => ({
      url: `/api/editor/papers/${paperId}/reviews/${users.reviewer.user._id}/rating`,
      ...json({ rating: 'adequate', note: 'Matrix' }),
    }),
  },
  'GET /api/editor/exports/reviews-anonymised.csv': { expect: editorsAndEveryChair(200), call: () => ({}) },
  'GET /api/editor/exports/reviews-anonymised.json': { expect: editorsAndEveryChair(200), call: () => ({}) },
  // Decision 0042: the proceedings exports (chairs: their tracks). No DOI prefix is set here: the Crossref deposit answers 409.
  'GET /api/editor/exports/proceedings.xml': { expect: editorsAndEveryChair(409), call: () => ({}) },
  'GET /api/editor/exports/proceedings.bib': { expect: editorsAndEveryChair(200), call: () => ({}) },
  'GET /api/editor/exports/proceedings.csv': { expect: editorsAndEveryChair(200), call: () => ({}) },
  'GET /api/editor/exports/camera-ready.zip': { expect: editorsAndEveryChair(200), call: () => ({}) },
  'GET /api/editor/papers/:paperId/conflicts': {
    expect: editorsAndChairs(200),
    call: () => ({ url: `/api/editor/papers/${paperId}/conflicts` }),
  },
  'PUT /api/editor/papers/:paperId/decision': {
    expect: editorsAndChairs(200),
    call: () => ({ url: `/api/editor/papers/${paperId}/decision`, ...json({ decision: null }) }),
  },
  'POST /api/editor/notify': { expect: editorsAndEveryChair(200), call: () => json({ dryRun: true }) },
  'GET /api/editor/stats': { expect: onlyEditors(200), call: () => ({}) },
  'GET /api/editor/first-steps': { expect: onlyEditors(200), call: () => ({}) },
  // Reviewer approval (docs/product.md#the-review-cycle).
  'GET /api/editor/reviewers': { expect: onlyEditors(200), call: () => ({ url: '/api/editor/reviewers?limit=5' }) },
  'PUT /api/editor/reviewers/:id/approval': {
    expect: onlyEditors(200),
    call: () => ({ url: `/api/editor/reviewers/${users.reviewer.user._id}/approval`, ...json({ approved: true }) }),
  },
  // The chair's paper page (decision 0025): the ranked list, and unassigning someone who has not reviewed (a fresh one per caller let in).
  'GET /api/editor/papers/:paperId/ranked-reviewers': {
    expect: editorsAndChairs(200),
    call: () => ({ url: `/api/editor/papers/${paperId}/ranked-reviewers` }),
  },
  'DELETE /api/editor/papers/:paperId/reviewers/:reviewerId': {
    expect: editorsAndChairs(200),
    call: async (who) => ({
      url: `/api/editor/papers/${paperId}/reviewers/${who === 'editor' || who === 'chair' ? await freshlyAssigned() : users.otherReviewer.user._id}`,
    }),
  },
  'GET /api/editor/papers/:paperId/conflicted-reviewers': {
    expect: editorsAndChairs(200),
    call: () => ({ url: `/api/editor/papers/${paperId}/conflicted-reviewers` }),
  },
  'GET /api/author/paper/:id/conflicts': { expect: paperOwner(200), call: () => ({ url: `/api/author/paper/${paperId}/conflicts` }) },
  'PUT /api/author/paper/:id/conflicts': {
    expect: paperOwner(200),
    call: () => ({ url: `/api/author/paper/${paperId}/conflicts`, ...json({ emails: [] }) }),
  },
  // The paper is not accepted: its own author is refused too, with the reason; anyone else as for any author call.
  'POST /api/author/paper/:id/camera-ready': {
    expect: paperOwner(403),
    call: async () => ({ url: `/api/author/paper/${paperId}/camera-ready`, ...(await form([['file', pdfBytes('final'), 'f.pdf']])) }),
  },
  // The proceedings' publication and the presenters' slides (decision 0066): the paper here is not accepted.
  'GET /api/editor/proceedings/publication': { expect: onlyEditors(200), call: () => ({}) },
  'PUT /api/editor/proceedings/publication': { expect: onlyEditors(200), call: () => json({ published: false }) },
  'GET /api/author/paper/:id/slides': { expect: paperOwner(200), call: () => ({ url: `/api/author/paper/${paperId}/slides` }) },
  'POST /api/author/paper/:id/slides': {
    expect: paperOwner(403),
    call: async () => ({ url: `/api/author/paper/${paperId}/slides`, ...(await form([['file', pdfBytes('slides'), 's.pdf']])) }),
  },
  'GET /api/editor/papers/:paperId/slides': { expect: onlyEditors(200), call: () => ({ url: `/api/editor/papers/${paperId}/slides` }) },
  'DELETE /api/editor/papers/:paperId/slides': { expect: onlyEditors(404), call: () => ({ url: `/api/editor/papers/${paperId}/slides` }) },
  // Bidding waits for a verified address (docs/product.md#who-sees-whom), which these reviewers have not (POST /api/email/verify/resend
  // above needs them unverified): 403 with what to do. A verified reviewer's 200 is in bidding-leak.test.ts.
  'GET /api/reviewer/bidding': { expect: { ...everyone(403), none: 401 }, call: () => ({}) },
  'PUT /api/reviewer/bid/:paperId': {
    expect: { ...everyone(403), none: 401 },
    call: () => ({ url: `/api/reviewer/bid/${paperId}`, ...json({ bid: 'willing' }) }),
  },
  'PUT /api/reviewer/review/:paperId': {
    expect: assignedReviewer(200),
    call: () => ({ url: `/api/reviewer/review/${paperId}`, ...json({ recommendation: 4, confidence: 3, commentsToAuthors: 'Good.' }) }),
  },
  'GET /api/reviewer/review/:paperId': { expect: assignedReviewer(200), call: () => ({ url: `/api/reviewer/review/${paperId}` }) },
  // Decision 0032: the other reviews are the assigned reviewer's; the discussion is the paper's committee's (its
  // reviewers, its track's chairs and the editor): an author is refused by role, another track's chair told it does not exist.
  'GET /api/reviewer/papers/:paperId/other-reviews': {
    expect: assignedReviewer(200),
    call: () => ({ url: `/api/reviewer/papers/${paperId}/other-reviews` }),
  },
  'GET /api/papers/:paperId/discussion': {
    expect: discussionParticipants(200),
    call: () => ({ url: `/api/papers/${paperId}/discussion` }),
  },
  'POST /api/papers/:paperId/discussion': {
    expect: discussionParticipants(201),
    call: () => ({ url: `/api/papers/${paperId}/discussion`, ...json({ body: 'A point for the committee.' }) }),
  },
  'PATCH /api/papers/:paperId/discussion/:postId': {
    expect: discussionParticipants(200),
    call: async (who) => ({ url: `/api/papers/${paperId}/discussion/${await ownPost(who)}`, ...json({ body: 'A point, reworded.' }) }),
  },

  // Reviewers: only the papers sent to them, only their own list, only answering for themselves.
  'GET /api/reviewer/assigned-papers/:reviewerId': {
    expect: assignedReviewer(200),
    call: () => ({ url: `/api/reviewer/assigned-papers/${users.reviewer.user._id}` }),
  },
  'POST /api/reviewer/add-comment/:paperId': {
    expect: assignedReviewer(201),
    call: (who) => ({
      url: `/api/reviewer/add-comment/${paperId}`,
      ...json({ reviewerId: self(who)?.user._id ?? users.reviewer.user._id, text: 'Fine work.' }),
    }),
  },
  'POST /api/reviewer/respond': {
    expect: assignedReviewer(200),
    call: (who) => json({ paperId, email: self(who)?.user.email ?? users.reviewer.user.email, status: 'Accepted' }),
  },

  // Tracks (decision 0023): public to read; the editor, not a track chair, shapes them and names their chairs.
  'GET /api/tracks': { expect: everyone(200), call: () => ({}) },
  'GET /api/editor/tracks': { expect: onlyEditors(200), call: () => ({}) },
  'POST /api/editor/tracks': { expect: onlyEditors(201), call: () => json({ name: `Matrix track ${++seq}`, topics: ['Matrix topic'] }) },
  'PATCH /api/editor/tracks/:trackId': {
    expect: onlyEditors(200),
    call: () => ({ url: '/api/editor/tracks/track-3', ...json({ description: 'Power, electronics, communication and control.' }) }),
  },
  'PUT /api/editor/tracks/:trackId/chairs': {
    expect: onlyEditors(200),
    call: () => ({ url: '/api/editor/tracks/track-4/chairs', ...json({ emails: [] }) }),
  },
  // The preflight (decision 0072): an author checks a PDF before sending it (a new paper, or a version of their own
  // paper: 404 for another author's); the editor and the track's chair set the rules and read the format report.
  'POST /api/author/preflight': {
    expect: onlyAuthors(200),
    call: async () => ({ url: '/api/author/preflight', ...(await form([['file', pdfBytes('preflight'), 'p.pdf']])) }),
  },
  'POST /api/author/paper/:id/preflight': {
    expect: paperOwner(200),
    call: async () => ({ url: `/api/author/paper/${paperId}/preflight`, ...(await form([['file', pdfBytes('preflight'), 'p.pdf']])) }),
  },
  'GET /api/editor/tracks/:trackId/preflight': {
    expect: editorsAndChairs(200),
    call: () => ({ url: '/api/editor/tracks/track-2/preflight' }),
  },
  'PUT /api/editor/tracks/:trackId/preflight': {
    expect: editorsAndChairs(200),
    call: () => ({ url: '/api/editor/tracks/track-2/preflight', ...json({ rules: null }) }),
  },
  'GET /api/editor/papers/:paperId/format-report': {
    expect: editorsAndChairs(200),
    call: () => ({ url: `/api/editor/papers/${paperId}/format-report` }),
  },
  // The review form (decision 0031): the committee reads it; only the editor (not a track chair) changes it. Never required here.
  'GET /api/review-form': { expect: { ...anyRole(200), author: 403, otherAuthor: 403 }, call: () => ({}) },
  'GET /api/editor/review-form': { expect: onlyEditors(200), call: () => ({}) },
  'POST /api/editor/review-form/questions': {
    expect: onlyEditors(201),
    call: () => json({ kind: 'text', label: `Matrix question ${++seq}`, visibility: 'committee' }),
  },
  'PATCH /api/editor/review-form/questions/:questionId': {
    expect: onlyEditors(200),
    call: async () => ({
      url: `/api/editor/review-form/questions/${await matrixQuestion()}`,
      ...json({ description: 'Asked of every review.' }),
    }),
  },

  // Missing reviews (docs/product.md#assignments-declines-and-withdrawals): each chair within their tracks; the reviewer owes a review on chair's track only,
  // so otherChair has nothing to remind them of.
  'GET /api/editor/missing-reviews': { expect: editorsAndEveryChair(200), call: () => ({ url: '/api/editor/missing-reviews?limit=5' }) },
  'POST /api/editor/missing-reviews/remind': {
    expect: { ...editorsAndEveryChair(200), otherChair: 409 },
    call: async () => json({ reviewerId: await owingReviewer() }),
  },

  // Deliberation (decision 0033): the meta-review for the editor and the paper's chair; the response for its authors.
  // No response window is set here: the paper's own author is refused with the reason (the 200 is in deliberation.test.ts).
  'GET /api/editor/papers/:paperId/meta-review': {
    expect: editorsAndChairs(200),
    call: () => ({ url: `/api/editor/papers/${paperId}/meta-review` }),
  },
  'PUT /api/editor/papers/:paperId/meta-review': {
    expect: editorsAndChairs(200),
    call: () => ({
      url: `/api/editor/papers/${paperId}/meta-review`,
      ...json({ recommendation: 'Revision', toAuthors: 'Please revise.', toCommittee: 'Close call.' }),
    }),
  },
  'GET /api/author/paper/:id/response': { expect: paperOwner(200), call: () => ({ url: `/api/author/paper/${paperId}/response` }) },
  'PUT /api/author/paper/:id/response': {
    expect: paperOwner(403),
    call: () => ({ url: `/api/author/paper/${paperId}/response`, ...json({ text: 'Thank you.' }) }),
  },

  // Mail templates (decision 0038): the conference editor's alone. The wording saved is the default's own, so no other test's mail changes.
  'GET /api/editor/mail-templates': { expect: onlyEditors(200), call: () => ({}) },
  'PUT /api/editor/mail-templates/:name': {
    expect: onlyEditors(200),
    call: () => ({
      url: '/api/editor/mail-templates/loginLink',
      ...json({ subject: MAIL_TEMPLATES.loginLink.subject, body: MAIL_TEMPLATES.loginLink.text }),
    }),
  },
  'DELETE /api/editor/mail-templates/:name': { expect: onlyEditors(200), call: () => ({ url: '/api/editor/mail-templates/loginLink' }) },
  'POST /api/editor/mail-templates/:name/preview': {
    expect: onlyEditors(200),
    call: () => ({
      url: '/api/editor/mail-templates/paperReceived/preview',
      ...json({ subject: 'Got {paperTitle}', body: 'Dear {name}', paperId }),
    }),
  },
  // Mail to a group (decision 0040): the editor, and each chair within their own tracks (otherChair chairs track-1, not track-2);
  // a chair reads only the bulk mails they sent.
  'POST /api/editor/bulk-mails/preview': {
    expect: { ...editorsAndEveryChair(200), otherChair: 403 },
    call: () => json({ audience: { group: 'authors', trackId: 'track-2' }, subject: 'Hello {name}', body: '{papers}' }),
  },
  'POST /api/editor/bulk-mails': {
    expect: { ...editorsAndEveryChair(201), otherChair: 403 },
    call: () =>
      json({
        key: `matrix-bulk-mail-${++seq}-${Date.now()}`,
        audience: { group: 'authors', trackId: 'track-2' },
        subject: 'Hello {name}',
        body: '{papers}',
      }),
  },
  'GET /api/editor/bulk-mails': { expect: editorsAndEveryChair(200), call: () => ({}) },
  'GET /api/editor/bulk-mails/:bulkId': {
    expect: { ...onlyEditors(200), chair: 404, otherChair: 404 },
    call: async () => ({ url: `/api/editor/bulk-mails/${await editorsBulkMail()}` }),
  },
  // Workshop seats (decision 0045): the seats are public; the waiting list any signed-in caller's (an unknown course: 404 past
  // the login); the editor's page and offer the editor's alone (nobody waits here: the offer is a 409).
  'GET /api/workshops': { expect: everyone(200), call: () => ({}) },
  'POST /api/workshops/:courseId/waiting-list': {
    expect: anyRole(404),
    call: () => ({ url: '/api/workshops/no-such-course/waiting-list' }),
  },
  'GET /api/account/workshop-waiting-list': { expect: anyRole(200), call: () => ({}) },
  'GET /api/editor/workshops': { expect: onlyEditors(200), call: () => ({}) },
  'POST /api/editor/workshops/:courseId/offer': {
    expect: onlyEditors(409),
    call: () => ({ url: '/api/editor/workshops/embedded-systems/offer' }),
  },
  'PUT /api/editor/workshops/details': {
    expect: onlyEditors(200),
    call: () => json({ firstDay: '2022-12-30', lastDay: '2022-12-30', venue: null }),
  },
  'POST /api/editor/workshops/courses': {
    expect: onlyEditors(201),
    call: () => json({ id: `matrix-${++seq}`, title: 'Matrix course', date: '2022-12-30', seats: 10, feeUsdMinor: 5_000 }),
  },
  'PUT /api/editor/workshops/courses/:courseId': {
    expect: onlyEditors(200),
    call: () => ({
      url: '/api/editor/workshops/courses/embedded-systems',
      ...json({ title: 'Embedded Systems', date: '2022-12-30', seats: 40, feeUsdMinor: 10_000 }),
    }),
  },
  'DELETE /api/editor/workshops/courses/:courseId': {
    expect: onlyEditors(404),
    call: () => ({ url: '/api/editor/workshops/courses/no-such-course' }),
  },
  // Decision 0044: award nominations (the nominator's own; the panel and the editor the year's; the CV only the panel), the public awardees.
  'GET /api/awards/:year/awardees': { expect: everyone(200), call: () => ({ url: '/api/awards/2026/awardees' }) },
  'GET /api/awards/photos/:id': { expect: everyone(200), call: async () => ({ url: `/api/awards/photos/${await awardedNomination()}` }) },
  'GET /api/account/nominations': { expect: anyRole(200), call: () => ({}) },
  'POST /api/account/nominations': { expect: anyRole(201), call: () => nominationForm() },
  'GET /api/account/nominations/:id': {
    expect: { ...everyone(404), none: 401, author: 200 },
    call: async () => ({ url: `/api/account/nominations/${await openNomination()}` }),
  },
  'GET /api/award-panel/nominations': { expect: onlyEditors(200), call: () => ({}) },
  'GET /api/award-panel/nominations/:id/cv.pdf': {
    expect: onlyEditors(200),
    call: async () => ({ url: `/api/award-panel/nominations/${await openNomination()}/cv.pdf` }),
  },
  'PUT /api/award-panel/nominations/:id/score': {
    expect: onlyEditors(200),
    call: async () => ({ url: `/api/award-panel/nominations/${await openNomination()}/score`, ...json({ score: 7, comment: 'Matrix' }) }),
  },
  'POST /api/award-panel/nominations/:id/decision': {
    expect: onlyEditors(200),
    call: async () => ({ url: `/api/award-panel/nominations/${await newNomination()}/decision`, ...json({ decision: 'not-awarded' }) }),
  },
  'GET /api/award-panel/members': { expect: onlyEditors(200), call: () => ({}) },
  'POST /api/award-panel/members': { expect: onlyEditors(200), call: () => json({ email: users.otherReviewer.user.email }) },
  'DELETE /api/award-panel/members/:userId': {
    expect: onlyEditors(200),
    call: async () => ({ url: `/api/award-panel/members/${await panelMember()}` }),
  },
  // Registrations and prices (decision 0043): prices and quotes are public; registering is any signed-in caller's whose
  // address is verified (the chairs here; the others are asked to verify: 403); another person's registration is a 404.
  'GET /api/registrations/prices': { expect: everyone(200), call: () => ({}) },
  'POST /api/registrations/quote': { expect: everyone(200), call: () => json({ category: 'attending', currency: 'USD' }) },
  'POST /api/registrations': {
    expect: { ...anyRole(403), chair: 201, otherChair: 201 },
    call: () => json({ name: 'Matrix Registrant', category: 'attending', currency: 'USD', provider: 'bank' }),
  },
  'GET /api/account/registrations': { expect: anyRole(200), call: () => ({}) },
  'POST /api/account/registrations/:id/pay': {
    expect: { ...anyRole(403), chair: 404, otherChair: 404 },
    call: () => ({ url: `/api/account/registrations/${'f'.repeat(24)}/pay`, ...json({ provider: 'bank' }) }),
  },
  'POST /api/account/registrations/:id/cancel': {
    expect: { ...anyRole(403), chair: 404, otherChair: 404 },
    call: () => ({ url: `/api/account/registrations/${'f'.repeat(24)}/cancel` }),
  },
  'GET /api/editor/early-bird-prices': { expect: onlyEditors(200), call: () => ({}) },
  'POST /api/editor/early-bird-prices': {
    expect: onlyEditors(201),
    call: () => json({ category: 'attending', usdMinor: 15_000, until: new Date(Date.now() + 86_400_000 + ++seq).toISOString() }),
  },
  'DELETE /api/editor/early-bird-prices/:id': {
    expect: onlyEditors(404),
    call: () => ({ url: `/api/editor/early-bird-prices/${'f'.repeat(24)}` }),
  },
  'GET /api/editor/coupons': { expect: onlyEditors(200), call: () => ({}) },
  'POST /api/editor/coupons': { expect: onlyEditors(201), call: () => json({ code: `MATRIX${++seq}`, kind: 'percent', value: 10 }) },
  'PATCH /api/editor/coupons/:code': {
    expect: onlyEditors(404),
    call: () => ({ url: '/api/editor/coupons/NOSUCHCOUPON', ...json({ disabled: true }) }),
  },
  // The registration desk (decision 0047): the editor's alone. An unknown code is a 404 once the caller is an editor.
  'GET /api/editor/attendees': { expect: onlyEditors(200), call: () => ({ url: '/api/editor/attendees?status=paid&limit=5' }) },
  'GET /api/editor/attendees.csv': { expect: onlyEditors(200), call: () => ({}) },
  'POST /api/editor/check-in': { expect: onlyEditors(404), call: () => json({ code: 'AAAA-BBBB-CCCC-DDDD-EEEE' }) },
  // No registration is from there: the editor hears there is nothing to print (the PDF itself is in attendees.test.ts).
  'GET /api/editor/badges.pdf': { expect: onlyEditors(404), call: () => ({ url: '/api/editor/badges.pdf?country=ZZ' }) },
  // Visa letters (decision 0046): asking needs a verified address (the chairs' here; a foreign registration is then a 404),
  // a letter is its owner's (404 for anyone else), deciding and the signature image are the editor's alone.
  'POST /api/account/registrations/:id/visa-letter': {
    expect: { ...anyRole(403), chair: 404, otherChair: 404 },
    call: () => ({
      url: `/api/account/registrations/${'f'.repeat(24)}/visa-letter`,
      ...json({
        passportName: 'MATRIX',
        nationality: 'TH',
        passportNumber: 'M1234567',
        arrivalDate: '2023-12-26',
        departureDate: '2023-12-29',
      }),
    }),
  },
  'GET /api/account/visa-letters': { expect: anyRole(200), call: () => ({}) },
  'GET /api/account/visa-letters/:id/letter.pdf': {
    expect: anyRole(404),
    call: () => ({ url: `/api/account/visa-letters/${'f'.repeat(24)}/letter.pdf` }),
  },
  // The registration office (decision 0077): holds, badge pick-up, reconciling, revenue are the editor's; the e-ticket is the
  // owner's (a foreign registration is a 404, an unverified caller is asked to verify), or the mail's signed link's.
  'GET /api/award-panel/membership': { expect: anyRole(200), call: () => ({}) },
  'GET /api/editor/registration-office': { expect: onlyEditors(200), call: () => ({}) },
  'PUT /api/editor/registration-office': { expect: onlyEditors(200), call: () => json({ seatHoldMinutes: 60 }) },
  'GET /api/editor/registration-holds': { expect: onlyEditors(200), call: () => ({}) },
  'POST /api/editor/registration-holds/:id/release': {
    expect: onlyEditors(404),
    call: () => ({ url: `/api/editor/registration-holds/${'f'.repeat(24)}/release` }),
  },
  'POST /api/editor/payments/:id/match': {
    expect: onlyEditors(404),
    call: () => ({ url: `/api/editor/payments/${'f'.repeat(24)}/match`, ...json({ registrationCode: 'AAAA-BBBB-CCCC-DDDD-EEEE' }) }),
  },
  'GET /api/editor/revenue': { expect: onlyEditors(200), call: () => ({}) },
  'GET /api/editor/revenue.csv': { expect: onlyEditors(200), call: () => ({}) },
  'GET /api/account/registrations/:id/e-ticket.pdf': {
    expect: { ...anyRole(403), chair: 404, otherChair: 404 },
    call: () => ({ url: `/api/account/registrations/${'f'.repeat(24)}/e-ticket.pdf` }),
  },
  'GET /api/e-tickets/:id.pdf': { expect: everyone(404), call: () => ({ url: `/api/e-tickets/${'f'.repeat(24)}.pdf?sig=forged` }) },
  'GET /api/editor/visa-letters': { expect: onlyEditors(200), call: () => ({}) },
  'POST /api/editor/visa-letters/:id/approve': {
    expect: onlyEditors(404),
    call: () => ({ url: `/api/editor/visa-letters/${'f'.repeat(24)}/approve` }),
  },
  'POST /api/editor/visa-letters/:id/reject': {
    expect: onlyEditors(404),
    call: () => ({ url: `/api/editor/visa-letters/${'f'.repeat(24)}/reject`, ...json({ reason: 'Matrix reason' }) }),
  },
  'PUT /api/editor/settings/signature': { expect: onlyEditors(200), call: () => form([['signature', signaturePng(), 'signature.png']]) },
  'GET /api/editor/settings/signature': {
    expect: onlyEditors(200),
    call: async (who) => (who === 'editor' ? { url: await signatureUploaded() } : {}),
  },
  'DELETE /api/editor/settings/signature': { expect: onlyEditors(200), call: () => ({}) },
  // The conference's facts (decision 0051): anyone reads them; changing them, and the logo, is the editor's alone.
  'GET /api/conference': { expect: everyone(200), call: () => ({}) },
  'GET /api/editor/conference': { expect: onlyEditors(200), call: () => ({}) },
  'PUT /api/editor/conference': { expect: onlyEditors(200), call: () => json(CONFERENCE_FACTS_DEFAULTS) },
  'PUT /api/editor/conference/logo': { expect: onlyEditors(200), call: () => form([['logo', signaturePng(), 'logo.png']]) },
  'GET /api/editor/conference/logo': {
    expect: onlyEditors(200),
    call: async (who) => (who === 'editor' ? { url: await logoUploaded() } : {}),
  },
  'DELETE /api/editor/conference/logo': { expect: onlyEditors(200), call: () => ({}) },
  // Receipts (decision 0048) and the editor's registration page (decision 0043): the owner's download is the person at the
  // registration's (confirmed) address — the chair here — anyone else is told it does not exist; the mail's signed link
  // decides alone; the rest is the editor's. Each editor's bank transfer pays a fresh registration.
  'GET /api/account/registrations/:id/receipt.pdf': {
    expect: { ...anyRole(404), chair: 200 },
    call: async () => ({ url: `/api/account/registrations/${(await chairsReceipt()).registrationId}/receipt.pdf` }),
  },
  'GET /api/receipts/:code.pdf': { expect: everyone(200), call: async () => ({ url: (await chairsReceipt()).link }) },
  'GET /api/editor/receipts/:number.pdf': {
    expect: onlyEditors(200),
    call: async () => ({ url: `/api/editor/receipts/${(await chairsReceipt()).number}.pdf` }),
  },
  'GET /api/editor/registrations/:id': {
    expect: onlyEditors(200),
    call: async () => ({ url: `/api/editor/registrations/${(await chairsReceipt()).registrationId}` }),
  },
  'POST /api/editor/registrations': {
    expect: onlyEditors(201),
    call: () => json({ name: 'Matrix Guest', email: `guest.${++seq}@example.org`, category: 'attending', currency: 'USD' }),
  },
  'POST /api/editor/registrations/:id/bank-transfers': {
    expect: onlyEditors(201),
    call: async (who) => {
      const { id, amountMinor } =
        who === 'editor' ? await registerForMatrix(`bank.${++seq}@example.org`) : { id: 'f'.repeat(24), amountMinor: 20_000 };
      return {
        url: `/api/editor/registrations/${id}/bank-transfers`,
        ...json({ reference: 'MATRIX-1', paidOn: '2026-01-05', amountMinor, currency: 'USD' }),
      };
    },
  },
};

/** A pending registration the editor made, and the amount due on it (an early-bird row above may have changed the price). */
const registerForMatrix = async (email: string): Promise<{ id: string; amountMinor: number }> => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/editor/registrations',
    headers: users.editor.auth,
    payload: { name: 'Matrix Payer', email, category: 'accompanying', currency: 'USD' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().registration.id as string, amountMinor: res.json().registration.amountMinor as number };
};
let receipt: Promise<{ registrationId: string; number: string; link: string }> | undefined;
/** The chair's own registration, paid by a recorded bank transfer, its receipt and the mail's signed link to it. */
const chairsReceipt = () =>
  (receipt ??= (async () => {
    const { id: registrationId, amountMinor } = await registerForMatrix(users.chair.user.email);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/editor/registrations/${registrationId}/bank-transfers`,
      headers: users.editor.auth,
      payload: { reference: 'MATRIX-CHAIR', paidOn: '2026-01-05', amountMinor, currency: 'USD' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const link = new URL(
      receiptLink({ publicUrl: t.config.publicUrl, secret: t.config.JWT_SECRET, code: res.json().registration.receipts[0].code }),
    );
    return { registrationId, number: res.json().receiptNumber as string, link: link.pathname + link.search };
  })());

/** An award nomination's form (decision 0044): the author's, with a CV and a photo. */
const nominationForm = () =>
  form([
    ['nomineeName', 'Matrix Nominee'],
    ['nomineeEmail', 'nominee@example.org'],
    ['designation', 'Professor'],
    ['affiliation', 'Matrix University'],
    ['category', 'Best Researcher Award'],
    ['statement', 'Matrix statement.'],
    ['cv', pdfBytes('matrix-cv'), 'cv.pdf'],
    ['photo', png, 'p.png'],
  ]);
/** A new nomination by the author (a decision needs one not yet decided). */
const newNomination = async () => {
  const f = await nominationForm();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/account/nominations',
    payload: f.payload,
    headers: { ...f.headers, ...users.author.auth },
  });
  expect(res.statusCode).toBe(201);
  return res.json().nomination.id as string;
};
let nominated: Promise<string> | undefined;
const openNomination = () => (nominated ??= newNomination());
let awarded: Promise<string> | undefined;
/** A nomination the editor awarded: its photo is public. */
const awardedNomination = () =>
  (awarded ??= newNomination().then(async (id) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/award-panel/nominations/${id}/decision`,
      payload: { decision: 'awarded' },
      headers: users.editor.auth,
    });
    expect(res.statusCode).toBe(200);
    return id;
  }));
/** otherReviewer named to the award panel again (the DELETE row takes them off each time). */
const panelMember = async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/award-panel/members',
    payload: { email: users.otherReviewer.user.email },
    headers: users.editor.auth,
  });
  expect(res.statusCode).toBe(200);
  return users.otherReviewer.user._id;
};

/** The organiser's signature uploaded by the editor (a real PNG: documents embed it); answers the GET's path. */
const signatureUploaded = async () => {
  const f = await form([['signature', signaturePng(), 'signature.png']]);
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/editor/settings/signature',
    payload: f.payload,
    headers: { ...f.headers, ...users.editor.auth },
  });
  expect(res.statusCode).toBe(200);
  return '/api/editor/settings/signature';
};

/** The conference's logo uploaded by the editor; answers the GET's path. */
const logoUploaded = async () => {
  const f = await form([['logo', signaturePng(), 'logo.png']]);
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/editor/conference/logo',
    payload: f.payload,
    headers: { ...f.headers, ...users.editor.auth },
  });
  expect(res.statusCode).toBe(200);
  return '/api/editor/conference/logo';
};

let bulk: Promise<string> | undefined;
/** A bulk mail the editor sent (to the authors of track-2's papers). */
const editorsBulkMail = () =>
  (bulk ??= t.app
    .inject({
      method: 'POST',
      url: '/api/editor/bulk-mails',
      headers: users.editor.auth,
      payload: {
        key: 'matrix-editors-own-bulk-mail',
        audience: { group: 'authors', trackId: 'track-2' },
        subject: 'From the editor',
        body: 'Dear {name}',
      },
    })
    .then((res) => {
      expect(res.statusCode).toBe(201);
      return res.json()._id as string;
    }));

let owing: Promise<string> | undefined;
/** A fresh post of the caller's on the paper's discussion (the reviewer's for callers who may not post). */
const ownPost = async (who: Caller): Promise<string> => {
  const poster = who === 'editor' || who === 'chair' || who === 'reviewer' ? users[who] : users.reviewer;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/papers/${paperId}/discussion`,
    headers: poster.auth,
    payload: { body: 'To be edited.' },
  });
  expect(res.statusCode).toBe(201);
  return res.json().post.id as string;
};

/** otherReviewer, once assigned a paper of chair's track (the default) they have not reviewed. */
const owingReviewer = () =>
  (owing ??= (async () => {
    const paper = await submitPaper(t.app, users.author.auth, { title: 'Matrix paper owed a review', keywords: ['AI'] });
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/editor/send-paper',
      headers: users.editor.auth,
      payload: { paperId: paper._id, reviewerId: users.otherReviewer.user._id },
    });
    expect(sent.statusCode).toBe(200);
    return users.otherReviewer.user._id;
  })());

beforeAll(async () => {
  t = await startTestApp({
    PAYU_KEY: 'matrixKey',
    PAYU_SALT: 'matrixSalt',
    // Card payments configured, but no call here reaches Stripe: every card request is refused first.
    STRIPE_SECRET_KEY: 'sk_test_matrix',
    STRIPE_WEBHOOK_SECRET: 'whsec_matrix',
    STRIPE_API_URL: 'http://127.0.0.1:9',
  });
  users.editor = await signupAs(t.app, 'Editor');
  users.author = await signupAs(t.app, 'Author');
  users.otherAuthor = await signupAs(t.app, 'Author');
  users.reviewer = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
  users.otherReviewer = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
  // Two track chairs: the editor names their addresses, they sign up as Editors and confirm the address.
  for (const [who, track] of [
    ['chair', 'track-2'],
    ['otherChair', 'track-1'],
  ] as const) {
    const email = uniqueAddress(who.toLowerCase());
    const named = await t.app.inject({
      method: 'PUT',
      url: `/api/editor/tracks/${track}/chairs`,
      headers: users.editor.auth,
      payload: { emails: [email] },
    });
    expect(named.statusCode).toBe(200);
    users[who] = await signupAs(t.app, 'Editor', { email });
    expect(users[who].user.chairOnly).toBe(true);
    await t.app.database.db.update(usersTable).set({ emailVerifiedAt: new Date() }).where(eq(usersTable.id, users[who].user._id));
  }
  badToken = await new SignJWT({ role: 'Author' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(users.author.user._id)
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode('not-the-server-secret-not-the-server-secret'));
  const paper = await submitPaper(t.app, users.author.auth, { keywords: ['AI'] });
  paperId = paper._id;
  pdfUrl = paper.pdf!;
  mailPaperId = (await submitPaper(t.app, users.otherAuthor.auth, { keywords: ['AI'] }))._id;
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/editor/send-paper',
    headers: users.editor.auth,
    payload: { paperId, reviewerId: users.reviewer.user._id },
  });
  expect(sent.statusCode).toBe(200);
  const reviewed = await t.app.inject({
    method: 'PUT',
    url: `/api/reviewer/review/${paperId}`,
    headers: users.reviewer.auth,
    payload: { recommendation: 3, confidence: 3, commentsToAuthors: 'First read.' },
  });
  expect(reviewed.statusCode).toBe(200);
  const upload = await form([['photo', png, 'me.png']]);
  const photo = await t.app.inject({
    method: 'PATCH',
    url: '/api/me',
    payload: upload.payload,
    headers: { ...upload.headers, ...users.otherReviewer.auth },
  });
  expect(photo.statusCode).toBe(200);
  photoUrl = photo.json().user.photo;
});
afterAll(async () => {
  await t?.close();
});

const apiRoutes = () => listRoutes(t.app).filter((r) => r.url === '/api' || r.url.startsWith('/api/'));

test('every registered /api route is in the permission table, and every row is a registered route', () => {
  const routes = apiRoutes();
  const registered = new Set(routes.filter((r) => r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`));
  // HEAD is only ever Fastify's automatic twin of a GET, answered by the same handler.
  for (const r of routes.filter((x) => x.method === 'HEAD')) expect(registered, `HEAD ${r.url} without GET`).toContain(`GET ${r.url}`);
  const missing = [...registered].filter((k) => !(k in TABLE));
  expect(missing, 'routes missing from the permission table: add a row for each').toEqual([]);
  const stale = Object.keys(TABLE).filter((k) => !registered.has(k));
  expect(stale, 'rows for routes that are not registered').toEqual([]);
  expect(registered.size).toBeGreaterThanOrEqual(35);
});

describe.each(Object.entries(TABLE))('%s', (key, row) => {
  test('answers each caller as the table says', async () => {
    const [method, path] = key.split(' ') as [InjectOptions['method'], string];
    const actual: Record<string, number> = {};
    for (const who of CALLERS) {
      const req = await row.call(who);
      const token = who === 'none' ? undefined : who === 'badToken' ? badToken : users[who].token;
      const res = await t.app.inject({
        method,
        url: path,
        ...req,
        headers: { ...req.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
      actual[who] = res.statusCode;
      if (res.statusCode === 401 || res.statusCode === 403) {
        expect(res.json().message, `${key} as ${who}`).toBeTypeOf('string');
      }
    }
    expect(actual).toEqual({ ...row.expect, badToken: row.expect.none });
  });
});

/**
 * Mail templates with a link that opens an account (docs/product.md#mail): such a placeholder outside the body is
 * refused to the editor with a 400 naming it, and every other caller hears what the route's row says, as for any body.
 */
describe.each([
  ['passwordReset', '{resetUrl}'],
  ['verifyEmail', '{verifyUrl}'],
  ['loginLink', '{loginUrl}'],
] as const)('PUT /api/editor/mail-templates/%s with %s in the subject', (name, placeholder) => {
  test('the editor is refused with a 400 naming it; nobody else gets further than the row says', async () => {
    const row = TABLE['PUT /api/editor/mail-templates/:name']!;
    const actual: Record<string, number> = {};
    for (const who of CALLERS) {
      const token = who === 'none' ? undefined : who === 'badToken' ? badToken : users[who].token;
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/editor/mail-templates/${name}`,
        payload: { subject: `Your link: ${placeholder}`, body: MAIL_TEMPLATES[name].text },
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      actual[who] = res.statusCode;
      if (who === 'editor') expect(res.json().message).toContain(placeholder);
    }
    expect(actual).toEqual({ ...row.expect, badToken: row.expect.none, editor: 400 });
    const saved = await t.app.inject({ method: 'GET', url: '/api/editor/mail-templates', headers: users.editor.auth });
    expect(JSON.stringify(saved.json())).not.toContain(`Your link: ${placeholder}`);
  });
});

/**
 * Decision 0018: who is asking is decided before the input is read, so a stranger or a caller of the wrong role
 * learns nothing of a route's schema: with a malformed body, a body of the wrong shape, or ids that are not ids,
 * they hear the same 401/403 as with a good request.
 */
describe('a caller without the right hears 401/403 whatever they send', () => {
  const protectedRows = Object.entries(TABLE).filter(([, row]) => row.expect.none === 401);
  const BAD_BODIES: Array<[string, Request]> = [
    ['malformed JSON', { payload: '{"x":', headers: { 'content-type': 'application/json' } }],
    ['a body of the wrong shape', { payload: { role: 42, tags: 'x', paperId: [], decision: {}, unexpected: true } }],
  ];
  test.each(protectedRows)('%s', async (key, row) => {
    const [method, path] = key.split(' ') as [InjectOptions['method'], string];
    // A caller refused for their role (not for the state of the paper): of a role no caller of which is let in.
    const roleOf = { author: 'Author', otherAuthor: 'Author', editor: 'Editor', reviewer: 'Reviewer', otherReviewer: 'Reviewer' } as const;
    const callers = Object.keys(roleOf) as Array<keyof typeof roleOf>;
    const letIn = new Set(callers.filter((who) => row.expect[who] !== 403).map((who) => roleOf[who]));
    const owner = path.startsWith('/api/author/') ? 'Author' : path.startsWith('/api/reviewer/') ? 'Reviewer' : 'Editor';
    if (letIn.size === 0) letIn.add(owner);
    const wrongRole = callers.find((who) => row.expect[who] === 403 && !letIn.has(roleOf[who]));
    const good = await row.call('none');
    // Ids in the path that are not ids (a schema error for whoever may call).
    const url = String(good.url ?? path).replace(/[0-9a-f]{24}/g, 'not-an-id');
    for (const [label, bad] of BAD_BODIES) {
      const asNobody = await t.app.inject({ method, url, ...bad, headers: { ...bad.headers } });
      expect([asNobody.statusCode, asNobody.json().message], `${key}, ${label}, no token`).toEqual([401, 'Please login first']);
      if (wrongRole) {
        const asWrong = await t.app.inject({ method, url, ...bad, headers: { ...bad.headers, ...users[wrongRole].auth } });
        expect(asWrong.statusCode, `${key}, ${label}, as ${wrongRole}`).toBe(403);
      }
    }
  });
});

test('HEAD on a protected GET is refused like the GET', async () => {
  for (const url of [
    '/api/author/my-papers',
    '/api/editor/papers',
    '/api/editor/payments.csv',
    `/api/reviewer/assigned-papers/${users.reviewer.user._id}`,
  ]) {
    expect((await t.app.inject({ method: 'HEAD', url })).statusCode, url).toBe(401);
    expect((await t.app.inject({ method: 'HEAD', url, headers: users.otherAuthor.auth })).statusCode, url).toBe(
      url.includes('/author/') ? 200 : 403,
    );
  }
});
