import { readdirSync } from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TAGS } from '../../src/core/tags';
import { CONFERENCE_FACTS_DEFAULTS } from '../../src/core/conference-facts';
import { MAIL_CATEGORIES, MAIL_MODES } from '../../src/core/mail-templates';
import {
  comments,
  contactMessages,
  keynoteSpeakers,
  mailPreferences,
  newsItems,
  paperFiles,
  papers,
  payments,
  registrations,
  settings,
  users,
} from '../../src/server/db/schema';
import { FEES_WITHOUT_PUBLICATION, PAYER_CATEGORIES, PUBLICATIONS } from '../../src/core/fees';
import { startTestApp, type TestApp } from '../support/app';
import { expectCleanAnswer, hostileBody, hostileString, storableHostileString, UNSTORABLE } from '../support/hostile';
// docs/product.md#validation-and-messages: titles and names refuse control and direction characters; the verbatim checks take text without them.
import { hasNoBidiControls, isPlainLine } from '../../src/core/schemas/text';
import { pdfBytes, submitPaper } from '../support/multipart';
import { makePaper } from '../support/preflight-pdfs';
import { DEFAULT_PREFLIGHT_RULES } from '../../src/core/preflight';
import { payAndConfirm } from '../support/payu';
import { rawMultipart, type RawPart } from '../support/raw-multipart';
import { signupAs, type SignedUp } from '../support/users';

/**
 * Property-based fuzzing of every JSON and multipart endpoint: whatever arrives, the answer is a clean
 * 4xx {message} or a success, never a 5xx or a stack trace, and a refused request changes nothing.
 */
const RUNS = { numRuns: 25 };

let t: TestApp;
let stripe: http.Server;
let editor: SignedUp;
let author: SignedUp;
let reviewer: SignedUp;
/** A reviewer with a verified address: bidding waits for one (docs/product.md#who-sees-whom), so only it reaches the bid's body. */
let bidder: SignedUp;
let paperId: string;
/** A paper of the author's that the withdraw fuzzing may withdraw (paperId stays under review for the others). */
let withdrawnPaperId: string;
let sessionId: string;
let newsId: string;
let sitePageId: string;
/** The first of the seven speakers shipped with the site (migration 0013). */
const SHIPPED_SPEAKER = '5eed00000000000000000001';
let ip = 0;
/** A fresh client address per request, so the per-address rate limits do not turn the fuzz into 429s. */
const nextIp = () => `10.${(++ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 3)]);
const db = () => t.app.database.db;
const count = (table: Parameters<TestApp['app']['database']['db']['$count']>[0]) => db().$count(table);
const storedFiles = () =>
  readdirSync(path.join(t.dataDir, 'files'), { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.join(d.parentPath, d.name))
    .sort();

const sendJson = (method: InjectOptions['method'], url: string, body: string, who: SignedUp | null) =>
  t.app.inject({
    method,
    url,
    payload: body,
    remoteAddress: nextIp(),
    headers: { 'content-type': 'application/json', ...(who ? who.auth : {}) },
  });
const sendParts = (method: InjectOptions['method'], url: string, parts: RawPart[], who: SignedUp | null) => {
  const { payload, contentType } = rawMultipart(parts);
  return t.app.inject({
    method,
    url,
    payload,
    remoteAddress: nextIp(),
    headers: { 'content-type': contentType, ...(who ? who.auth : {}) },
  });
};

beforeAll(async () => {
  // Just enough of Stripe for a checkout to succeed, so valid card bodies reach the database too.
  let n = 0;
  stripe = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      const id = `cs_test_fuzz${++n}`;
      res.end(
        JSON.stringify({
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/${id}`,
          status: 'open',
          payment_status: 'unpaid',
        }),
      );
    });
  });
  await new Promise<void>((resolve) => stripe.listen(0, '127.0.0.1', resolve));
  t = await startTestApp({
    PAYU_KEY: 'fuzzKey',
    PAYU_SALT: 'fuzzSalt',
    STRIPE_SECRET_KEY: 'sk_test_fuzz',
    STRIPE_WEBHOOK_SECRET: 'whsec_fuzz',
    STRIPE_API_URL: `http://127.0.0.1:${(stripe.address() as AddressInfo).port}`,
    // The slow-body case below waits for the least rate to cut each route's body (20 s by default).
    API_BODY_TIMEOUT_MS: '1500',
  });
  editor = await signupAs(t.app, 'Editor');
  author = await signupAs(t.app, 'Author');
  reviewer = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
  bidder = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
  await db().update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, bidder.user._id));
  paperId = (await submitPaper(t.app, author.auth, { keywords: ['AI'] }))._id;
  withdrawnPaperId = (await submitPaper(t.app, author.auth, { title: 'To withdraw', keywords: ['AI'] }))._id;
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/editor/send-paper',
    headers: editor.auth,
    payload: { paperId, reviewerId: reviewer.user._id },
  });
  expect(sent.statusCode).toBe(200);
  const session = await t.app.inject({
    method: 'POST',
    url: '/api/editor/program/sessions',
    headers: editor.auth,
    payload: { title: 'Fuzz session', track: 'Science and Materials', start: '2023-12-27T09:00:00Z', end: '2023-12-27T10:00:00Z' },
  });
  sessionId = session.json()._id;
  newsId = (await t.app.inject({ method: 'POST', url: '/api/news', headers: editor.auth, payload: { name: 'Fuzz news' } })).json().item._id;
  sitePageId = (
    await t.app.inject({
      method: 'POST',
      url: '/api/site-pages',
      headers: editor.auth,
      payload: { address: 'fuzz-page', title: 'Fuzz page' },
    })
  ).json().page._id;
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => (stripe ? stripe.close(() => resolve()) : resolve()));
});

const email = fc.oneof(fc.emailAddress(), fc.constant('a@example.org'));
const amount = fc.oneof(fc.integer({ min: 1, max: 100_000 }), fc.constantFrom('10', '0.5', '1e3', '-1', 'Infinity'));
/** Decision 0051: each fact good (the defaults) or a kind of bad (a zone that does not exist, days out of order, no e-mail, no country). */
const CONFERENCE_KEYS = [...Object.keys(CONFERENCE_FACTS_DEFAULTS), 'organiserName', 'organiserTitle'] as const;
const conferenceFields: Record<string, fc.Arbitrary<unknown>> = {
  ...Object.fromEntries(Object.entries(CONFERENCE_FACTS_DEFAULTS).map(([k, v]) => [k, fc.constant(v)])),
  timeZone: fc.constantFrom('Asia/Bangkok', 'Europe/Paris', 'Mars/Olympus', 'UTC', '../../etc/passwd', ''),
  startDate: fc.constantFrom('2023-12-27', '2023-02-30', '27/12/2023'),
  endDate: fc.constantFrom('2023-12-28', '2023-12-26', ''),
  contactEmail: fc.oneof(email, fc.constantFrom('nobody', '')),
  venue: fc.record({
    resort: fc.constantFrom('Hall', ''),
    city: fc.constant('Pattaya'),
    country: fc.constant('Thailand'),
    countryCode: fc.constantFrom('TH', 'th', 'XX', 'THA'),
    address: fc.constant('Beach Road'),
  }),
  importantDates: fc.array(
    fc.oneof(
      fc.record({ label: fc.constantFrom('Submission', ''), date: fc.constantFrom('2023-10-31', '31 October 2023', '2023-02-30', '') }),
      fc.record({ label: fc.constantFrom('Submission', ''), deadline: fc.constantFrom('submission', 'cameraReady', 'lunch') }),
    ),
    {
      maxLength: 14,
    },
  ),
  organiserName: fc.constantFrom(undefined, 'Dr. Fuzz', ''),
};

