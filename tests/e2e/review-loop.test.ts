import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { horizontalOverflow, launchBrowser, newPage, PHONE, signUpInBrowser, uniqueEmail } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const pdf = Buffer.from('%PDF-1.4\n% review loop\n%%EOF\n');
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();

test('author → editor → reviewer → author: the whole review loop', async () => {
  // Reviewers with topics no other browser test uses, so the suggestion is known.
  const best = { email: uniqueEmail('best-reviewer'), name: 'Best Match Reviewer' };
  const weaker = { email: uniqueEmail('weaker-reviewer'), name: 'Weaker Match Reviewer' };
  const bestSession = await newPage(browser, PHONE);
  await signUpInBrowser(bestSession.page, { role: 'Reviewer', ...best, tags: ['Quantum Computing', 'Bioinformatics'] });
  const weakerSession = await newPage(browser);
  await signUpInBrowser(weakerSession.page, { role: 'Reviewer', ...weaker, tags: ['Quantum Computing'] });
  await weakerSession.context.close();

  // The author submits a paper with tags.
  const author = await newPage(browser, PHONE);
  await signUpInBrowser(author.page, { role: 'Author', email: uniqueEmail('loop-author'), name: 'Loop Author' });
  await author.page.goto('/author/new-paper');
  await author.page.getByLabel('Title').fill('Quantum methods for protein folding');
  await author.page.getByLabel('Abstract').fill('We fold proteins with qubits.');
  await author.page.getByLabel('Track').selectOption({ label: 'Computer Science and Applications' });
  for (const tag of ['Quantum Computing', 'Bioinformatics', 'Semantic Web']) {
    await author.page.getByRole('button', { name: tag, exact: true }).click();
  }
  await author.page.getByLabel('Paper (PDF)').setInputFiles({ name: 'folding.pdf', mimeType: 'application/pdf', buffer: pdf });
  await author.page.getByRole('button', { name: 'Submit Paper' }).click();
  await author.page.waitForURL('**/author/dashboard');

  // The editor finds it and sees only the best-matching reviewer in the suggested group (the weaker match is among the others).
  const editor = await newPage(browser, PHONE);
  await signUpInBrowser(editor.page, { role: 'Editor', email: 'journey-editor@e2e.example.org', name: 'Journey Editor' });
  await editor.page.getByLabel('Search title, paper id or tag').fill('protein folding');
  const card = editor.page.getByRole('article').filter({ hasText: 'Quantum methods for protein folding' });
  await card.getByText('Pending Review').waitFor();
  await expect(card.getByRole('link', { name: /View PDF/ }).getAttribute('target')).resolves.toBe('_blank');
  await card.getByRole('link', { name: /View More/ }).click();
  await editor.page.getByRole('heading', { name: 'SUGGESTED REVIEWERS' }).waitFor();
  const reviewerCard = editor.page.getByRole('article', { name: best.name });
  await reviewerCard.waitFor();
  const suggested = editor.page.getByRole('region', { name: 'SUGGESTED REVIEWERS', exact: true });
  await expect(suggested.getByRole('article').count()).resolves.toBe(1);
  await expect(suggested.getByRole('article', { name: best.name }).count()).resolves.toBe(1);
  await editor.page
    .getByRole('region', { name: 'Other eligible reviewers', exact: true })
    .getByRole('article', { name: weaker.name })
    .waitFor();
  await expect.poll(() => reviewerCard.getByText('Quantum Computing, Bioinformatics').isVisible()).toBe(true);
  expect(await horizontalOverflow(editor.page)).toBe(0);
  const badge = reviewerCard.locator('[data-status]');
  await expect.poll(() => badge.textContent()).toBe('Waiting');

  await reviewerCard.getByRole('button', { name: 'Send Mail' }).click();
  // The e2e server has no SMTP_URL: the answer says the mail stayed in the outbox (docs/product.md#mail).
  await toast(editor.page, `Mail is not configured: the mail to ${best.email} is kept in the outbox, nothing was sent`);
  // The badge follows the mail (decision 0041): 'Mail Sent' is for a mail the SMTP server took; this one was kept.
  await expect.poll(() => badge.textContent()).toBe('Mail Kept');
  await reviewerCard.getByRole('button', { name: 'Send Paper' }).click();
  await toast(editor.page, `Paper sent to ${best.name}`);
  await expect.poll(() => badge.textContent()).toBe('Sent');
  await editor.page.reload();
  await editor.page.getByRole('article', { name: best.name }).locator('[data-status="Sent"]').waitFor();

  // The reviewer sees it, tries an empty comment, comments, accepts.
  const rp = bestSession.page;
  await rp.goto('/reviewer/dashboard');
  const assigned = rp.getByRole('article').filter({ hasText: 'Quantum methods for protein folding' });
  await assigned.getByText('Pending').waitFor();
  await assigned.getByRole('link', { name: /View More/ }).click();
  await rp.getByText('Click here to load PDF').waitFor();
  expect(await horizontalOverflow(rp)).toBe(0);
  await rp.getByRole('button', { name: 'Send Comments' }).click();
  await toast(rp, 'Please write a comment.');
  await rp.getByLabel('Comments', { exact: true }).fill('Strong method; please add a baseline.');
  await rp.getByRole('button', { name: 'Send Comments' }).click();
  await toast(rp, 'Comment saved!');
  // docs/product.md#assignments-declines-and-withdrawals: the buttons keep their Accept/Decline labels and say beside them that they answer whether to review.
  await rp.getByText('Accept or decline reviewing this paper').waitFor();
  await rp.getByRole('button', { name: 'Accept' }).click();
  await toast(rp, 'Paper Accepted!');
  await rp.locator('[data-status="Accepted"]').waitFor();

  // The editor sees Accepted in green.
  await editor.page.reload();
  const accepted = editor.page.getByRole('article', { name: best.name }).locator('[data-status="Accepted"]');
  await accepted.waitFor();
  expect(await accepted.getAttribute('class')).toContain('green');

  // The author sees the comment as the latest comment.
  await author.page.goto('/author/dashboard');
  await author.page
    .getByRole('article')
    .filter({ hasText: 'Quantum methods for protein folding' })
    .getByRole('link', { name: /View More/ })
    .click();
  await author.page.getByText('Strong method; please add a baseline.').waitFor();
  await expect(author.page.getByText('No comment available yet.').count()).resolves.toBe(0);

  // docs/product.md#assignments-declines-and-withdrawals: once the reviewer declines reviewing, the review form and the comment box close.
  await rp.getByRole('button', { name: 'Decline' }).click();
  await toast(rp, 'Paper Declined!');
  await rp.getByText('You declined to review this paper: the review form and comments are closed.').waitFor();
  await expect(rp.getByLabel('Comments', { exact: true }).count()).resolves.toBe(0);
  await expect(rp.getByRole('button', { name: 'Send Comments' }).count()).resolves.toBe(0);

  for (const s of [bestSession, author, editor]) await s.context.close();
});

test('a reviewer page with a malformed paper id says Invalid paper ID format', async () => {
  const { context, page } = await newPage(browser);
  await signUpInBrowser(page, { role: 'Reviewer', email: uniqueEmail('badid'), name: 'Bad Id', tags: ['HCI'] });
  await page.goto('/reviewer/dashboard/not-a-valid-id');
  await expect.poll(() => page.getByRole('alert').textContent()).toBe('Invalid paper ID format');
  await context.close();
});
