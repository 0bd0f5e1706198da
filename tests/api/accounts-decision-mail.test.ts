import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { injectMultipart, pdfBytes, submitPaper } from '../support/multipart';
import { startSmtpListener } from '../support/smtp';
import { verifyAddress } from '../support/mailbox';
import { signupAs } from '../support/users';

/** Decision 0016: the decision mail reaches every co-author through a real SMTP listener; a co-author uploads the camera-ready PDF. */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await startTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

test('the decision mail goes to the submitting author and every co-author; a co-author with an account uploads the camera-ready version', async () => {
  const stamp = Date.now();
  const editor = await signupAs(t.app, 'Editor');
  const owner = await signupAs(t.app, 'Author', { email: `owner.${stamp}@uni-one.edu` });
  const paper = await submitPaper(t.app, owner.auth, { title: 'Shared findings' });
  const co = [
    { name: 'Ana Co', email: `ana.${stamp}@uni-two.edu` },
    { name: 'Ben Co', email: `ben.${stamp}@gmail.com` },
  ];
  expect(
    (
      await t.app.inject({
        method: 'PUT',
        url: `/api/author/paper/${paper._id}/co-authors`,
        payload: { coAuthors: co },
        headers: owner.auth,
      })
    ).statusCode,
  ).toBe(200);
  const decided = await t.app.inject({
    method: 'PUT',
    url: `/api/editor/papers/${paper._id}/decision`,
    payload: { decision: 'Accepted' },
    headers: editor.auth,
  });
  expect(decided.statusCode, decided.body).toBe(200);
  const notified = await t.app.inject({
    method: 'POST',
    url: '/api/editor/notify',
    payload: { paperIds: [paper._id] },
    headers: editor.auth,
  });
  expect(notified.statusCode, notified.body).toBe(200);

  const decisionMails = () => smtp.mails.filter((m) => /Subject: Decision on your paper: Shared findings/.test(m.raw));
  await expect
    .poll(
      () =>
        decisionMails()
          .flatMap((m) => m.to)
          .sort(),
      { timeout: 15_000 },
    )
    .toEqual([owner.user.email, ...co.map((c) => c.email.toLowerCase())].sort());
  for (const m of decisionMails()) expect(m.raw).toMatch(/Accepted/);

  // Ana signs up as an Author later, finds the paper and uploads the camera-ready PDF; she may not change the abstract.
  const ana = await signupAs(t.app, 'Author', { email: co[0]!.email });
  await verifyAddress(t.app, co[0]!.email);
  const upload = await injectMultipart(
    t.app,
    'POST',
    `/api/author/paper/${paper._id}/camera-ready`,
    [['file', pdfBytes('camera ready'), 'final.pdf']],
    ana.auth,
  );
  expect(upload.statusCode, upload.body).toBe(201);
  const edit = await injectMultipart(t.app, 'PATCH', `/api/author/paper/${paper._id}`, [['abstract', 'Changed']], ana.auth);
  expect(edit.statusCode).toBe(403);
});