interface JsonEndpoint {
  method: InjectOptions['method'];
  url: () => string;
  who: () => SignedUp | null;
  keys: string[];
  valid?: () => Record<string, fc.Arbitrary<unknown>>;
}
const JSON_ENDPOINTS: Record<string, JsonEndpoint> = {
  // Decision 0072: a track's preflight rules (null turns the checks off; the track is one no other case submits to).
  'PUT /api/editor/tracks/:trackId/preflight': {
    method: 'PUT',
    url: () => '/api/editor/tracks/track-4/preflight',
    who: () => editor,
    keys: ['rules'],
    valid: () => ({
      rules: fc.oneof(
        fc.constant(null),
        fc.record({
          pageLimit: fc.oneof(fc.integer({ min: -1, max: 600 }), fc.constant(null), fc.constant('10')),
          referencesCount: fc.oneof(fc.boolean(), fc.constant('yes')),
          paperSize: fc.constantFrom('any', 'A4', 'Letter', 'A5'),
          maxFileMb: fc.oneof(fc.double({ min: -1, max: 2000, noNaN: true }), fc.constant(null)),
          actions: fc.dictionary(
            fc.constantFrom('page-limit', 'javascript', 'unchecked', '__proto__', 'x'),
            fc.constantFrom('block', 'warn', 'off', 'maybe'),
          ),
        }),
      ),
    }),
  },
  // Decision 0044: the award panel's score and decision, and naming a panel member (the editor is on the panel).
  'PUT /api/award-panel/nominations/:id/score': {
    method: 'PUT',
    url: () => `/api/award-panel/nominations/${awardNominationId}/score`,
    who: () => editor,
    keys: ['score', 'comment'],
    valid: () => ({
      score: fc.oneof(fc.integer({ min: -2, max: 12 }), fc.constantFrom(7.5, '7', 1e20)),
      comment: storableHostileString(3000),
    }),
  },
  'POST /api/award-panel/nominations/:id/decision': {
    method: 'POST',
    url: () => `/api/award-panel/nominations/${awardNominationId}/decision`,
    who: () => editor,
    keys: ['decision'],
    valid: () => ({ decision: fc.constantFrom('awarded', 'not-awarded', 'maybe') }),
  },
  'POST /api/award-panel/members': {
    method: 'POST',
    url: () => '/api/award-panel/members',
    who: () => editor,
    keys: ['email'],
    valid: () => ({ email: fc.oneof(email, fc.constant(reviewer.user.email)) }),
  },
  'POST /api/signup': {
    method: 'POST',
    url: () => '/api/signup',
    who: () => null,
    keys: ['name', 'email', 'password', 'confirmPassword', 'role', 'tags'],
    valid: () => ({ email, role: fc.constantFrom('Author', 'Reviewer', 'Editor'), tags: fc.subarray([...TAGS]) }),
  },
  'POST /api/login': {
    method: 'POST',
    url: () => '/api/login',
    who: () => null,
    keys: ['email', 'password', 'role'],
    valid: () => ({ email, role: fc.constantFrom('Author', 'Reviewer') }),
  },
  'POST /api/login/link': {
    method: 'POST',
    url: () => '/api/login/link',
    who: () => null,
    keys: ['token'],
    valid: () => ({ token: fc.stringMatching(/^[A-Za-z0-9_-]{43}$/) }),
  },
  // Decision 0070: a provider sign-in's ticket and the second step of a login (no provider is configured here).
  'POST /api/auth/oidc/complete': {
    method: 'POST',
    url: () => '/api/auth/oidc/complete',
    who: () => null,
    keys: ['ticket', 'password', 'email'],
    valid: () => ({ ticket: fc.stringMatching(/^[A-Za-z0-9_-]{43}$/), email }),
  },
  'POST /api/login/second-factor': {
    method: 'POST',
    url: () => '/api/login/second-factor',
    who: () => null,
    keys: ['ticket', 'code'],
    valid: () => ({ ticket: fc.stringMatching(/^[A-Za-z0-9_-]{43}$/), code: fc.stringMatching(/^(\d{6}|[a-z0-9]{5}-[a-z0-9]{5})$/) }),
  },
  'POST /api/account/second-factor/confirm': {
    method: 'POST',
    url: () => '/api/account/second-factor/confirm',
    who: () => reviewer,
    keys: ['code'],
    valid: () => ({ code: fc.stringMatching(/^\d{6}$/) }),
  },
  'POST /api/account/second-factor/disable': {
    method: 'POST',
    url: () => '/api/account/second-factor/disable',
    who: () => reviewer,
    keys: ['code'],
  },
  'POST /api/account/link/:provider': {
    method: 'POST',
    url: () => '/api/account/link/orcid',
    who: () => reviewer,
    keys: ['password'],
  },
  'PUT /api/editor/security': {
    method: 'PUT',
    url: () => '/api/editor/security',
    who: () => editor,
    keys: ['requireSecondFactor'],
    valid: () => ({ requireSecondFactor: fc.boolean() }),
  },
  'POST /api/contact': {
    method: 'POST',
    url: () => '/api/contact',
    who: () => null,
    keys: ['name', 'email', 'phone', 'subject', 'message'],
    valid: () => ({ email }),
  },
  'POST /api/payu/initiate': {
    method: 'POST',
    url: () => '/api/payu/initiate',
    who: () => null,
    keys: ['name', 'email', 'phone', 'amount', 'productinfo'],
    valid: () => ({ email, amount }),
  },
  'POST /api/card/checkout': {
    method: 'POST',
    url: () => '/api/card/checkout',
    who: () => null,
    keys: ['name', 'email', 'amount', 'productinfo'],
    valid: () => ({ email, amount }),
  },
  'PATCH /api/me': { method: 'PATCH', url: () => '/api/me', who: () => author, keys: ['name', 'phone', 'affiliation', 'country', 'orcid'] },
  // Decision 0076: a publication added or edited by hand.
  'POST /api/me/publications': {
    method: 'POST',
    url: () => '/api/me/publications',
    who: () => reviewer,
    keys: ['title', 'abstract', 'year', 'authors', 'venue', 'doi', 'counts'],
    valid: () => ({
      title: fc.constantFrom('Fuzzed publication', '', 'x'.repeat(1200)),
      year: fc.oneof(fc.integer({ min: 900, max: 2200 }), fc.constantFrom(null, 2024.5, '2024')),
      authors: fc.constantFrom([], ['A. Author'], [''], 'A. Author'),
      doi: fc.constantFrom(null, '', '10.5555/fuzz', 'https://doi.org/10.5555/FUZZ', 'not a doi'),
      counts: fc.boolean(),
    }),
  },
  'PATCH /api/me/publications/:publicationId': {
    method: 'PATCH',
    url: () => `/api/me/publications/${'f'.repeat(24)}`,
    who: () => reviewer,
    keys: ['title', 'abstract', 'year', 'authors', 'venue', 'doi', 'counts'],
    valid: () => ({ counts: fc.boolean(), year: fc.constantFrom(null, 2020, 'x') }),
  },
  'POST /api/password/forgot': {
    method: 'POST',
    url: () => '/api/password/forgot',
    who: () => null,
    keys: ['email', 'role'],
    valid: () => ({ email, role: fc.constantFrom('Author', 'Reviewer') }),
  },
  'POST /api/password/reset': {
    method: 'POST',
    url: () => '/api/password/reset',
    who: () => null,
    keys: ['token', 'password', 'confirmPassword'],
    valid: () => ({ token: fc.stringMatching(/^[A-Za-z0-9_-]{43}$/) }),
  },
  'POST /api/email/verify': {
    method: 'POST',
    url: () => '/api/email/verify',
    who: () => null,
    keys: ['token'],
    valid: () => ({ token: fc.stringMatching(/^[A-Za-z0-9_-]{43}$/) }),
  },
  'POST /api/email/verify/resend': { method: 'POST', url: () => '/api/email/verify/resend', who: () => reviewer, keys: [] },
  // Decision 0071: a wrong password erases nothing (the reviewer's password is never generated here).
  'POST /api/account/erasure': { method: 'POST', url: () => '/api/account/erasure', who: () => reviewer, keys: ['password'] },
  'PUT /api/editor/retention': {
    method: 'PUT',
    url: () => '/api/editor/retention',
    who: () => editor,
    keys: ['rules'],
    valid: () => ({
      rules: fc.dictionary(
        fc.constantFrom('mails', 'audit', 'reviews', 'attendee-data', 'rejected-paper-files'),
        fc.option(fc.integer({ min: 0, max: 36500 }), { nil: null }),
      ),
    }),
  },
  'POST /api/account/data-export': { method: 'POST', url: () => '/api/account/data-export', who: () => reviewer, keys: [] },
  'POST /api/account/sessions/end-others': { method: 'POST', url: () => '/api/account/sessions/end-others', who: () => reviewer, keys: [] },
  'POST /api/switch-role': {
    method: 'POST',
    url: () => '/api/switch-role',
    who: () => author,
    keys: ['role', 'password'],
    valid: () => ({
      role: fc.constantFrom('Author', 'Reviewer', 'Editor'),
      password: fc.option(fc.string({ minLength: 1, maxLength: 40 }), { nil: undefined }),
    }),
  },
  'PUT /api/author/paper/:id/co-authors': {
    method: 'PUT',
    url: () => `/api/author/paper/${paperId}/co-authors`,
    who: () => author,
    keys: ['coAuthors'],
    valid: () => ({
      coAuthors: fc.array(
        fc.record({
          name: fc.string(),
          email,
          affiliation: fc.string(),
          country: fc.constantFrom('', 'TH', 'xx'),
          orcid: fc.constantFrom(null, '', '0000-0002-1825-0097', '0000-0002-1825-0098'),
        }),
        { maxLength: 22 },
      ),
    }),
  },
  'POST /api/send-mail/:reviewerEmail': {
    method: 'POST',
    url: () => `/api/send-mail/${encodeURIComponent(reviewer.user.email)}`,
    who: () => editor,
    keys: ['name', 'paperTitle', 'paperId', 'reviewerId'],
    valid: () => ({ paperId: fc.constant(paperId), reviewerId: fc.constant(reviewer.user._id) }),
  },
  'POST /api/editor/send-paper': {
    method: 'POST',
    url: () => '/api/editor/send-paper',
    who: () => editor,
    keys: ['paperId', 'reviewerId', 'override'],
    valid: () => ({ paperId: fc.constant(paperId), reviewerId: fc.constant(reviewer.user._id), override: fc.boolean() }),
  },
  'POST /api/editor/auto-assign': {
    method: 'POST',
    url: () => '/api/editor/auto-assign',
    who: () => editor,
    keys: ['reviewersPerPaper', 'maxPapersPerReviewer', 'paperIds', 'apply'],
    valid: () => ({
      reviewersPerPaper: fc.integer({ min: 1, max: 20 }),
      maxPapersPerReviewer: fc.integer({ min: 1, max: 500 }),
      paperIds: fc.constant([paperId]),
      apply: fc.constant(false),
    }),
  },
  'POST /api/editor/program/sessions': {
    method: 'POST',
    url: () => '/api/editor/program/sessions',
    who: () => editor,
    keys: ['title', 'kind', 'track', 'room', 'link', 'start', 'end', 'chair'],
    valid: () => ({
      link: fc.constantFrom('', 'https://meet.example.org/a', 'http://x.org', 'javascript:alert(1)'),
      kind: fc.constantFrom('papers', 'keynote', 'break', 'lunch', undefined),
      track: fc.constantFrom('Science and Materials', 'Management and Social Science', '', 'No such track'),
      start: fc.constant('2023-12-27T09:00:00+07:00'),
      end: fc.constantFrom('2023-12-27T10:00:00+07:00', '2023-12-27T08:00:00+07:00'),
    }),
  },
  'PATCH /api/editor/program/sessions/:id': {
    method: 'PATCH',
    url: () => `/api/editor/program/sessions/${sessionId}`,
    who: () => editor,
    keys: ['title', 'kind', 'track', 'room', 'link', 'start', 'end', 'chair'],
    valid: () => ({
      link: fc.constantFrom('', 'https://meet.example.org/a', 'https://u:p@x.org/'),
      kind: fc.constantFrom('papers', 'social', 'nap'),
      start: fc.constantFrom('2023-12-27T09:00:00Z', '2023-12-27T11:00:00Z'),
    }),
  },
  'POST /api/editor/program/publish': {
    method: 'POST',
    url: () => '/api/editor/program/publish',
    who: () => editor,
    keys: ['acknowledgeWarnings'],
    valid: () => ({ acknowledgeWarnings: fc.constantFrom(true, false, undefined, 'yes') }),
  },
  'PUT /api/editor/program/sessions/:id/papers': {
    method: 'PUT',
    url: () => `/api/editor/program/sessions/${sessionId}/papers`,
    who: () => editor,
    keys: ['papers'],
    valid: () => ({
      papers: fc.array(fc.record({ paperId: fc.constant(paperId), presenterEmail: fc.constantFrom(author.user.email, 'x@example.org') }), {
        maxLength: 2,
      }),
    }),
  },
  // The personal agenda's star takes no body: whatever arrives, a clean answer (a draft session is not found).
  'PUT /api/me/agenda/:id': {
    method: 'PUT',
    url: () => `/api/me/agenda/${sessionId}`,
    who: () => author,
    keys: [],
  },
  'POST /api/editor/registrations/remind': {
    method: 'POST',
    url: () => '/api/editor/registrations/remind',
    who: () => editor,
    keys: ['paperIds'],
    valid: () => ({ paperIds: fc.array(fc.constant(paperId), { minLength: 1, maxLength: 2 }) }),
  },
  // Decision 0054: the editor's override for presentation certificates before their sessions.
  'POST /api/editor/certificates': {
    method: 'POST',
    url: () => '/api/editor/certificates',
    who: () => editor,
    keys: ['presentationsBeforeSessions'],
    valid: () => ({ presentationsBeforeSessions: fc.boolean() }),
  },
  'POST /api/reviewer/add-comment/:paperId': {
    method: 'POST',
    url: () => `/api/reviewer/add-comment/${paperId}`,
    who: () => reviewer,
    keys: ['reviewerId', 'text'],
    valid: () => ({ reviewerId: fc.constant(reviewer.user._id) }),
  },
  'POST /api/reviewer/respond': {
    method: 'POST',
    url: () => '/api/reviewer/respond',
    who: () => reviewer,
    keys: ['paperId', 'email', 'status'],
    valid: () => ({
      paperId: fc.constant(paperId),
      email: fc.constant(reviewer.user.email),
      status: fc.constantFrom('Accepted', 'Declined'),
    }),
  },
  // Editions (decision 0060): a valid year here is never after the current one, so the fuzzing opens no edition (409).
  'POST /api/editions': {
    method: 'POST',
    url: () => '/api/editions',
    who: () => editor,
    keys: ['year', 'carry'],
    valid: () => ({
      year: fc.constantFrom(2000, 2026),
      carry: fc.subarray(['tracks', 'chairs', 'review-form', 'mail-templates', 'site', 'pricing', 'award-panel', 'keynotes']),
    }),
  },
  // The proceedings' publication (decision 0066).
  'PUT /api/editor/proceedings/publication': {
    method: 'PUT',
    url: () => '/api/editor/proceedings/publication',
    who: () => editor,
    keys: ['published'],
    valid: () => ({ published: fc.boolean() }),
  },
  // The review cycle (docs/product.md#the-review-cycle).
  'PUT /api/editor/settings': {
    method: 'PUT',
    url: () => '/api/editor/settings',
    who: () => editor,
    keys: [
      'submissionDeadline',
      'reviewDeadline',
      'cameraReadyDeadline',
      'reviewersPerPaper',
      'maxPapersPerReviewer',
      'blindReview',
      'blindAnnotationText',
      'doiPrefix',
      'doiPattern',
    ],
    valid: () => ({
      reviewersPerPaper: fc.integer({ min: 1, max: 20 }),
      blindReview: fc.constant(false),
      blindAnnotationText: fc.constantFrom('keep-unless-naming-author', 'remove'),
      reviewDeadline: fc.constantFrom(null, '2099-01-01T00:00:00Z'),
    }),
  },
  'PUT /api/reviewer/review/:paperId': {
    method: 'PUT',
    url: () => `/api/reviewer/review/${paperId}`,
    who: () => reviewer,
    keys: ['recommendation', 'confidence', 'commentsToAuthors', 'commentsToEditor', 'answers'],
    valid: () => ({ recommendation: fc.integer({ min: 1, max: 5 }), confidence: fc.integer({ min: 1, max: 5 }) }),
  },
  // Decision 0031: the editor's review form questions (the PATCH is in review-form.test.ts).
  'POST /api/editor/review-form/questions': {
    method: 'POST',
    url: () => '/api/editor/review-form/questions',
    who: () => editor,
    keys: ['kind', 'label', 'description', 'options', 'visibility', 'required'],
    valid: () => ({
      kind: fc.constantFrom('score', 'choice', 'text'),
      visibility: fc.constantFrom('authors', 'committee'),
      options: fc.constantFrom([], ['Low', 'High'], ['a', 'b', 'c']),
      required: fc.constant(false),
    }),
  },
  'PUT /api/reviewer/bid/:paperId': {
    method: 'PUT',
    url: () => `/api/reviewer/bid/${paperId}`,
    who: () => bidder,
    keys: ['bid'],
    valid: () => ({ bid: fc.constantFrom('eager', 'willing', 'not-willing', null) }),
  },
  'POST /api/author/paper/:id/withdraw': {
    method: 'POST',
    url: () => `/api/author/paper/${withdrawnPaperId}/withdraw`,
    who: () => author,
    keys: [],
  },
  'PUT /api/author/paper/:id/conflicts': {
    method: 'PUT',
    url: () => `/api/author/paper/${paperId}/conflicts`,
    who: () => author,
    keys: ['emails'],
    valid: () => ({ emails: fc.array(email, { maxLength: 3 }) }),
  },
  'PUT /api/editor/papers/:paperId/decision': {
    method: 'PUT',
    url: () => `/api/editor/papers/${paperId}/decision`,
    who: () => editor,
    keys: ['decision'],
    valid: () => ({ decision: fc.constantFrom('Accepted', 'Rejected', 'Revision', null) }),
  },
  // Deliberation (decision 0033); no response window is set here, so a response is refused with its reason.
  'PUT /api/editor/papers/:paperId/meta-review': {
    method: 'PUT',
    url: () => `/api/editor/papers/${paperId}/meta-review`,
    who: () => editor,
    keys: ['recommendation', 'toAuthors', 'toCommittee'],
    valid: () => ({ recommendation: fc.constantFrom('Accepted', 'Rejected', 'Revision') }),
  },
  'PUT /api/author/paper/:id/response': {
    method: 'PUT',
    url: () => `/api/author/paper/${paperId}/response`,
    who: () => author,
    keys: ['text'],
  },
  'PUT /api/editor/papers/:paperId/reviews/:reviewerId/rating': {
    method: 'PUT',
    url: () => `/api/editor/papers/${paperId}/reviews/${reviewer.user._id}/rating`,
    who: () => editor,
    keys: ['rating', 'note'],
    valid: () => ({ rating: fc.constantFrom('helpful', 'adequate', 'poor', null) }),
  },
  'POST /api/papers/:paperId/discussion': {
    method: 'POST',
    url: () => `/api/papers/${paperId}/discussion`,
    who: () => editor,
    keys: ['body'],
  },
  'PUT /api/editor/reviewers/:id/approval': {
    method: 'PUT',
    url: () => `/api/editor/reviewers/${reviewer.user._id}/approval`,
    who: () => editor,
    keys: ['approved'],
    valid: () => ({ approved: fc.constant(true) }),
  },
  'POST /api/editor/missing-reviews/remind': {
    method: 'POST',
    url: () => '/api/editor/missing-reviews/remind',
    who: () => editor,
    keys: ['reviewerId', 'all'],
    valid: () => ({ reviewerId: fc.constantFrom(reviewer.user._id, editor.user._id), all: fc.constantFrom(true, false) }),
  },
  'POST /api/editor/notify': {
    method: 'POST',
    url: () => '/api/editor/notify',
    who: () => editor,
    keys: ['paperIds', 'dryRun'],
    valid: () => ({ paperIds: fc.constant([paperId]), dryRun: fc.constant(true) }),
  },
  'POST /api/keynote-speakers': {
    method: 'POST',
    url: () => '/api/keynote-speakers',
    who: () => editor,
    keys: ['name', 'designation', 'position'],
  },
  'POST /api/news': { method: 'POST', url: () => '/api/news', who: () => editor, keys: ['name', 'description'] },
  'PATCH /api/keynote-speakers/:id': {
    method: 'PATCH',
    url: () => `/api/keynote-speakers/${SHIPPED_SPEAKER}`,
    who: () => editor,
    keys: ['name', 'designation', 'position', 'biography'],
  },
  'POST /api/keynote-speakers/:id/move': {
    method: 'POST',
    url: () => `/api/keynote-speakers/${SHIPPED_SPEAKER}/move`,
    who: () => editor,
    keys: ['direction'],
    valid: () => ({ direction: fc.constantFrom('up', 'down') }),
  },
  'PATCH /api/news/:id': { method: 'PATCH', url: () => `/api/news/${newsId}`, who: () => editor, keys: ['name', 'description'] },
  'POST /api/news/:id/move': {
    method: 'POST',
    url: () => `/api/news/${newsId}/move`,
    who: () => editor,
    keys: ['direction'],
    valid: () => ({ direction: fc.constantFrom('up', 'down') }),
  },
  // The organiser's pages (decision 0064): Markdown is any text, so the body is hostile by design.
  'POST /api/site-pages': {
    method: 'POST',
    url: () => '/api/site-pages',
    who: () => editor,
    keys: ['address', 'title', 'body', 'inMenu', 'menuOrder', 'published'],
  },
  'PATCH /api/site-pages/:id': {
    method: 'PATCH',
    url: () => `/api/site-pages/${sitePageId}`,
    who: () => editor,
    keys: ['address', 'title', 'body', 'inMenu', 'menuOrder', 'published'],
  },
  'POST /api/site-pages/preview': { method: 'POST', url: () => '/api/site-pages/preview', who: () => editor, keys: ['body'] },
  // The site's lists (decision 0062), on the rows migration 0023 seeds.
  'POST /api/committee-members': {
    method: 'POST',
    url: () => '/api/committee-members',
    who: () => editor,
    keys: ['section', 'name', 'role', 'affiliation', 'country'],
  },
  'PATCH /api/committee-members/:id': {
    method: 'PATCH',
    url: () => '/api/committee-members/5eedc0000000000000000001',
    who: () => editor,
    keys: ['section', 'name', 'role', 'affiliation', 'country'],
  },
  'POST /api/committee-members/:id/move': {
    method: 'POST',
    url: () => '/api/committee-members/5eedc0000000000000000001/move',
    who: () => editor,
    keys: ['direction'],
    valid: () => ({ direction: fc.constantFrom('up', 'down') }),
  },
  'POST /api/sponsors': { method: 'POST', url: () => '/api/sponsors', who: () => editor, keys: ['name', 'role', 'link'] },
  'PATCH /api/sponsors/:id': {
    method: 'PATCH',
    url: () => '/api/sponsors/5eedb0000000000000000001',
    who: () => editor,
    keys: ['name', 'role', 'link'],
  },
  'POST /api/sponsors/:id/move': {
    method: 'POST',
    url: () => '/api/sponsors/5eedb0000000000000000001/move',
    who: () => editor,
    keys: ['direction'],
    valid: () => ({ direction: fc.constantFrom('up', 'down') }),
  },
  'POST /api/previous-events': {
    method: 'POST',
    url: () => '/api/previous-events',
    who: () => editor,
    keys: ['label', 'year', 'place', 'link'],
    valid: () => ({ year: fc.integer({ min: 1900, max: 2100 }) }),
  },
  'PATCH /api/previous-events/:id': {
    method: 'PATCH',
    url: () => '/api/previous-events/5eede0000000000000000001',
    who: () => editor,
    keys: ['label', 'year', 'place', 'link'],
  },
  'POST /api/previous-events/:id/move': {
    method: 'POST',
    url: () => '/api/previous-events/5eede0000000000000000001/move',
    who: () => editor,
    keys: ['direction'],
    valid: () => ({ direction: fc.constantFrom('up', 'down') }),
  },
  'PUT /api/account/mail-preferences': {
    method: 'PUT',
    url: () => '/api/account/mail-preferences',
    who: () => bidder,
    keys: [...MAIL_CATEGORIES],
    valid: () => Object.fromEntries(MAIL_CATEGORIES.map((c) => [c, fc.constantFrom(...MAIL_MODES)])),
  },
  // Decision 0040: mail to a group, previewed and sent (no mail server here: every mail is kept in the outbox).
  'POST /api/editor/bulk-mails/preview': {
    method: 'POST',
    url: () => '/api/editor/bulk-mails/preview',
    who: () => editor,
    keys: ['audience', 'subject', 'body'],
    valid: () => ({
      audience: bulkAudience,
      subject: fc.constantFrom('Hello {name}', '{nope}', ''),
      body: fc.constantFrom('{papers}', 'Dear {name} at {loginUrl}', ''),
    }),
  },
  'POST /api/editor/bulk-mails': {
    method: 'POST',
    url: () => '/api/editor/bulk-mails',
    who: () => editor,
    keys: ['key', 'audience', 'subject', 'body'],
    valid: () => ({
      key: fc.stringMatching(/^[A-Za-z0-9_-]{16,20}$/),
      audience: bulkAudience,
      subject: fc.constantFrom('Hello {name}', '{nope}'),
      body: fc.constantFrom('{papers}', 'Dear {name}'),
    }),
  },
  // Decision 0077: the registration office's settings, and matching a payment to a registration by its code.
  'PUT /api/editor/registration-office': {
    method: 'PUT',
    url: () => '/api/editor/registration-office',
    who: () => editor,
    keys: ['seatHoldMinutes', 'badgePickupOpen'],
    valid: () => ({ seatHoldMinutes: fc.constantFrom(60, 4, 1441, 30), badgePickupOpen: fc.constantFrom(true, false) }),
  },
  'POST /api/editor/payments/:id/match': {
    method: 'POST',
    url: () => `/api/editor/payments/${'f'.repeat(24)}/match`,
    who: () => editor,
    keys: ['registrationCode'],
    valid: () => ({ registrationCode: fc.constantFrom('AAAA-BBBB-CCCC-DDDD-EEEE', 'aaaa bbbb', '0', '') }),
  },
  // Decision 0047: checking in by a typed or scanned code (none of these is a registration: 404, or 400 when empty).
  'POST /api/editor/check-in': {
    method: 'POST',
    url: () => '/api/editor/check-in',
    who: () => editor,
    keys: ['code'],
    valid: () => ({ code: fc.constantFrom('AAAA-BBBB-CCCC-DDDD-EEEE', 'aaaa bbbb cccc dddd eeee', '0', '') }),
  },
  // Decision 0046: a visa letter for a registration that is not the caller's (bodies checked first: the bidder's address is verified), a refusal's reason.
  'POST /api/account/registrations/:id/visa-letter': {
    method: 'POST',
    url: () => `/api/account/registrations/${'f'.repeat(24)}/visa-letter`,
    who: () => bidder,
    keys: ['passportName', 'nationality', 'passportNumber', 'arrivalDate', 'departureDate'],
    valid: () => ({
      passportName: fc.constantFrom('FUZZ NAME', '', 'ก ข'),
      nationality: fc.constantFrom('TH', 'in', 'XX', ''),
      passportNumber: fc.constantFrom('K1234567', 'k-123 4567', '!', ''),
      arrivalDate: fc.constantFrom('2023-12-26', '2023-02-30', '1999-01-01', 'soon'),
      departureDate: fc.constantFrom('2023-12-29', '2023-12-01', '2024-12-31', ''),
    }),
  },
  'POST /api/editor/visa-letters/:id/reject': {
    method: 'POST',
    url: () => `/api/editor/visa-letters/${'f'.repeat(24)}/reject`,
    who: () => editor,
    keys: ['reason'],
    valid: () => ({ reason: fc.constantFrom('Not a participant', '', ' ') }),
  },
  // Decisions 0043 and 0048 (receipts): the editor registers someone; a bank transfer for a registration that does not exist (bodies checked first).
  'POST /api/editor/registrations': {
    method: 'POST',
    url: () => '/api/editor/registrations',
    who: () => editor,
    keys: ['name', 'email', 'affiliation', 'country', 'category', 'currency', 'paperId', 'coupon', 'billingName', 'billingAddress'],
    valid: () => ({
      email,
      category: fc.constantFrom('attending', 'student-scopus', 'workshop-nope', ''),
      currency: fc.constantFrom('USD', 'INR', 'EUR'),
      country: fc.constantFrom('', 'TH', 'xx'),
      coupon: fc.constantFrom(undefined, '', 'NOPE-123', '%%'),
    }),
  },
  'POST /api/editor/registrations/:id/bank-transfers': {
    method: 'POST',
    url: () => `/api/editor/registrations/${'f'.repeat(24)}/bank-transfers`,
    who: () => editor,
    keys: ['reference', 'paidOn', 'amountMinor', 'currency'],
    valid: () => ({
      paidOn: fc.constantFrom('2026-01-05', '2026-02-30', '2999-01-01', 'yesterday'),
      amountMinor: fc.oneof(fc.integer({ min: -5, max: 1_000_000 }), fc.constantFrom(0.5, 1e20, '100')),
      currency: fc.constantFrom('USD', 'INR', 'usd'),
    }),
  },
  // Decision 0038: the daily digest's wording (no mail in this file is a digest) and previews of it.
  // Decision 0043: quotes, the caller's registration (verified address), the editor's coupons and early-bird prices.
  'POST /api/registrations/quote': {
    method: 'POST',
    url: () => '/api/registrations/quote',
    who: () => null,
    keys: ['category', 'currency', 'coupon', 'paperId'],
    valid: () => ({
      category: fc.constantFrom('attending', 'student-scopus', 'workshop-nope', ''),
      currency: fc.constantFrom('USD', 'INR', 'EUR'),
      coupon: fc.constantFrom(undefined, '', 'NOPE-123', '%%'),
      paperId: fc.constantFrom(undefined, '', paperId, 'f'.repeat(24)),
    }),
  },
  'POST /api/registrations': {
    method: 'POST',
    url: () => '/api/registrations',
    who: () => bidder,
    keys: ['name', 'affiliation', 'country', 'category', 'currency', 'paperId', 'coupon', 'billingName', 'billingAddress', 'provider'],
    valid: () => ({
      category: fc.constantFrom('attending', 'workshop-embedded-systems', 'nope'),
      currency: fc.constantFrom('USD', 'INR', 'EUR'),
      country: fc.constantFrom('', 'TH', 'xx'),
      provider: fc.constantFrom('payu', 'card', 'bank', 'cash'),
      coupon: fc.constantFrom(undefined, '', 'NOPE-123'),
    }),
  },
  'POST /api/editor/coupons': {
    method: 'POST',
    url: () => '/api/editor/coupons',
    who: () => editor,
    keys: ['code', 'kind', 'value', 'categories', 'usageLimit', 'expiresAt'],
    valid: () => ({
      code: fc.stringMatching(/^[A-Z0-9]{3,10}$/),
      kind: fc.constantFrom('percent', 'fixed', 'free'),
      value: fc.oneof(fc.integer({ min: -5, max: 200 }), fc.constantFrom(0.5, 1e20)),
      categories: fc.constantFrom([], ['attending'], ['nope']),
      usageLimit: fc.constantFrom(null, 1, 0, -1),
      expiresAt: fc.constantFrom(null, '2030-01-01T00:00:00Z', 'tomorrow'),
    }),
  },
  'PATCH /api/editor/coupons/:code': {
    method: 'PATCH',
    url: () => '/api/editor/coupons/NOSUCHCOUPON',
    who: () => editor,
    keys: ['disabled', 'usageLimit', 'expiresAt'],
    valid: () => ({
      disabled: fc.boolean(),
      usageLimit: fc.constantFrom(null, 1, 0),
      expiresAt: fc.constantFrom(null, '2030-01-01T00:00:00Z', 'x'),
    }),
  },
  'POST /api/editor/early-bird-prices': {
    method: 'POST',
    url: () => '/api/editor/early-bird-prices',
    who: () => editor,
    keys: ['category', 'usdMinor', 'until'],
    valid: () => ({
      category: fc.constantFrom('attending', 'nope'),
      usdMinor: fc.oneof(fc.integer({ min: -5, max: 100_000 }), fc.constantFrom(0.5, 1e20)),
      until: fc.constantFrom('2030-01-01T00:00:00Z', '2030-02-30T00:00:00Z', 'soon'),
    }),
  },
  // Decision 0045: the workshop's days, venue and courses.
  'PUT /api/editor/workshops/details': {
    method: 'PUT',
    url: () => '/api/editor/workshops/details',
    who: () => editor,
    keys: ['firstDay', 'lastDay', 'venue'],
    valid: () => ({
      firstDay: fc.constantFrom('2022-12-30', '2022-02-30', 'soon'),
      lastDay: fc.constantFrom('2022-12-31', '2022-12-01', ''),
      venue: fc.constantFrom(null, '', 'Hall B', 'x'.repeat(300)),
    }),
  },
  'POST /api/editor/workshops/courses': {
    method: 'POST',
    url: () => '/api/editor/workshops/courses',
    who: () => editor,
    keys: ['id', 'title', 'date', 'seats', 'feeUsdMinor'],
    valid: () => ({
      id: fc.constantFrom('fuzz-course', 'Bad Id', '', 'embedded-systems'),
      title: fc.constantFrom('A course', '', 'x'.repeat(200)),
      date: fc.constantFrom('2022-12-30', '2022-13-01'),
      seats: fc.oneof(fc.integer({ min: -5, max: 100 }), fc.constantFrom(0.5, 1e20)),
      feeUsdMinor: fc.oneof(fc.integer({ min: -5, max: 100_000 }), fc.constantFrom(0.5, 1e20)),
    }),
  },
  'PUT /api/editor/workshops/courses/:courseId': {
    method: 'PUT',
    url: () => '/api/editor/workshops/courses/embedded-systems',
    who: () => editor,
    keys: ['title', 'date', 'seats', 'feeUsdMinor'],
    valid: () => ({
      title: fc.constantFrom('Embedded Systems', ''),
      date: fc.constantFrom('2022-12-30', 'tomorrow'),
      seats: fc.oneof(fc.integer({ min: -5, max: 100 }), fc.constantFrom(0.5, 1e20)),
      feeUsdMinor: fc.oneof(fc.integer({ min: -5, max: 100_000 }), fc.constantFrom(0.5, 1e20)),
    }),
  },
  'PUT /api/editor/mail-templates/:name': {
    method: 'PUT',
    url: () => '/api/editor/mail-templates/dailyDigest',
    who: () => editor,
    keys: ['subject', 'body'],
    valid: () => ({ subject: fc.constantFrom('Digest: {count}', '{nope}', ''), body: fc.constantFrom('{items}', 'Hello {name}', '') }),
  },
  // Decision 0051: the conference's facts, the whole set (a bad one of them refuses all: see 'what a refused request leaves behind').
  'PUT /api/editor/conference': {
    method: 'PUT',
    url: () => '/api/editor/conference',
    who: () => editor,
    keys: [...CONFERENCE_KEYS],
    valid: () => conferenceFields,
  },
  'POST /api/editor/mail-templates/:name/preview': {
    method: 'POST',
    url: () => '/api/editor/mail-templates/paperReceived/preview',
    who: () => editor,
    keys: ['subject', 'body', 'paperId', 'userId'],
    valid: () => ({
      subject: fc.constantFrom('Got {paperTitle}', '{x}'),
      body: fc.constantFrom('Dear {name} {coAuthors}', ''),
      paperId: fc.constant(paperId),
      userId: fc.constantFrom(author.user._id, 'f'.repeat(24)),
    }),
  },
};

