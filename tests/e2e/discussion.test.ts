import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ServerProcess } from '../support/server-process';
import { mailText, startSmtpListener } from '../support/smtp';
import { checkAccessibility, DESKTOP, launchBrowser, pageOpener, PHONE, startOwnServer } from './browser';
import { serverApi } from './server-api';

/**
 * Decision 0032 in the browser, on a server of its own: two reviewers of a paper read each other's review
 * under "Reviewer n" and discuss it, one edits their post, and the track chair reads the thread with names and
 * replies. Each screen axe-clean, nothing sideways, at 390 and 1280 px.
 */
let browser: Browser;
let server: ServerProcess;
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
const stamp = Date.now().toString(36);
const EDITOR = `discussion-editor-${stamp}@e2e.example.org`;
const chairEmail = `chair@chairs-${stamp}.example`;
const rosa = { name: 'Rosa Reviewer', email: `rosa@uni-r-${stamp}.example` };
const raj = { name: 'Raj Reviewer', email: `raj@uni-j-${stamp}.example` };
const TITLE = 'Robots that argue politely';
let paperId = '';

const { call, signup, submit, signUpVerifiedChair } = serverApi(() => server.url);
const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email)).map(mailText);

beforeAll(async () => {
  smtp = await startSmtpListener();
  server = await startOwnServer({ SMTP_URL: smtp.url, EDITOR_EMAILS: EDITOR });
  browser = await launchBrowser();
  const editor = await signup('Editor', 'Desk Editor', EDITOR);
  await signUpVerifiedChair({ editorToken: editor.token, trackId: 'track-2', name: 'Carla Chair', email: chairEmail, mailsTo });
  const author = await signup('Author', 'Asha Author', `asha@lab-${stamp}.example`);
  paperId = await submit(author.token, TITLE);
  const reviewers = [
    await signup('Reviewer', rosa.name, rosa.email, ['Robotics']),
    await signup('Reviewer', raj.name, raj.email, ['Robotics']),
  ];
  for (const r of reviewers)
    await call('POST', '/api/editor/send-paper', editor.token, { paperId, reviewerId: r.user._id, override: true });
  await call('PUT', `/api/reviewer/review/${paperId}`, reviewers[0]!.token, {
    recommendation: 4,
    confidence: 3,
    commentsToAuthors: 'Rosa: clear and useful.',
    commentsToEditor: 'ROSA-EDITOR-ONLY',
  });
  // One question of the conference's own (decision 0031): the other reviewer reads its answer under its label.
  const question = await call<{ id: string }>('POST', '/api/editor/review-form/questions', editor.token, {
    kind: 'text',
    label: 'Main weakness',
    visibility: 'committee',
  });
  await call('PUT', `/api/reviewer/review/${paperId}`, reviewers[1]!.token, {
    recommendation: 2,
    confidence: 4,
    commentsToAuthors: 'Raj: the evaluation is thin.',
    answers: { [question.id]: 'Only one baseline.' },
  });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

/** axe-core's violations and sideways overflow at both widths, once the toasts have gone. */
const checkScreen = (page: Page, name: string) => checkAccessibility(page, name, { sizes: [PHONE, DESKTOP], toastsGone: true });

const openPage = pageOpener({ browser: () => browser, baseURL: () => server.url, context: { bypassCSP: true } });
/** Signed in on `url`, its discussion shown. */
async function open(viewport: typeof DESKTOP, role: 'Reviewer' | 'Editor', email: string, url: string) {
  const { context, page } = await openPage({ viewport, login: { role, email } });
  await page.goto(url);
  const discussion = page.getByRole('region', { name: 'Discussion', exact: true });
  await discussion.waitFor();
  return { context, page, discussion, posts: discussion.getByRole('list', { name: 'Discussion posts' }).getByRole('listitem') };
}

test("two reviewers read each other's review under a label and discuss; one edits their post (1280 and 390 px)", async () => {
  const first = await open(DESKTOP, 'Reviewer', rosa.email, `/reviewer/dashboard/${paperId}`);
  const others = first.page.getByRole('region', { name: 'Other reviews', exact: true });
  await expect.poll(() => others.textContent()).toContain('Raj: the evaluation is thin.');
  expect(await others.getByRole('heading', { level: 3 }).allTextContents()).toEqual(['Reviewer 2']);
  await expect.poll(() => others.textContent()).toContain('Main weaknessOnly one baseline.');
  expect(await others.textContent()).not.toContain(raj.name);
  await first.discussion.getByText('No posts yet. Start the discussion below.').waitFor();

  // An empty post is refused beside the box, as the server would word it.
  await first.discussion.getByRole('button', { name: 'Post' }).click();
  await first.discussion.getByText('Write something before posting').waitFor();
  await first.discussion.getByLabel('Your post').fill('I think the evaluation is fine for a workshop.');
  await first.discussion.getByRole('button', { name: 'Post' }).click();
  await expect.poll(() => first.posts.count()).toBe(1);
  await expect.poll(() => first.posts.first().textContent()).toContain('You (Reviewer 1)');
  await expect.poll(() => first.discussion.getByRole('status').textContent()).toBe('Your post was added to the discussion');
  // Edit within the window.
  await first.posts.first().getByRole('button', { name: /^Edit/ }).click();
  await first.discussion.getByLabel('Edit your post').fill('I think the evaluation is enough for a short paper.');
  await first.discussion.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => first.posts.first().textContent()).toContain('(edited)');
  await expect.poll(() => first.posts.first().textContent()).toContain('enough for a short paper');
  await checkScreen(first.page, 'reviewer-1');

  const second = await open(PHONE, 'Reviewer', raj.email, `/reviewer/dashboard/${paperId}`);
  await expect.poll(() => second.posts.count()).toBe(1);
  const seen = await second.posts.first().textContent();
  expect(seen).toContain('Reviewer 1');
  expect(seen).toContain('enough for a short paper');
  expect(seen).not.toContain(rosa.name);
  // Another's post has no Edit.
  expect(await second.posts.first().getByRole('button').count()).toBe(0);
  await second.discussion.getByLabel('Your post').fill('Then let us ask for one more baseline.');
  await second.discussion.getByRole('button', { name: 'Post' }).click();
  await expect.poll(() => second.posts.count()).toBe(2);
  await expect.poll(() => second.posts.nth(1).textContent()).toContain('You (Reviewer 2)');
  await checkScreen(second.page, 'reviewer-2');
  await first.context.close();
  await second.context.close();
}, 240_000);

test('the track chair reads the thread with names and replies; the reviewers see "Chair" (1280 and 390 px)', async () => {
  const chair = await open(DESKTOP, 'Editor', chairEmail, `/editor/view-more/${paperId}`);
  await expect.poll(() => chair.posts.count()).toBe(2);
  await expect.poll(() => chair.posts.first().textContent()).toContain(rosa.name);
  expect(await chair.posts.nth(1).textContent()).toContain(raj.name);
  await chair.discussion.getByLabel('Your post').fill('Thank you both: please agree on the baseline by Friday.');
  await chair.discussion.getByRole('button', { name: 'Post' }).click();
  await expect.poll(() => chair.posts.count()).toBe(3);
  await expect.poll(() => chair.posts.nth(2).textContent()).toContain('You (Chair)');
  await checkScreen(chair.page, 'chair');
  await chair.context.close();

  const reviewer = await open(PHONE, 'Reviewer', rosa.email, `/reviewer/dashboard/${paperId}`);
  await expect.poll(() => reviewer.posts.count()).toBe(3);
  const chairPost = await reviewer.posts.nth(2).textContent();
  expect(chairPost).toContain('Chair');
  expect(chairPost).not.toContain('Carla');
  await reviewer.context.close();
  // Rosa was mailed of Raj's post, by label; nothing went to the author.
  await expect
    .poll(
      () =>
        mailsTo(rosa.email)
          .filter((m) => m.includes('committee discussion'))
          .join('\n'),
      { timeout: 15_000 },
    )
    .toContain('Reviewer 2, ');
  expect(mailsTo(`asha@lab-${stamp}.example`).filter((m) => /discussion/i.test(m))).toEqual([]);
}, 240_000);
