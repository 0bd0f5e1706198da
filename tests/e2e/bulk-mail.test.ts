import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ServerProcess } from '../support/server-process';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { mailHeaders, mailText, type ReceivedMail } from '../support/smtp';
import { serverApi } from './server-api';
import {
  axeViolations as axe,
  DESKTOP,
  horizontalOverflow,
  launchBrowser,
  pageOpener,
  PHONE,
  screenshots,
  startOwnServer,
  watchProblems,
} from './browser';

/**
 * Decision 0040, on a server of its own with a real SMTP listener: the editor opens "Mail to a group" from the
 * dashboard, picks the authors of accepted papers with their co-authors, writes a subject and a message with
 * placeholder chips, previews the count and the first mails, sends after the confirmation naming the count, and
 * watches the progress until every mail is sent or failed (one address is refused: the reason shows); each author
 * gets their own copy. Axe-clean at 1280 and 390 px; screenshots
 * when BULK_MAIL_SHOTS names a folder.
 */
let browser: Browser;
let server: ServerProcess;
let smtp: { url: string; mails: ReceivedMail[]; close: () => Promise<void> };
const SHOTS = process.env.BULK_MAIL_SHOTS;
const stamp = Date.now().toString(36);
const editorEmail = `desk.${stamp}@desk.example`;
const ada = { name: 'Ada Author', email: `ada.${stamp}@lab-a.example` };
const bo = { name: 'Bo Author', email: `bo.${stamp}@lab-b.example` };
const cy = { name: 'Cy Co-author', email: `cy.${stamp}@lab-c.example` };
/** A co-author whose mailbox the mail server refuses (550): their mail fails for good, with the server's answer. */
const rex = { name: 'Rex Refused', email: `rex.${stamp}@gone.example` };

/** A real SMTP listener on loopback that keeps what it accepts and refuses rex's address. */
async function smtpListener(): Promise<typeof smtp> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address === rex.email) return callback(Object.assign(new Error('5.1.1 No such mailbox here'), { responseCode: 550 }));
      return callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, mails, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
const { call, signup, submit } = serverApi(() => server.url);