/** Groups a bulk mail may go to, and some it may not (an unknown track, a bad decision, a stray key). */
const bulkAudience = fc.constantFrom(
  { group: 'authors', decision: 'Accepted', coAuthors: true },
  { group: 'authors', trackId: 'track-2' },
  { group: 'missingReviews' },
  { group: 'reviewers', trackId: 'track-99' },
  { group: 'attendees' },
  { group: 'unregistered', coAuthors: false },
  { group: 'authors', decision: 'Maybe' },
  { group: 'attendees', trackId: 'track-1' },
  { group: 'everyone' },
  {},
);

/** Decision 0044: a nomination the panel rows score and decide (the author's, with a CV). */
let awardNominationId = 'f'.repeat(24);
const NOMINATION_FIELDS: RawPart[] = [
  { name: 'nomineeName', value: 'Fuzz Nominee' },
  { name: 'nomineeEmail', value: 'fuzz.nominee@example.org' },
  { name: 'designation', value: 'Professor' },
  { name: 'affiliation', value: 'Fuzz University' },
  { name: 'category', value: 'Best Researcher Award' },
  { name: 'statement', value: 'Fuzzed.' },
];
const myNominations = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/account/nominations', headers: author.auth })).json().nominations.length as number;
beforeAll(async () => {
  const res = await sendParts(
    'POST',
    '/api/account/nominations',
    [...NOMINATION_FIELDS, { name: 'cv', value: pdfBytes('fuzz-cv'), filename: 'cv.pdf' }],
    author,
  );
  expect(res.statusCode, res.body).toBe(201);
  awardNominationId = res.json().nomination.id;
});

