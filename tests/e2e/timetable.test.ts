import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DESKTOP, launchBrowser, signUpInBrowser, startOwnServer } from './browser';

/**
 * The timetable of the whole event on a server of its own: the editor adds a keynote (a slot without papers) beside a
 * track's session and publishes; a visitor reads the keynote on /program and finds the tracks in the filter; a signed-in
 * participant stars it in their agenda.
 */
let browser: Browser;
let server: Awaited<ReturnType<typeof startOwnServer>>;
const stamp = Date.now().toString(36);

beforeAll(async () => {
  server = await startOwnServer();
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('the editor places a keynote, the visitor reads it, a participant stars it in their agenda', async () => {
  const editorContext = await browser.newContext({ viewport: DESKTOP, baseURL: server.url });
  const page = await editorContext.newPage();
  await signUpInBrowser(page, { role: 'Editor', email: `chair.${stamp}@chair.example`, name: 'Chair' });
  await page.goto('/editor/program');
  const form = page.getByRole('form', { name: 'New session' });
  await form.getByLabel('Title').fill('Opening keynote');
  await form.getByLabel('Kind').selectOption({ label: 'Keynote (no papers)' });
  expect(await form.getByLabel('Track').count()).toBe(0);
  await form.getByLabel('Room').fill('Grand Ballroom');
  await form.getByLabel('Start').fill('2026-12-27T08:00');
  await form.getByLabel('End').fill('2026-12-27T09:00');
  await form.getByRole('button', { name: 'Add session' }).click();
  const card = page.getByTestId('editor-session').filter({ has: page.getByRole('heading', { name: 'Opening keynote' }) });
  await card.getByText('A slot without papers: it shows on the programme with its title, time and room.').waitFor();
  expect(await card.getByLabel('Add an accepted paper').count()).toBe(0);

  const token = await page.evaluate(() => localStorage.getItem('token'));
  const published = await fetch(`${server.url}/api/editor/program/publish`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ acknowledgeWarnings: true }),
  });
  expect(published.status).toBe(200);
  await editorContext.close();

  const visitorContext = await browser.newContext({ viewport: DESKTOP, baseURL: server.url });
  const visitor = await visitorContext.newPage();
  await visitor.goto('/program');
  const session = visitor.getByTestId('program-session').filter({ hasText: 'Opening keynote' });
  await session.getByText('Keynote · Grand Ballroom').waitFor();
  await visitor.getByLabel('Track').selectOption('Science and Materials');
  // A keynote is for every track.
  await session.waitFor();
  await visitorContext.close();

  const participantContext = await browser.newContext({ viewport: DESKTOP, baseURL: server.url });
  const participant = await participantContext.newPage();
  await signUpInBrowser(participant, { role: 'Author', email: `ada.${stamp}@lab.example`, name: 'Ada Participant' });
  await participant.getByRole('link', { name: 'My agenda' }).click();
  await participant.getByRole('heading', { name: 'My agenda', level: 1 }).waitFor();
  await participant.getByText('0 sessions in your agenda').waitFor();
  const keynote = participant.getByTestId('agenda-session').filter({ hasText: 'Opening keynote' });
  await keynote.getByRole('button', { name: /Add to my agenda/ }).click();
  await participant.getByText('1 session in your agenda').waitFor();
  await keynote.getByRole('button', { name: /In my agenda/, pressed: true }).waitFor();
  const download = participant.waitForEvent('download');
  await participant.getByRole('button', { name: 'Add to calendar (ICS)' }).click();
  expect((await download).suggestedFilename()).toBe('imse-my-agenda.ics');
  await participantContext.close();
}, 120_000);