beforeAll(async () => {
  smtp = await smtpListener();
  server = await startOwnServer({ SMTP_URL: smtp.url });
  browser = await launchBrowser();
  const editor = await signup('Editor', 'Desk Editor', editorEmail);
  const a = await signup('Author', ada.name, ada.email);
  const b = await signup('Author', bo.name, bo.email);
  const maps = await submit(a.token, 'Robots that read maps');
  const doors = await submit(b.token, 'Robots that open doors');
  const stairs = await submit(b.token, 'Robots that climb stairs');
  await call('PUT', `/api/author/paper/${maps}/co-authors`, a.token, {
    coAuthors: [
      { name: cy.name, email: cy.email },
      { name: rex.name, email: rex.email },
    ],
  });
  for (const [paperId, decision] of [
    [maps, 'Accepted'],
    [doors, 'Rejected'],
    [stairs, 'Accepted'],
  ] as const) {
    await call('PUT', `/api/editor/papers/${paperId}/decision`, editor.token, { decision });
  }
  await call('POST', '/api/editor/notify', editor.token, {});
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

const open = pageOpener({ browser: () => browser, baseURL: () => server.url, context: { bypassCSP: true } });
const shot = screenshots(SHOTS);
const bulkMailsTo = (email: string) =>
  smtp.mails.filter((m) => m.to.includes(email) && mailHeaders(m).get('subject')?.startsWith('Registration is open'));

test('the editor previews a mail to the authors of accepted papers, sends it once and sees each mail sent or failed with the reason (1280 px)', async () => {
  const { context, page } = await open({ viewport: DESKTOP, login: { role: 'Editor', email: editorEmail } });
  const problems = watchProblems(page);
  await page.getByRole('link', { name: 'Mail to a group' }).click();
  await page.getByRole('heading', { name: 'Mail to a group', level: 1 }).waitFor();
  await page.getByRole('radio', { name: 'Authors of papers' }).check();
  await page.getByLabel('Decision sent to the authors').selectOption('Accepted');
  await expect.poll(() => page.getByRole('checkbox', { name: 'Include co-authors' }).isChecked()).toBe(true);
  await page.getByLabel('Subject').fill('Registration is open, {name}');
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Dear {name},\n\nPlease register for your accepted papers:\n');
  await page.getByRole('button', { name: /^Insert \{papers\}/ }).click();
  await expect
    .poll(() => page.getByRole('textbox', { name: 'Message', exact: true }).inputValue())
    .toBe('Dear {name},\n\nPlease register for your accepted papers:\n{papers}');

  await page.getByRole('button', { name: 'Preview' }).click();
  await expect.poll(() => page.getByTestId('bulk-count').innerText()).toBe('4 people will get this mail');
  const adaMail = page.getByRole('article', { name: `Mail to ${ada.email}` });
  await expect.poll(() => adaMail.innerText()).toContain('Subject: Registration is open, Ada Author');
  expect(await adaMail.innerText()).toMatch(
    /Dear Ada Author,\s+Please register for your accepted papers:\s+"Robots that read maps" \(Paper ID: [0-9a-f]{24}\)/,
  );
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  expect(await axe(page)).toEqual([]);
  await shot(page, 'bulk-mail-preview-1280');

  await page.getByRole('button', { name: 'Send…' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Send this mail to 4 people?' });
  await confirm.waitFor();
  expect(await axe(page)).toEqual([]);
  await shot(page, 'bulk-mail-confirm-1280');
  // A double click on Send: the button is disabled while sending, and the key would make a second request harmless.
  await confirm.getByRole('button', { name: 'Send to 4 people' }).dblclick();
  await page.getByRole('status').filter({ hasText: 'Your mail to 4 people is in the queue' }).waitFor();
  const sent = page.getByTestId('bulk-mail').filter({ hasText: 'Registration is open, {name}' });
  await expect.poll(() => sent.count()).toBe(1);
  expect(await sent.innerText()).toContain('Authors of accepted papers and their co-authors in every track · 4 recipients');
  // The list is read again while the mails are delivered, until every one is sent.
  await expect.poll(() => sent.getByTestId('bulk-state').innerText(), { timeout: 30_000 }).toBe('Done, with failures');
  expect(await sent.innerText()).toContain('3 sent · 1 failed');
  // The failed mail, with the mail server's own answer.
  await sent.getByRole('button', { name: 'Show the 1 failed mail' }).click();
  await expect
    .poll(() => sent.getByRole('list', { name: /^Failed mails of/ }).innerText())
    .toMatch(new RegExp(`^${rex.email.replace(/\./g, '\\.')}: 550 5\\.1\\.1 No such mailbox here \\(1 attempt\\)$`));
  for (const [who, papers] of [
    [ada, ['Robots that read maps']],
    [bo, ['Robots that climb stairs']],
    [cy, ['Robots that read maps']],
  ] as const) {
    const got = bulkMailsTo(who.email);
    expect(got, who.email).toHaveLength(1);
    const text = mailText(got[0]!);
    expect(text).toContain(`Dear ${who.name},`);
    for (const title of papers) expect(text).toContain(`"${title}" (Paper ID: `);
  }
  expect(await axe(page)).toEqual([]);
  await shot(page, 'bulk-mail-sent-1280');
  expect(problems).toEqual([]);
  await context.close();
});

test('on a phone the form, the preview and the list fit the screen; an unknown placeholder is explained (390 px)', async () => {
  const { context, page } = await open({ viewport: PHONE, login: { role: 'Editor', email: editorEmail } });
  const opened = await page.goto('/editor/bulk-mail');
  expect(opened?.status()).toBe(200);
  await page.getByRole('heading', { name: 'Mail to a group', level: 1 }).waitFor();
  await page.getByRole('heading', { name: 'Mails sent to groups' }).waitFor();
  await page.getByRole('radio', { name: 'Authors of accepted papers not registered' }).check();
  await page.getByLabel('Subject').fill('Your {paperTitle}');
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Hello {name}');
  await page.getByRole('button', { name: 'Preview' }).click();
  await page
    .getByText('Unknown placeholder {paperTitle}: a mail to a group can use {name}, {email}, {papers}, {conference}, {siteUrl}, {loginUrl}')
    .waitFor();
  await page.getByLabel('Subject').fill('Please register, {name}');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect.poll(() => page.getByTestId('bulk-count').innerText()).toBe('4 people will get this mail');
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  expect(await axe(page)).toEqual([]);
  await shot(page, 'bulk-mail-390');
  await context.close();
});