describe('award nomination form', () => {
  const name = fc.oneof(
    {
      arbitrary: fc.constantFrom(
        'nomineeName',
        'nomineeEmail',
        'designation',
        'affiliation',
        'category',
        'statement',
        'age',
        'studentStatus',
        'cv',
        'photo',
        '__proto__',
      ),
      weight: 4,
    },
    { arbitrary: hostileString, weight: 1 },
  );
  const value = fc.oneof(
    { arbitrary: hostileString.map((s): string | Buffer => s), weight: 3 },
    {
      arbitrary: fc.constantFrom<string | Buffer>(
        'Young Scientist Award',
        '36',
        '35',
        'PhD',
        'none',
        '',
        pdfBytes('fuzz-nomination'),
        png,
        Buffer.from('%PDF-<script>'),
      ),
      weight: 2,
    },
    { arbitrary: fc.uint8Array({ maxLength: 300 }).map((a): string | Buffer => Buffer.from(a)), weight: 1 },
  );
  const extra = fc.array(
    fc.record({ name, value, filename: fc.option(fc.oneof(fc.constantFrom('cv.pdf', 'me.png'), hostileString), { nil: undefined }) }),
    { maxLength: 5 },
  );

  test('hostile parts never give a 5xx; a refused nomination leaves no row and no file', async () => {
    await fc.assert(
      fc.asyncProperty(extra, fc.boolean(), async (p, withFields) => {
        const before = { nominations: await myNominations(), files: storedFiles() };
        const res = await sendParts('POST', '/api/account/nominations', [...(withFields ? NOMINATION_FIELDS : []), ...p], author);
        expectCleanAnswer(res, JSON.stringify(p).slice(0, 300));
        if (res.statusCode !== 201)
          expect({ nominations: await myNominations(), files: storedFiles() }, JSON.stringify(p).slice(0, 300) + res.body).toEqual(before);
      }),
      RUNS,
    );
  });
});

