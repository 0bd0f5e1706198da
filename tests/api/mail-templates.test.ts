import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAIL_TEMPLATES, TEMPLATE_NAMES, allowedPlaceholders } from '../../src/core/mail-templates';
import { auditLog, mailQueue, responseWindowNotices } from '../../src/server/db/schema';
import { sendResponseWindowNotices } from '../../src/server/services/deliberation/response-window-notices';
import { startTestApp, type TestApp } from '../support/app';
import { submitPaper } from '../support/multipart';
import { mailHeaders, mailParts, mailText, startSmtpListener, type ReceivedMail } from '../support/smtp';
import { signupAs, signupChair, uniqueAddress, type SignedUp } from '../support/users';

/** Decision 0038: the editor words every mail; what they save is what arrives, through a real SMTP listener. */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
let editor: SignedUp;
let author: SignedUp;
let reviewer: SignedUp;
let chair: SignedUp;

const put = (url: string, who: SignedUp, payload: object) =>
  t.app.inject({ method: 'PUT', url, headers: who.auth, payload: payload as Record<string, unknown> });
const post = (url: string, who: SignedUp, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: who.auth, payload: payload as Record<string, unknown> });
const del = (url: string, who: SignedUp) => t.app.inject({ method: 'DELETE', url, headers: who.auth });
/** The Subject header decoded (RFC 2047 encoded words, which a subject with quotes or brackets is sent as). */
const subjectOf = (m: ReceivedMail) =>
  (mailHeaders(m).get('subject') ?? '')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, data: string) =>
      (enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64')
        : Buffer.from(
            data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_h, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          )
      ).toString('utf8'),
    );
const mailsTo = (email: string, subject: RegExp) =>
  smtp.mails.filter((m) => m.to.includes(email.toLowerCase()) && subject.test(subjectOf(m)));
const iso = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function arrived(email: string, subject: RegExp, count = 1): Promise<ReceivedMail[]> {
  await expect.poll(() => mailsTo(email, subject).length, { timeout: 15_000 }).toBe(count);
  return mailsTo(email, subject);
}

beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await startTestApp({ SMTP_URL: smtp.url });
  editor = await signupAs(t.app, 'Editor');
  author = await signupAs(t.app, 'Author', { name: 'Ada Author' });
  reviewer = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
  chair = await signupChair(t.app, { editor, track: 'track-2' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const WORDING = {
  subject: 'We have your paper {paperId}: {paperTitle}',
  body: 'Hello {name},\n\nThank you for "{paperTitle}" in {track} (topics: {topics}).\nIt is on its page: {paperUrl}\n\nThe {conference} team',
};

test('every template is listed with its placeholders and default wording, not customised', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/editor/mail-templates', headers: editor.auth });
  expect(res.statusCode).toBe(200);
  const { templates } = res.json() as {
    templates: Array<{
      name: string;
      placeholders: string[];
      subject: string;
      body: string;
      customised: boolean;
      audience: string;
      defaults: { subject: string };
    }>;
  };
  expect(templates.map((x) => x.name)).toEqual(TEMPLATE_NAMES);
  const received = templates.find((x) => x.name === 'paperReceived')!;
  expect(received).toMatchObject({
    customised: false,
    audience: 'authors',
    subject: MAIL_TEMPLATES.paperReceived.subject,
    body: MAIL_TEMPLATES.paperReceived.text,
  });
  expect(received.placeholders).toEqual(allowedPlaceholders('paperReceived'));
});

test('an edited template arrives in its new wording, placeholders filled, with a text and an HTML part; a title with <b> is escaped in the HTML', async () => {
  const saved = await put('/api/editor/mail-templates/paperReceived', editor, WORDING);
  expect(saved.statusCode, saved.body).toBe(200);
  expect(saved.json().template).toMatchObject({ customised: true, subject: WORDING.subject });
  expect(
    await t.app.database.db.$count(auditLog, and(eq(auditLog.actorId, editor.user._id), eq(auditLog.action, 'mail.template.save'))),
  ).toBe(1);

  const title = 'Bold <b>claims</b> & "quoted" results';
  const paper = await submitPaper(t.app, author.auth, { title, keywords: ['AI'] });
  const [mail] = await arrived(author.user.email, /^We have your paper/);
  expect(subjectOf(mail!)).toBe(`We have your paper ${paper._id}: ${title}`);
  const parts = mailParts(mail!);
  const text = parts.get('text/plain')!;
  expect(text).toContain(`Hello Ada Author,`);
  expect(text).toContain(`Thank you for "${title}" in `);
  expect(text).toContain(`/paper-details/${paper._id}`);
  expect(text).not.toMatch(/\{\w+\}/);
  const html = parts.get('text/html')!;
  expect(html).toContain('Bold &lt;b&gt;claims&lt;/b&gt; &amp; &quot;quoted&quot; results');
  expect(html).not.toContain('<b>');
  expect(html).toMatch(new RegExp(`<a href="http://[^"]+/paper-details/${paper._id}">`));
});

test('reset restores the default wording for the next mail', async () => {
  const reset = await del('/api/editor/mail-templates/paperReceived', editor);
  expect(reset.statusCode, reset.body).toBe(200);
  expect(reset.json().template).toMatchObject({ customised: false, subject: MAIL_TEMPLATES.paperReceived.subject });
  expect(await t.app.database.db.$count(auditLog, eq(auditLog.action, 'mail.template.reset'))).toBe(1);
  const paper = await submitPaper(t.app, author.auth, { title: 'After the reset', keywords: ['AI'] });
  const [mail] = await arrived(author.user.email, /^Paper received: After the reset/);
  expect(mailText(mail!)).toContain(`Thank you for your submission to the`);
  expect(mailText(mail!)).toContain(`Paper ID: ${paper._id}`);
});

test('a template with an unknown placeholder is refused with the reason, and nothing is saved', async () => {
  const res = await put('/api/editor/mail-templates/reviewInvitation', editor, {
    subject: 'Please review {paperTitle}',
    body: 'Dear {name}, your score: {score}',
  });
  expect(res.statusCode).toBe(400);
  expect(res.json().message).toBe(
    `Unknown placeholder {score} in the body: this mail can use ${allowedPlaceholders('reviewInvitation')
      .map((p) => `{${p}}`)
      .join(', ')}`,
  );
  const empty = await put('/api/editor/mail-templates/reviewInvitation', editor, { subject: ' ', body: 'x' });
  expect([empty.statusCode, empty.json().message]).toEqual([400, 'The subject must not be empty']);
  const list = (await t.app.inject({ method: 'GET', url: '/api/editor/mail-templates', headers: editor.auth })).json();
  expect(list.templates.find((x: { name: string }) => x.name === 'reviewInvitation').customised).toBe(false);
});

test('an unknown template is 404 to save, reset and preview', async () => {
  expect((await put('/api/editor/mail-templates/noSuchMail', editor, WORDING)).statusCode).toBe(404);
  expect((await del('/api/editor/mail-templates/noSuchMail', editor)).statusCode).toBe(404);
  expect((await post('/api/editor/mail-templates/noSuchMail/preview', editor, WORDING)).statusCode).toBe(404);
});

test('the preview fills the placeholders from a real paper and person, says which values are examples, and escapes the HTML', async () => {
  const paper = await submitPaper(t.app, author.auth, { title: 'Preview <script>alert(1)</script>', keywords: ['AI'] });
  const res = await post('/api/editor/mail-templates/paperReceived/preview', editor, { ...WORDING, paperId: paper._id });
  expect(res.statusCode, res.body).toBe(200);
  const preview = res.json() as {
    subject: string;
    text: string;
    html: string;
    values: Array<{ name: string; value: string; source: string }>;
  };
  expect(preview.subject).toBe(`We have your paper ${paper._id}: Preview <script>alert(1)</script>`);
  expect(preview.text).toContain('Hello Ada Author,');
  expect(preview.html).toContain('Preview &lt;script&gt;alert(1)&lt;/script&gt;');
  expect(preview.html).not.toContain('<script>');
  const source = Object.fromEntries(preview.values.map((v) => [v.name, v.source]));
  expect(source).toMatchObject({
    paperTitle: 'paper',
    paperId: 'paper',
    name: 'paper',
    track: 'paper',
    topics: 'paper',
    coAuthors: 'paper',
    conference: 'conference',
  });

  // A person chosen fills the name and role; what nothing real fills is an example, and says so.
  const reset = await post('/api/editor/mail-templates/passwordReset/preview', editor, {
    subject: MAIL_TEMPLATES.passwordReset.subject,
    body: MAIL_TEMPLATES.passwordReset.text,
    userId: reviewer.user._id,
  });
  expect(reset.statusCode, reset.body).toBe(200);
  const values = Object.fromEntries(
    (reset.json().values as Array<{ name: string; value: string; source: string }>).map((v) => [v.name, v]),
  );
  expect(values.name).toEqual({ name: 'name', value: reviewer.user.name, source: 'person' });
  expect(values.role).toEqual({ name: 'role', value: 'Reviewer', source: 'person' });
  expect(values.resetUrl!.source).toBe('example');
  expect(reset.json().subject).toBe('Choose a new password for your IMSE Reviewer account');

  // Every template previews with every placeholder filled.
  for (const name of TEMPLATE_NAMES) {
    const r = await post(`/api/editor/mail-templates/${name}/preview`, editor, {
      subject: MAIL_TEMPLATES[name].subject,
      body: MAIL_TEMPLATES[name].text,
    });
    expect(r.statusCode, `${name}: ${r.body}`).toBe(200);
    expect(r.json().text, name).not.toMatch(/\{\w+\}/);
  }
  // The preview refuses what could not be saved, and a paper that does not exist.
  const bad = await post('/api/editor/mail-templates/paperReceived/preview', editor, { subject: 'x', body: '{nope}' });
  expect([bad.statusCode, bad.json().message]).toEqual([400, expect.stringMatching(/^Unknown placeholder \{nope\} in the body/)]);
  expect((await post('/api/editor/mail-templates/paperReceived/preview', editor, { ...WORDING, paperId: 'a'.repeat(24) })).statusCode).toBe(
    404,
  );
});

describe('only the editor', () => {
  test('authors, reviewers and track chairs are refused with 403', async () => {
    for (const who of [author, reviewer, chair]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/editor/mail-templates', headers: who.auth })).statusCode).toBe(403);
      expect((await put('/api/editor/mail-templates/paperReceived', who, WORDING)).statusCode).toBe(403);
      expect((await del('/api/editor/mail-templates/paperReceived', who)).statusCode).toBe(403);
      expect((await post('/api/editor/mail-templates/paperReceived/preview', who, WORDING)).statusCode).toBe(403);
    }
  });
});

test('the response-window mail goes once to the submitter and each co-author of a reviewed, undecided paper, even from two instances at once', async () => {
  const saved = await put('/api/editor/mail-templates/responseWindowOpened', editor, {
    subject: 'Respond to the reviews of {paperTitle} by {closes}',
    body: 'Dear {name},\n\nThe reviews of "{paperTitle}" ({paperId}) are in. Respond in at most {words} words by {closes}: {loginUrl}',
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const owner = await signupAs(t.app, 'Author', { name: 'Rita Owner' });
  const reviewed = await submitPaper(t.app, owner.auth, { title: 'Reviewed and waiting', keywords: ['AI'] });
  const coAuthor = { name: 'Cora Co', email: uniqueAddress('cora') };
  expect((await put(`/api/author/paper/${reviewed._id}/co-authors`, owner, { coAuthors: [coAuthor] })).statusCode).toBe(200);
  const unreviewed = await submitPaper(t.app, owner.auth, { title: 'Not reviewed yet', keywords: ['AI'] });
  const decided = await submitPaper(t.app, owner.auth, { title: 'Already decided', keywords: ['AI'] });
  for (const paper of [reviewed, decided]) {
    expect((await post('/api/editor/send-paper', editor, { paperId: paper._id, reviewerId: reviewer.user._id })).statusCode).toBe(200);
    const review = await put(`/api/reviewer/review/${paper._id}`, reviewer, {
      recommendation: 4,
      confidence: 3,
      commentsToAuthors: 'Sound.',
    });
    expect(review.statusCode, review.body).toBe(200);
  }
  expect((await put(`/api/editor/papers/${decided._id}/decision`, editor, { decision: 'Accepted' })).statusCode).toBe(200);

  // Before the window opens, nobody is told.
  expect(
    (await put('/api/editor/settings', editor, { reviewDeadline: iso(-1), responseOpens: iso(1), responseCloses: iso(3) })).statusCode,
  ).toBe(200);
  const job = () => sendResponseWindowNotices({ db: t.app.database.db, mailer: t.app.mailer, publicUrl: t.app.config.publicUrl });
  expect(await job()).toBe(0);

  expect((await put('/api/editor/settings', editor, { responseOpens: iso(-0.5) })).statusCode).toBe(200);
  const [a, b] = await Promise.all([job(), job()]);
  expect(a + b).toBe(1);
  expect(await job()).toBe(0);
  t.app.mailer.start();
  const subject = /^Respond to the reviews of/;
  const [toOwner] = await arrived(owner.user.email, subject);
  const [toCo] = await arrived(coAuthor.email, subject);
  expect(subjectOf(toOwner!)).toMatch(
    /^Respond to the reviews of Reviewed and waiting by \d+ \w+ \d{4}, \d\d:\d\d \(Bangkok time, UTC\+7\)$/,
  );
  expect(mailText(toOwner!)).toContain(
    `Dear Rita Owner,\n\nThe reviews of "Reviewed and waiting" (${reviewed._id}) are in. Respond in at most 500 words by `,
  );
  expect(mailText(toCo!)).toContain('Dear Cora Co,');
  expect(mailParts(toOwner!).get('text/html')).toContain('Reviewed and waiting');
  // Queued once for the reviewed paper's two authors; the unreviewed and the decided papers are not told.
  const queued = await t.app.database.db.select({ to: mailQueue.to }).from(mailQueue).where(eq(mailQueue.template, 'responseWindowOpened'));
  expect(queued.map((m) => m.to.toLowerCase()).sort()).toEqual([owner.user.email, coAuthor.email].map((e) => e.toLowerCase()).sort());
  const notices = await t.app.database.db.select().from(responseWindowNotices);
  expect(notices.map((n) => n.paperId)).toEqual([reviewed._id]);
  expect(notices.map((n) => n.paperId)).not.toContain(unreviewed._id);
});
