import { afterAll, beforeAll, expect, test } from 'vitest';
import { papers } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../support/app';
import { rawMultipart } from '../support/raw-multipart';
import { signupAs } from '../support/users';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

// Found by fuzzing: busboy never finishes a part whose headers hold a bare line break once the part is
// larger than its buffer, so the request hung for ever.
test('a large part with a line break in its header is refused with a 400 instead of hanging', async () => {
  const author = await signupAs(t.app, 'Author');
  const reviewer = await signupAs(t.app, 'Reviewer');
  for (const [method, url, who] of [
    ['POST', '/api/author/new-paper', author],
    ['PATCH', '/api/me', reviewer],
  ] as const) {
    const { payload, contentType } = rawMultipart([{ name: '   \t\n', value: 'x'.repeat(300_000) }]);
    const res = await Promise.race([
      t.app.inject({ method, url, payload, headers: { ...who.auth, 'content-type': contentType } }),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${url}: no answer in 10 s`)), 10_000)),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The form data is malformed or incomplete. Please send it again.' });
  }
  expect(await t.app.database.db.select().from(papers)).toEqual([]);
});