describe('JSON endpoints', () => {
  test.each(Object.entries(JSON_ENDPOINTS))('%s: hostile bodies never give a 5xx, a stack trace or a shapeless error', async (label, e) => {
    await fc.assert(
      fc.asyncProperty(hostileBody(e.keys, e.valid?.()), async (body) => {
        expectCleanAnswer(await sendJson(e.method, e.url(), body, e.who()), `${label} ${body.slice(0, 200)}`);
      }),
      RUNS,
    );
  });

  test('the Stripe webhook: hostile bodies and signatures are refused cleanly', async () => {
    await fc.assert(
      fc.asyncProperty(
        hostileBody(['id', 'type', 'data']),
        fc.option(fc.string({ unit: 'grapheme-ascii' }), { nil: undefined }),
        async (body, signature) => {
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/card/webhook',
            payload: body,
            headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
          });
          expectCleanAnswer(res, body.slice(0, 200));
          expect(res.statusCode).toBe(400);
        },
      ),
      RUNS,
    );
  });

  let payuFrom = 1;
  test('PayU callbacks: hostile forms are refused with a page and leave payments unchanged', async () => {
    const before = await db().select().from(payments);
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.oneof(fc.constantFrom('txnid', 'status', 'hash', 'key', 'amount', 'email', 'mihpayid'), hostileString),
          hostileString,
          { maxKeys: 8 },
        ),
        fc.constantFrom('success', 'failure'),
        async (form, kind) => {
          const payload = Object.entries(form)
            .map(([k, v]) => `${encodeUtf8(k)}=${encodeUtf8(v)}`)
            .join('&');
          // Each from its own address: PayU callbacks are limited per address (decision 0019), which is not what is fuzzed here.
          const res = await t.app.inject({
            method: 'POST',
            url: `/api/payu/${kind}`,
            payload,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            remoteAddress: `10.77.${(payuFrom >> 8) & 255}.${payuFrom++ & 255}`,
          });
          expectCleanAnswer(res, payload.slice(0, 200));
          expect(res.statusCode).toBe(400);
        },
      ),
      RUNS,
    );
    expect(await db().select().from(payments)).toEqual(before);
  });

  test('a one-click unsubscribe with a forged link or a hostile body turns nothing off', async () => {
    const before = await db().select().from(mailPreferences);
    const queries = fc.record({
      email: fc.oneof(hostileString, fc.constant(author.user.email)),
      category: fc.oneof(hostileString, fc.constantFrom('discussion', 'reminders')),
      token: hostileString,
    });
    await fc.assert(
      fc.asyncProperty(
        queries,
        fc.oneof(hostileString, fc.constant('List-Unsubscribe=One-Click')),
        fc.constantFrom('application/x-www-form-urlencoded', 'application/json'),
        async (q, body, type) => {
          const url = `/api/mail/unsubscribe?email=${encodeUtf8(q.email)}&category=${encodeUtf8(q.category)}&token=${encodeUtf8(q.token)}`;
          const res = await t.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': type } });
          expectCleanAnswer(res, `${url.slice(0, 200)} ${body.slice(0, 100)}`);
          expect(res.statusCode).toBe(400);
        },
      ),
      RUNS,
    );
    expect(await db().select().from(mailPreferences)).toEqual(before);
  });

  test('a 10 MB JSON body is refused with 413 on every JSON endpoint', async () => {
    const huge = JSON.stringify({ name: 'x'.repeat(10 * 1024 * 1024), text: 'y' });
    // The respond fuzzing may have left the reviewer 'Declined', and a reviewer who declined is refused (403)
    // before the body is read (docs/product.md#assignments-declines-and-withdrawals): accept again, so the size is what is tested.
    const accepted = await sendJson(
      'POST',
      '/api/reviewer/respond',
      JSON.stringify({ paperId, email: reviewer.user.email, status: 'Accepted' }),
      reviewer,
    );
    expect(accepted.statusCode).toBe(200);
    const webhook: JsonEndpoint = { method: 'POST', url: () => '/api/card/webhook', who: () => null, keys: [] };
    for (const e of [...Object.values(JSON_ENDPOINTS), webhook]) {
      const res = await sendJson(e.method, e.url(), huge, e.who());
      expectCleanAnswer(res, e.url());
      expect(res.statusCode, e.url()).toBe(413);
    }
  });
});

describe('what a refused request leaves behind', () => {
  test('a refused signup creates no user; an accepted one keeps the name exactly', async () => {
    const wellFormed = fc
      .record({ name: hostileString, email, role: fc.constantFrom('Author', 'Reviewer') })
      .map((b) => JSON.stringify({ ...b, password: 'correct horse', confirmPassword: 'correct horse' }));
    const bodies = fc.oneof(
      hostileBody(['name', 'email', 'password', 'confirmPassword', 'role', 'tags'], { email, role: fc.constantFrom('Author', 'Reviewer') }),
      wellFormed,
    );
    await fc.assert(
      fc.asyncProperty(bodies, async (body) => {
        const before = await count(users);
        const res = await sendJson('POST', '/api/signup', body, null);
        expectCleanAnswer(res, body.slice(0, 200));
        if (res.statusCode !== 201) {
          expect(await count(users), body.slice(0, 200)).toBe(before);
          return;
        }
        expect(await count(users)).toBe(before + 1);
        const sent = JSON.parse(body) as { name?: string; email: string };
        const [row] = await db().select().from(users).where(eq(users.id, res.json().user._id));
        expect(row!.name).toBe(res.json().user.name);
        if (typeof sent.name === 'string' && sent.name.trim()) expect(row!.name).toBe(sent.name.trim());
      }),
      RUNS,
    );
  });

  test('a refused comment adds no comment; an accepted one is stored exactly', async () => {
    await fc.assert(
      fc.asyncProperty(
        hostileBody(['reviewerId', 'text'], { reviewerId: fc.constant(reviewer.user._id), text: storableHostileString(10_000) }),
        async (body) => {
          const before = await db().select().from(comments).where(eq(comments.paperId, paperId));
          const res = await sendJson('POST', `/api/reviewer/add-comment/${paperId}`, body, reviewer);
          expectCleanAnswer(res, body.slice(0, 200));
          const after = await db().select().from(comments).where(eq(comments.paperId, paperId));
          if (res.statusCode !== 201) {
            expect(after, body.slice(0, 200)).toEqual(before);
            return;
          }
          expect(after).toHaveLength(before.length + 1);
          const added = after.find((c) => !before.some((b) => b.id === c.id))!;
          expect(added.text).toBe((JSON.parse(body) as { text: string }).text.trim());
        },
      ),
      RUNS,
    );
  });

  test('a refused conference save changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(hostileBody([...CONFERENCE_KEYS], conferenceFields), async (body) => {
        const before = await db().select().from(settings);
        const res = await sendJson('PUT', '/api/editor/conference', body, editor);
        expectCleanAnswer(res, body.slice(0, 200));
        if (res.statusCode !== 200) expect(await db().select().from(settings), body.slice(0, 200) + res.body).toEqual(before);
      }),
      RUNS,
    );
  });

  test('a refused contact message stores nothing', async () => {
    await fc.assert(
      fc.asyncProperty(hostileBody(['name', 'email', 'phone', 'subject', 'message']), async (body) => {
        const before = await count(contactMessages);
        const res = await sendJson('POST', '/api/contact', body, null);
        expectCleanAnswer(res, body.slice(0, 200));
        expect(await count(contactMessages)).toBe(res.statusCode === 201 ? before + 1 : before);
      }),
      RUNS,
    );
  });

  test('text a database cannot store (NUL, unpaired surrogates) is refused with 400 and changes nothing', async () => {
    for (const bad of UNSTORABLE) {
      const label = JSON.stringify(bad);
      const before = {
        users: await count(users),
        contact: await count(contactMessages),
        news: await count(newsItems),
        comments: await count(comments),
        papers: await count(papers),
        payments: await count(payments),
        files: storedFiles(),
      };
      const me = (await t.app.inject({ url: '/api/me', headers: author.auth })).json();
      const answers = [
        await sendJson(
          'POST',
          '/api/signup',
          JSON.stringify({
            name: `N${bad}`,
            email: `u${++ip}@example.org`,
            password: 'correct horse',
            confirmPassword: 'correct horse',
            role: 'Author',
          }),
          null,
        ),
        await sendJson('POST', '/api/contact', JSON.stringify({ message: `Hello ${bad}` }), null),
        await sendJson('POST', '/api/news', JSON.stringify({ name: `News ${bad}` }), editor),
        await sendJson(
          'POST',
          `/api/reviewer/add-comment/${paperId}`,
          JSON.stringify({ reviewerId: reviewer.user._id, text: `Good ${bad}` }),
          reviewer,
        ),
        await sendJson('POST', '/api/payu/initiate', JSON.stringify({ name: `P${bad}`, email: 'p@example.org', amount: 10 }), null),
        await sendJson('PATCH', '/api/me', JSON.stringify({ name: `Me ${bad}` }), author),
        // Query strings, forms and multipart carry UTF-8 bytes: NUL arrives as NUL; a lone surrogate cannot be written at all.
        ...(bad.includes('\u0000')
          ? [
              await t.app.inject({ url: `/api/editor/papers?q=${encodeUtf8(`q${bad}`)}`, headers: editor.auth }),
              await t.app.inject({
                method: 'POST',
                url: '/api/payu/success',
                payload: `txnid=${encodeUtf8(`t${bad}`)}`,
                headers: { 'content-type': 'application/x-www-form-urlencoded' },
              }),
              await sendParts(
                'POST',
                '/api/author/new-paper',
                [
                  { name: 'title', value: `T${bad}` },
                  { name: 'abstract', value: 'A' },
                  { name: 'file', value: pdfBytes('nul-title'), filename: 'p.pdf' },
                ],
                author,
              ),
              await sendParts(
                'POST',
                '/api/author/new-paper',
                [
                  { name: 'title', value: 'T' },
                  { name: 'abstract', value: 'A' },
                  { name: 'file', value: pdfBytes('nul-name'), filename: `p${bad}.pdf` },
                ],
                author,
              ),
            ]
          : []),
      ];
      for (const [i, res] of answers.entries()) {
        expectCleanAnswer(res, `${label} #${i}`);
        expect(res.statusCode, `${label} #${i}: ${res.body.slice(0, 200)}`).toBe(400);
      }
      expect(
        {
          users: await count(users),
          contact: await count(contactMessages),
          news: await count(newsItems),
          comments: await count(comments),
          papers: await count(papers),
          payments: await count(payments),
          files: storedFiles(),
        },
        label,
      ).toEqual(before);
      expect((await t.app.inject({ url: '/api/me', headers: author.auth })).json()).toEqual(me);
    }
  });
});

