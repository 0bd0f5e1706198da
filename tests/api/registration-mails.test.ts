import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { injectMultipart, pdfBytes, type Part } from '../support/multipart';
import { mailParts, startSmtpListener, type ReceivedMail } from '../support/smtp';
import { signupAs, uniqueAddress, type SignedUp } from '../support/users';

/**
 * Decision 0077: the mails people expect, through a real SMTP listener: registration received (amount, bank code,
 * what to do), cancelled, nominated (nominee and nominator), added to the award panel. Each from the mail templates
 * the editor can change.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
let editor: SignedUp;

const post = (url: string, payload: object, who: SignedUp) =>
  t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers: who.auth });

/** The plain text of the one mail to `to` whose subject matches, once delivered. */
async function mailTo(to: string, subject: RegExp): Promise<string> {
  const found = () => smtp.mails.filter((m: ReceivedMail) => m.to.includes(to.toLowerCase()) && subject.test(m.raw));
  await expect.poll(() => found().length, { timeout: 10_000 }).toBe(1);
  return mailParts(found()[0]!).get('text/plain')!;
}

beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await startTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://conf.example.org' });
  editor = await signupAs(t.app, 'Editor');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('registration mails', () => {
  test('received: the amount, the code to quote on the transfer and what to do; cancelled: said so', async () => {
    const payer = await signupAs(t.app, 'Author', { name: 'Mira Mailed', verified: true });
    const made = await post('/api/registrations', { name: 'Mira Mailed', category: 'attending', currency: 'USD', provider: 'bank' }, payer);
    expect(made.statusCode, made.body).toBe(201);
    const { id, code } = made.json().registration as { id: string; code: string };
    const received = await mailTo(payer.user.email, /Registration received/);
    expect(received).toContain('Amount due: USD 200.00');
    expect(received).toContain(`Registration code (your reference, badge and check-in): ${code}`);
    expect(received).toContain(`quoting your registration code ${code} as the reference`);
    expect(received).toContain('https://conf.example.org/account/registrations');

    expect((await post(`/api/account/registrations/${id}/cancel`, {}, payer)).statusCode).toBe(200);
    const cancelled = await mailTo(payer.user.email, /Registration cancelled/);
    expect(cancelled).toContain(`Registration code: ${code}`);
    expect(cancelled).toContain('Cancelled by: you');
  });
});

describe('award mails', () => {
  test('a nomination is mailed to the nominee and to the nominator', async () => {
    const nominator = await signupAs(t.app, 'Author', { name: 'Noor Nominator' });
    const nominee = uniqueAddress('nominee');
    const fields = {
      nomineeName: 'Dr Nia Nominee',
      nomineeEmail: nominee,
      designation: 'Professor',
      affiliation: 'Mahidol University',
      category: 'Best Researcher Award',
      statement: 'Thirty papers on water treatment.',
    };
    const res = await injectMultipart(
      t.app,
      'POST',
      '/api/account/nominations',
      [...(Object.entries(fields) as Part[]), ['cv', pdfBytes('cv'), 'cv.pdf']],
      nominator.auth,
    );
    expect(res.statusCode, res.body).toBe(201);
    const toNominee = await mailTo(nominee, /You have been nominated/);
    expect(toNominee).toContain('Noor Nominator has nominated you for the Best Researcher Award');
    const toNominator = await mailTo(nominator.user.email, /Nomination received/);
    expect(toNominator).toContain('your nomination of Dr Nia Nominee for the Best Researcher Award');
  });

  test('a new award panel member is told where the panel is', async () => {
    const member = await signupAs(t.app, 'Reviewer', { name: 'Pam Panel', tags: ['AI'], verified: true });
    const membership = () => t.app.inject({ method: 'GET', url: '/api/award-panel/membership', headers: member.auth });
    expect((await membership()).json()).toEqual({ member: false });
    const res = await post('/api/award-panel/members', { email: member.user.email }, editor);
    expect(res.statusCode, res.body).toBe(200);
    const text = await mailTo(member.user.email, /award panel/);
    expect(text).toContain('https://conf.example.org/award-panel');
    // Their account menu links the panel: the server says they are on it.
    expect((await membership()).json()).toEqual({ member: true });
    // Added again: no second mail.
    expect((await post('/api/award-panel/members', { email: member.user.email }, editor)).statusCode).toBe(200);
    await t.app.mailer.runOnce();
    expect(smtp.mails.filter((m) => m.to.includes(member.user.email.toLowerCase()) && /award panel/.test(m.raw))).toHaveLength(1);
  });
});