describe('hostile text that is accepted is kept verbatim', () => {
  test('paper titles and abstracts come back exactly as sent (trimmed), as JSON data', async () => {
    await fc.assert(
      fc.asyncProperty(
        storableHostileString(300).filter(isPlainLine),
        storableHostileString(5000).filter(hasNoBidiControls),
        async (title, abstract) => {
          const res = await sendParts(
            'POST',
            '/api/author/new-paper',
            [
              { name: 'title', value: title },
              { name: 'abstract', value: abstract },
              { name: 'file', value: pdfBytes('verbatim'), filename: 'v.pdf' },
            ],
            author,
          );
          expect(res.statusCode, res.body.slice(0, 200)).toBe(201);
          expect(res.headers['content-type']).toMatch(/^application\/json/);
          const created = res.json().paper;
          expect(created.title).toBe(title.trim());
          expect(created.abstract).toBe(abstract.trim());
          const detail = (await t.app.inject({ url: `/api/author/paper/${created._id}`, headers: author.auth })).json();
          expect(detail.paper.title).toBe(title.trim());
          const listed = (await t.app.inject({ url: `/api/editor/papers/${created._id}`, headers: editor.auth })).json();
          expect(listed.title).toBe(title.trim());
          const [row] = await db().select().from(papers).where(eq(papers.id, created._id));
          expect(row!.title).toBe(title.trim());
        },
      ),
      { numRuns: 20 },
    );
  });

  test('news, speakers and profile names come back exactly as sent (trimmed)', async () => {
    await fc.assert(
      fc.asyncProperty(
        storableHostileString(120).filter(isPlainLine),
        storableHostileString(200).filter(hasNoBidiControls),
        async (name, text) => {
          const news = await sendJson('POST', '/api/news', JSON.stringify({ name, description: text }), editor);
          expect(news.statusCode, news.body.slice(0, 200)).toBe(201);
          const listed = (await t.app.inject({ url: '/api/news' })).json() as Array<{ _id: string; name: string; description: string }>;
          expect(listed.find((n) => n._id === news.json().item._id)).toMatchObject({ name: name.trim(), description: text.trim() });
          const speaker = await sendParts(
            'POST',
            '/api/keynote-speakers',
            [
              { name: 'name', value: name },
              { name: 'designation', value: text },
            ],
            editor,
          );
          expect(speaker.statusCode, speaker.body.slice(0, 200)).toBe(201);
          const [row] = await db().select().from(keynoteSpeakers).where(eq(keynoteSpeakers.id, speaker.json().speaker._id));
          expect(row).toMatchObject({ name: name.trim(), designation: text.trim() });
          const me = await sendJson('PATCH', '/api/me', JSON.stringify({ name }), reviewer);
          expect(me.statusCode, me.body.slice(0, 200)).toBe(200);
          expect((await t.app.inject({ url: '/api/me', headers: reviewer.auth })).json().name).toBe(name.trim());
        },
      ),
      { numRuns: 15 },
    );
  });

  test('the PayU hand-off page escapes a hostile name: it is a form value, never markup', async () => {
    const scripts = (html: string) => (html.match(/<script/gi) ?? []).length;
    const baseline = scripts(
      (await sendJson('POST', '/api/payu/initiate', JSON.stringify({ name: 'Plain', email: 'p@example.org', amount: 10 }), null)).body,
    );
    await fc.assert(
      fc.asyncProperty(storableHostileString(60).filter(isPlainLine), async (name) => {
        const res = await sendJson('POST', '/api/payu/initiate', JSON.stringify({ name, email: 'p@example.org', amount: 10 }), null);
        expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
        expect(scripts(res.body)).toBe(baseline);
        const field = /<input type="hidden" name="firstname" value="([^"]*)">/.exec(res.body);
        expect(field, res.body).not.toBeNull();
        expect(unescapeHtml(field![1]!)).toBe(name.trim());
        expect(field![1]).not.toMatch(/[<>"]/);
      }),
      { numRuns: 20 },
    );
  });
});

describe('multipart endpoints', () => {
  const partName = fc.oneof(
    {
      arbitrary: fc.constantFrom(
        'title',
        'abstract',
        'keywords',
        'track',
        'freeKeywords',
        'file',
        'photo',
        'name',
        'phone',
        'designation',
        'position',
        '__proto__',
        'constructor',
        'hasOwnProperty',
      ),
      weight: 4,
    },
    { arbitrary: hostileString, weight: 1 },
  );
  const partValue = fc.oneof(
    { arbitrary: hostileString.map((s): string | Buffer => s), weight: 3 },
    { arbitrary: fc.constantFrom('AI', 'IoT', 'Astrology', 'track-1', 'track-2', 'no-such-track', ''), weight: 1 },
    { arbitrary: fc.uint8Array({ maxLength: 300 }).map((a): string | Buffer => Buffer.from(a)), weight: 1 },
    { arbitrary: fc.constantFrom<string | Buffer>(pdfBytes('fuzz'), png, Buffer.from('%PDF-<html><script>alert(1)</script>')), weight: 2 },
  );
  const part = fc.record({
    name: partName,
    value: partValue,
    filename: fc.option(fc.oneof(fc.constantFrom('p.pdf', 'me.png', '../../x.pdf'), hostileString), { nil: undefined }),
  });
  const parts = fc.array(part, { maxLength: 6 });

  test('new paper: hostile parts never give a 5xx; a refused paper leaves no row and no file', async () => {
    await fc.assert(
      fc.asyncProperty(parts, async (p) => {
        const before = { papers: await count(papers), files: storedFiles() };
        const res = await sendParts('POST', '/api/author/new-paper', p, author);
        expectCleanAnswer(res, JSON.stringify(p).slice(0, 300));
        if (res.statusCode !== 201)
          expect({ papers: await count(papers), files: storedFiles() }, JSON.stringify(p).slice(0, 300) + res.body).toEqual(before);
      }),
      RUNS,
    );
  });

  /** The parts a revision reads (docs/product.md#assignments-declines-and-withdrawals: the paper's description besides the abstract). */
  const REVISION_FIELDS = new Set(['title', 'abstract', 'keywords', 'track', 'freeKeywords', 'file']);

  test('paper update: hostile parts never give a 5xx; a refused update changes nothing', async () => {
    const before = await db().select().from(papers).where(eq(papers.id, paperId));
    const versions = await db().select().from(paperFiles).where(eq(paperFiles.paperId, paperId));
    await fc.assert(
      fc.asyncProperty(
        parts.filter((p) => !p.some((x) => REVISION_FIELDS.has(x.name))),
        async (p) => {
          const res = await sendParts('PATCH', `/api/author/paper/${paperId}`, p, author);
          expectCleanAnswer(res, JSON.stringify(p).slice(0, 300));
          expect(res.statusCode).toBe(res.statusCode === 413 ? 413 : 400);
        },
      ),
      RUNS,
    );
    expect(await db().select().from(papers).where(eq(papers.id, paperId))).toEqual(before);
    expect(await db().select().from(paperFiles).where(eq(paperFiles.paperId, paperId))).toEqual(versions);
  });

  test('paper description update: hostile parts never give a 5xx; a refused one changes neither the paper nor its versions', async () => {
    const own = (await submitPaper(t.app, author.auth, { title: 'Edited by fuzz', keywords: ['AI'] }))._id;
    const fields = fc.array(
      fc.record({ name: fc.constantFrom('title', 'abstract', 'keywords', 'track', 'freeKeywords'), value: partValue }),
      { minLength: 1, maxLength: 6 },
    );
    await fc.assert(
      fc.asyncProperty(fields, async (p) => {
        const before = {
          paper: await db().select().from(papers).where(eq(papers.id, own)),
          versions: await db().select().from(paperFiles).where(eq(paperFiles.paperId, own)),
        };
        const res = await sendParts('PATCH', `/api/author/paper/${own}`, p, author);
        expectCleanAnswer(res, JSON.stringify(p).slice(0, 300));
        if (res.statusCode !== 200) {
          const after = {
            paper: await db().select().from(papers).where(eq(papers.id, own)),
            versions: await db().select().from(paperFiles).where(eq(paperFiles.paperId, own)),
          };
          expect(after, JSON.stringify(p).slice(0, 300) + res.body).toEqual(before);
        }
      }),
      RUNS,
    );
  });

  test('camera-ready upload: hostile parts never give a 5xx and leave no file behind', async () => {
    await fc.assert(
      fc.asyncProperty(parts, async (p) => {
        const before = storedFiles();
        const res = await sendParts('POST', `/api/author/paper/${paperId}/camera-ready`, p, author);
        expectCleanAnswer(res, JSON.stringify(p).slice(0, 300));
        if (res.statusCode !== 201) expect(storedFiles()).toEqual(before);
      }),
      RUNS,
    );
  });

  test('slides upload (decision 0066): hostile parts never give a 5xx and leave no file behind', async () => {
    await fc.assert(
      fc.asyncProperty(parts, async (p) => {
        const before = storedFiles();
        const res = await sendParts('POST', `/api/author/paper/${paperId}/slides`, p, author);
        expectCleanAnswer(res, JSON.stringify(p).slice(0, 300));
        if (res.statusCode !== 201) expect(storedFiles()).toEqual(before);
      }),
      RUNS,
    );
  });

  /**
   * Decision 0076: publication imports read the file by its content. Hostile parts, and hostile files (malformed
   * BibTeX, an XML bomb of nested entities, an external entity naming a local file, JSON that is not ORCID's, binary)
   * give a clean 4xx and add nothing; an entity is never expanded.
   */
  const importFile = fc.oneof(
    { arbitrary: partValue, weight: 2 },
    {
      arbitrary: fc.constantFrom(
        '@article{broken, title = {never closed',
        '@article{x, title = {}}',
        '@@@@{{{{}}}}',
        '@string{a = "x" # a}\n@article{y, title = a}',
        '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><dblpperson><r><article><title>&c;</title></article></r></dblpperson>',
        '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><dblpperson><r><article><title>&x;</title></article></r></dblpperson>',
        '<!DOCTYPE d SYSTEM "http://127.0.0.1:1/dtd"><dblpperson><r><article><title>DTD</title></article></r></dblpperson>',
        '<dblpperson><r><article><title>Unclosed</article></r>',
        '<dblpperson><r><article><title>&#0;&#xD800;&#99999999;</title></article></r></dblpperson>',
        '{"group": [{"work-summary": [{"title": {"title": {"value": 42}}}]}]}',
        '{"group": {"__proto__": {"polluted": true}}}',
        '{"group": [',
      ),
      weight: 2,
    },
  );

  test('publication imports (decision 0076): hostile parts and files never give a 5xx; a refused import adds nothing', async () => {
    const own = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/me/publications', headers: bidder.auth })).json().publications.length as number;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({ name: fc.oneof(fc.constant('file'), partName), value: importFile, filename: fc.constantFrom('a.bib', 'dblp.xml') }),
          {
            maxLength: 3,
          },
        ),
        async (p) => {
          const before = await own();
          const res = await sendParts('POST', '/api/me/publications/import', p, bidder);
          expectCleanAnswer(res, JSON.stringify(p).slice(0, 300));
          expect(res.body).not.toContain('root:');
          if (res.statusCode !== 200) expect(await own(), res.body).toBe(before);
        },
      ),
      RUNS,
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test('preflight (decision 0072): hostile parts never give a 5xx and leave no file behind', async () => {
    await fc.assert(
      fc.asyncProperty(parts, fc.boolean(), async (p, ofPaper) => {
        const before = storedFiles();
        const res = await sendParts('POST', ofPaper ? `/api/author/paper/${paperId}/preflight` : '/api/author/preflight', p, author);
        expectCleanAnswer(res, JSON.stringify(p).slice(0, 300));
        expect(storedFiles()).toEqual(before);
      }),
      RUNS,
    );
  });

  test('preflight (decision 0072): a malformed PDF (cut short, bytes flipped, objects broken) is a finding, never a 5xx', async () => {
    const setRules = (rules: unknown) =>
      t.app.inject({ method: 'PUT', url: '/api/editor/tracks/track-3/preflight', headers: editor.auth, payload: { rules } });
    expect((await setRules({ ...DEFAULT_PREFLIGHT_RULES, pageLimit: 2, paperSize: 'A4' })).statusCode).toBe(200);
    try {
      const { bytes } = await makePaper({ pages: 2, byline: ['Someone'], link: 'https://example.org', annotationAuthor: 'X' });
      const good = Buffer.from(bytes);
      const malformed = fc.oneof(
        fc.integer({ min: 9, max: good.length - 1 }).map((n) => good.subarray(0, n)),
        fc
          .array(fc.record({ at: fc.integer({ min: 9, max: good.length - 1 }), byte: fc.integer({ min: 0, max: 255 }) }), {
            minLength: 1,
            maxLength: 40,
          })
          .map((flips) => {
            const copy = Buffer.from(good);
            for (const f of flips) copy[f.at] = f.byte;
            return copy;
          }),
        fc
          .uint8Array({ maxLength: 2000 })
          .map((a) => Buffer.concat([Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\n'), Buffer.from(a)])),
      );
      await fc.assert(
        fc.asyncProperty(malformed, async (pdf) => {
          const res = await sendParts(
            'POST',
            '/api/author/preflight',
            [
              { name: 'file', value: pdf, filename: 'm.pdf' },
              { name: 'track', value: 'track-3' },
            ],
            author,
          );
          expectCleanAnswer(res, `${pdf.length} bytes`);
          expect(res.statusCode, res.body).toBe(200);
          expect(res.json().checked).toBe(true);
        }),
        { numRuns: 8 },
      );
    } finally {
      expect((await setRules(null)).statusCode).toBe(200);
    }
  }, 180_000);

  test('profile and speaker forms: hostile parts never give a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(parts, fc.boolean(), async (p, asSpeaker) => {
        const res = asSpeaker
          ? await sendParts(
              p.length % 2 ? 'POST' : 'PATCH',
              p.length % 2 ? '/api/keynote-speakers' : `/api/keynote-speakers/${SHIPPED_SPEAKER}`,
              p,
              editor,
            )
          : await sendParts('PATCH', '/api/me', p, reviewer);
        expectCleanAnswer(res, JSON.stringify(p).slice(0, 300));
      }),
      RUNS,
    );
  });

  test("the organiser's signature upload: hostile parts never give a 5xx; only a PNG or JPEG is kept", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            name: fc.oneof(fc.constant('signature'), partName),
            value: partValue,
            filename: fc.option(fc.constantFrom('s.png', 's.jpg', '../s.png'), { nil: undefined }),
          }),
          { maxLength: 4 },
        ),
        async (p) => {
          const before = storedFiles();
          const res = await sendParts('PUT', '/api/editor/settings/signature', p, editor);
          expectCleanAnswer(res, JSON.stringify(p).slice(0, 300));
          if (res.statusCode !== 200) expect(storedFiles()).toEqual(before);
        },
      ),
      RUNS,
    );
    // The fuzzed "PNG" is not one a document can embed: take it away again.
    expect((await t.app.inject({ method: 'DELETE', url: '/api/editor/settings/signature', headers: editor.auth })).statusCode).toBe(200);
  });

  test('the conference logo upload: hostile parts never give a 5xx; only a PNG or JPEG is kept', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            name: fc.oneof(fc.constant('logo'), partName),
            value: partValue,
            filename: fc.option(fc.constantFrom('l.png', 'l.jpg', '../l.png'), { nil: undefined }),
          }),
          { maxLength: 4 },
        ),
        async (p) => {
          const before = storedFiles();
          const res = await sendParts('PUT', '/api/editor/conference/logo', p, editor);
          expectCleanAnswer(res, JSON.stringify(p).slice(0, 300));
          if (res.statusCode !== 200) expect(storedFiles()).toEqual(before);
        },
      ),
      RUNS,
    );
    expect((await t.app.inject({ method: 'DELETE', url: '/api/editor/conference/logo', headers: editor.auth })).statusCode).toBe(200);
  });

  test('a multipart body that is cut short or has no boundary is a 400, and leaves no row and no file', async () => {
    const whole = rawMultipart([
      { name: 'title', value: 'Cut' },
      { name: 'abstract', value: 'Short' },
      { name: 'file', value: pdfBytes('cut', 4000), filename: 'c.pdf' },
    ]);
    const cases: Array<[string, string, Buffer | string]> = [
      ['no boundary', 'multipart/form-data', whole.payload],
      ['another boundary', 'multipart/form-data; boundary=nothere', whole.payload],
      ['garbage', whole.contentType, 'garbage'],
    ];
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: whole.payload.length - 10 }), async (cut) => {
        cases.push([`cut at ${cut}`, whole.contentType, whole.payload.subarray(0, cut)]);
      }),
      { numRuns: 10 },
    );
    for (const [label, contentType, payload] of cases) {
      const before = { papers: await count(papers), files: storedFiles() };
      for (const [method, url, who] of [
        ['POST', '/api/author/new-paper', author],
        ['PATCH', '/api/me', reviewer],
        ['POST', '/api/keynote-speakers', editor],
      ] as const) {
        const res = await t.app.inject({ method, url, payload, headers: { 'content-type': contentType, ...who.auth } });
        expectCleanAnswer(res, `${label} ${url}`);
        expect(res.statusCode, `${label} ${url}: ${res.body}`).toBe(400);
      }
      expect({ papers: await count(papers), files: storedFiles() }, label).toEqual(before);
    }
  });

  test('10 MB: a file over a limit is 413, a 10 MB non-PDF is 400, a 10 MB text field is refused', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024, 0x41);
    const files = storedFiles();
    const photo = await sendParts('PATCH', '/api/me', [{ name: 'photo', value: Buffer.concat([png, big]), filename: 'me.png' }], reviewer);
    expect(photo.statusCode).toBe(413);
    expectCleanAnswer(photo, 'photo');
    const notPdf = await sendParts(
      'POST',
      '/api/author/new-paper',
      [
        { name: 'title', value: 'T' },
        { name: 'abstract', value: 'A' },
        { name: 'file', value: big, filename: 'big.pdf' },
      ],
      author,
    );
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json()).toEqual({ message: 'The file is not a PDF' });
    const field = await sendParts(
      'POST',
      '/api/author/new-paper',
      [
        { name: 'title', value: big.toString('latin1') },
        { name: 'abstract', value: 'A' },
        { name: 'file', value: pdfBytes(), filename: 'p.pdf' },
      ],
      author,
    );
    expectCleanAnswer(field, 'big field');
    expect(field.statusCode).toBeGreaterThanOrEqual(400);
    expect(storedFiles()).toEqual(files);
  });
});

describe('path parameters and query strings', () => {
  const ROUTES: Array<[InjectOptions['method'], (v: string) => string, () => SignedUp | null]> = [
    ['GET', (v) => `/api/awards/${v}/awardees`, () => null],
    ['GET', (v) => `/api/awards/photos/${v}`, () => null],
    ['GET', (v) => `/api/account/nominations/${v}`, () => author],
    ['GET', (v) => `/api/award-panel/nominations/${v}/cv.pdf`, () => editor],
    ['PUT', (v) => `/api/award-panel/nominations/${v}/score`, () => editor],
    ['DELETE', (v) => `/api/award-panel/members/${v}`, () => editor],
    ['GET', (v) => `/api/author/paper/${v}`, () => author],
    ['GET', (v) => `/api/editor/papers/${v}`, () => editor],
    ['GET', (v) => `/api/editor/papers?q=${v}&limit=${v}&cursor=${v}`, () => editor],
    ['GET', (v) => `/api/editor/suggested-reviewers?paperId=${v}`, () => editor],
    ['GET', (v) => `/api/reviewer/status/${v}`, () => editor],
    ['GET', (v) => `/api/editor/papers/${v}/ranked-reviewers?limit=${v}&offset=${v}&q=${v}`, () => editor],
    ['GET', (v) => `/api/editor/papers/${paperId}/ranked-reviewers?q=${v}`, () => editor],
    ['DELETE', (v) => `/api/editor/papers/${v}/reviewers/${v}`, () => editor],
    ['DELETE', (v) => `/api/editor/papers/${paperId}/reviewers/${v}`, () => editor],
    ['GET', (v) => `/api/reviewer/assigned-papers/${v}`, () => reviewer],
    ['POST', (v) => `/api/reviewer/add-comment/${v}`, () => reviewer],
    ['POST', (v) => `/api/send-mail/${v}`, () => editor],
    ['POST', (v) => `/api/editor/mails/${v}/retry`, () => editor],
    ['GET', (v) => `/api/editor/mails/${v}`, () => editor],
    ['GET', (v) => `/api/editor/mails?to=${v}&status=${v}&template=${v}&limit=${v}`, () => editor],
    ['GET', (v) => `/api/editor/papers/${v}/invitation-mails`, () => editor],
    ['GET', (v) => `/api/editor/audit?action=${v}&actorId=${v}&paperId=${v}&from=${v}&to=${v}&cursor=${v}&limit=${v}`, () => editor],
    ['GET', (v) => `/api/editor/exports/${v}`, () => editor],
    ['GET', (v) => `/api/editor/first-steps?${v}=${v}`, () => editor],
    ['GET', (v) => `/api/editor/exports/proceedings.xml?trackId=${v}`, () => editor],
    ['GET', (v) => `/api/editor/exports/proceedings.bib?trackId=${v}`, () => editor],
    ['GET', (v) => `/api/editor/exports/proceedings.csv?trackId=${v}`, () => editor],
    ['GET', (v) => `/api/editor/exports/camera-ready.zip?trackId=${v}`, () => editor],
    ['GET', (v) => `/api/author/paper/${v}/slides`, () => author],
    ['POST', (v) => `/api/author/paper/${v}/slides`, () => author],
    ['GET', (v) => `/api/editor/papers/${v}/slides`, () => editor],
    ['DELETE', (v) => `/api/editor/papers/${v}/slides`, () => editor],
    ['GET', (v) => `/papers/${v}/slides.pdf`, () => author],
    ['GET', (v) => `/awards-${v}`, () => author],
    ['GET', (v) => `/api/editor/abstract-book.pdf?by=${v}`, () => editor],
    ['GET', (v) => `/api/editor/programme-documents?${v}=${v}`, () => editor],
    ['POST', (v) => `/api/workshops/${v}/waiting-list`, () => author],
    ['POST', (v) => `/api/editor/workshops/${v}/offer`, () => editor],
    ['PUT', (v) => `/api/editor/workshops/courses/${v}`, () => editor],
    ['DELETE', (v) => `/api/editor/workshops/courses/${v}`, () => editor],
    ['GET', (v) => `/api/editor/attendees?category=${v}&status=${v}&country=${v}&q=${v}&limit=${v}&cursor=${v}`, () => editor],
    ['GET', (v) => `/api/editor/attendees?q=${v}`, () => editor],
    ['GET', (v) => `/api/editor/attendees.csv?category=${v}&status=${v}&country=${v}&q=${v}`, () => editor],
    ['GET', (v) => `/api/editor/badges.pdf?category=${v}&status=${v}&country=${v}&q=${v}`, () => editor],
    ['GET', (v) => `/api/account/visa-letters/${v}/letter.pdf`, () => author],
    ['POST', (v) => `/api/account/registrations/${v}/visa-letter`, () => bidder],
    ['POST', (v) => `/api/editor/visa-letters/${v}/approve`, () => editor],
    ['POST', (v) => `/api/editor/visa-letters/${v}/reject`, () => editor],
    ['GET', (v) => `/api/receipts/${v}.pdf?sig=${v}`, () => null],
    ['GET', (v) => `/api/receipts/${v}`, () => null],
    ['GET', (v) => `/api/editor/receipts/${v}.pdf`, () => editor],
    ['GET', (v) => `/api/editor/registrations/${v}`, () => editor],
    ['POST', (v) => `/api/editor/registrations/${v}/bank-transfers`, () => editor],
    ['GET', (v) => `/api/account/registrations/${v}/receipt.pdf`, () => author],
    ['GET', (v) => `/api/docs/${v}`, () => null],
    ['DELETE', (v) => `/api/news/${v}`, () => editor],
    ['DELETE', (v) => `/api/keynote-speakers/${v}`, () => editor],
    ['PATCH', (v) => `/api/keynote-speakers/${v}`, () => editor],
    ['POST', (v) => `/api/keynote-speakers/${v}/move`, () => editor],
    ['PATCH', (v) => `/api/news/${v}`, () => editor],
    ['POST', (v) => `/api/news/${v}/move`, () => editor],
    ['PATCH', (v) => `/api/site-pages/${v}`, () => editor],
    ['DELETE', (v) => `/api/site-pages/${v}`, () => editor],
    ['GET', (v) => `/api/files/${v}?expires=${v}&sig=${v}`, () => null],
    ['GET', (v) => `/api/photos/${v}`, () => null],
    ['GET', (v) => `/api/card/return?session_id=${v}`, () => null],
    ['GET', (v) => `/api/mail/unsubscribe?email=${v}&category=${v}&token=${v}`, () => null],
    ['POST', (v) => `/api/mail/unsubscribe?email=${v}&category=discussion&token=${v}`, () => null],
    ['GET', (v) => `/api/health/ready?${v}=${v}`, () => null],
    ['DELETE', (v) => `/api/account/sessions/${v}`, () => reviewer],
    ['GET', (v) => `/api/auth/oidc/${v}/start?role=${v}&returnTo=${v}`, () => null],
    ['GET', (v) => `/api/auth/oidc/callback?code=${v}&state=${v}&error=${v}`, () => null],
    ['DELETE', (v) => `/api/account/identities/${v}`, () => reviewer],
    ['POST', (v) => `/api/editor/users/${v}/second-factor/reset`, () => editor],
    ['PATCH', (v) => `/api/me/publications/${v}`, () => reviewer],
    ['DELETE', (v) => `/api/me/publications/${v}`, () => reviewer],
    ['GET', (v) => `/api/editor/people/${v}/publications`, () => editor],
    ['GET', (v) => `/api/editor/papers/${v}/affinities`, () => editor],
    ['GET', (v) => `/api/editor/exports/affinity.csv?paperId=${v}`, () => editor],
    ['GET', (v) => `/api/account/data-export/download?token=${v}`, () => author],
  ];
  const encoded = fc.oneof(
    { arbitrary: hostileString.map(encodeUtf8), weight: 4 },
    {
      arbitrary: fc.constantFrom(
        '%',
        '%zz',
        '%E0%A4%A',
        '%C0%AF',
        '%ED%A0%80',
        '%00',
        '..%2f..%2fetc%2fpasswd',
        '%2e%2e',
        'a'.repeat(5000),
      ),
      weight: 1,
    },
  );

  test('hostile values never give a 5xx or a stack trace', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROUTES), encoded, async ([method, url, who], v) => {
        const w = who();
        const res = await t.app.inject({
          method,
          url: url(v),
          payload: method === 'POST' ? { reviewerId: reviewer.user._id, text: 'x', paperId } : undefined,
          headers: w ? w.auth : {},
        });
        expectCleanAnswer(res, `${method} ${url(v).slice(0, 200)}`);
      }),
      { numRuns: 60 },
    );
  });
});

describe('money received', () => {
  const feeItem = fc.oneof(
    fc.record({
      kind: fc.constant('registration'),
      category: fc.constantFrom(...PAYER_CATEGORIES),
      publication: fc.constantFrom(...PUBLICATIONS),
    }),
    fc.record({ kind: fc.constant('without-publication'), item: fc.constantFrom(...FEES_WITHOUT_PUBLICATION.map((f) => f.item)) }),
    fc.constant({ kind: 'award' }),
    fc.constant(undefined),
  );

  test('PayU: whatever amount, fee row and paper the public form names, a success for that amount pays no registration below its price and names no paper', async () => {
    const seen = { paid: 0, pending: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 80_000 }),
        feeItem,
        fc.constantFrom(paperId, 'Conference Registration'),
        async (rupees, item, productinfo) => {
          const txnid = await payAndConfirm(t.app, 'fuzzSalt', {
            name: 'Payer',
            email: 'payer@example.org',
            phone: '9999999999',
            amount: rupees,
            productinfo,
            ...(item ? { feeItem: item } : {}),
          });
          const [payment] = await db().select().from(payments).where(eq(payments.txnid, txnid));
          expect(payment!.status).toBe('paid');
          if (!payment!.registrationId) return;
          const [registration] = await db().select().from(registrations).where(eq(registrations.id, payment!.registrationId));
          expect(registration!.paperId, txnid).toBeNull();
          const receivedMinor = Math.round(Number(payment!.amount) * 100);
          expect(registration!.status, `${rupees} INR for ${JSON.stringify(item)}`).toBe(
            receivedMinor >= registration!.amountMinor ? 'paid' : 'pending',
          );
          seen[registration!.status === 'paid' ? 'paid' : 'pending']++;
        },
      ),
      {
        numRuns: 15,
        examples: [
          [1, { kind: 'award' }, paperId],
          [80_000, { kind: 'award' }, paperId],
        ],
      },
    );
    // Both sides of the rule were reached: an underpayment left pending, a payment that covers the price paid.
    expect(seen.paid).toBeGreaterThan(0);
    expect(seen.pending).toBeGreaterThan(0);
  });
});

describe('slow bodies', () => {
  /** Every operation of the API document that takes a body, its path parameters filled with a real paper's id. */
  function bodiedOperations(): Array<{ method: string; url: string; type: string }> {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>> };
    return Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.requestBody)
        .map(([method, op]) => ({
          method: method.toUpperCase(),
          url: p.replace(/\{[^}]+\}/g, paperId),
          type: Object.keys(op.requestBody!.content ?? {})[0] ?? 'application/json',
        })),
    );
  }

  test('every route that takes a body: a stalled body holds no turn, is cut off (408, or its early answer and then the connection), and others are served meanwhile', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const operations = bodiedOperations();
    expect(operations.length).toBeGreaterThan(70);
    const ends = operations.map(
      ({ method, url, type }) =>
        new Promise<{ route: string; text: string }>((resolve) => {
          const s = net.connect({ host: '127.0.0.1', port });
          let text = '';
          s.on('data', (d: Buffer) => {
            text += d.toString('latin1');
          });
          s.on('error', () => {});
          s.once('close', () => resolve({ route: `${method} ${url}`, text }));
          const contentType = type === 'multipart/form-data' ? 'multipart/form-data; boundary=fuzz' : type;
          s.write(
            `${method} ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${editor.auth.authorization}\r\nContent-Type: ${contentType}\r\nContent-Length: 5000\r\n\r\n${type === 'multipart/form-data' ? '--fuzz\r\n' : '{'}`,
          );
        }),
    );
    // While every one of them stalls, another client is answered.
    const other = await fetch(`http://127.0.0.1:${port}/api/tracks`);
    expect(other.status).toBe(200);
    for (const { route, text } of await Promise.all(ends)) {
      // Nothing, or a clean answer: 408 for a body that stopped, or what the route said before it read the body.
      const status = Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1] ?? 0);
      if (text) expect(status >= 400 && status < 500, `${route}: ${text.slice(0, 300)}`).toBe(true);
    }
    expect(t.app.admission.stats()).toMatchObject({ active: 0, waiting: 0 });
  });
});

/** Percent-encode the UTF-8 bytes of a string (encodeURIComponent throws on lone surrogates). */
function encodeUtf8(s: string): string {
  return [...Buffer.from(s, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9._~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, '0').toUpperCase()}`,
    )
    .join('');
}

function unescapeHtml(s: string): string {
  return s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
