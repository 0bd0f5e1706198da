import { afterAll, beforeAll, expect, test } from 'vitest';
import { CONFERENCE_FACTS_DEFAULTS, type ConferenceFacts } from '../../src/core/conference-facts';
import type { FirstStepsJson } from '../../src/core/schemas/first-steps';
import { startTestApp, type TestApp } from '../support/app';
import { submitPaper } from '../support/multipart';
import { signupAs, signupChair, type SignedUp } from '../support/users';

/** docs/product.md#the-editors-first-steps: GET /api/editor/first-steps, what the edition still lacks, from its data. */
let t: TestApp;
let editor: SignedUp;

beforeAll(async () => {
  t = await startTestApp();
  editor = await signupAs(t.app, 'Editor');
});
afterAll(async () => {
  await t?.close();
});

const firstSteps = async (): Promise<FirstStepsJson> => {
  const res = await t.app.inject({ url: '/api/editor/first-steps', headers: editor.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
/**
 * Dates counted from today: fixed ones pass (a submission deadline of 1 December 2026 closed submissions for the
 * papers a later test submits from that day on).
 */
const DAY_MS = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();
const dayIn = (days: number) => inDays(days).slice(0, 10);
const step = (steps: FirstStepsJson, key: string) => steps.steps.find((s) => s.key === key)!;
const put = async (url: string, payload: Record<string, unknown>) => {
  const res = await t.app.inject({ method: 'PUT', url, headers: editor.auth, payload });
  expect(res.statusCode, res.body).toBe(200);
};

test('a fresh install: every step is to do, in the order of the phases, each with its screen', async () => {
  const steps = await firstSteps();
  expect(steps.steps.map((s) => [s.key, s.phase, s.done, s.href])).toEqual([
    ['facts', 'Before submissions', false, '/editor/conference'],
    ['dates', 'Before submissions', false, '/editor/settings'],
    ['track-chairs', 'Before submissions', false, '/editor/tracks'],
    ['review-form', 'Before submissions', false, '/editor/review-form'],
    ['pricing', 'Before submissions', false, '/editor/pricing'],
    ['reviewers', 'Reviewing', false, '/editor/assign'],
    ['decisions', 'Decisions', false, '/editor/decisions'],
    ['programme', 'Programme & proceedings', false, '/editor/program'],
    ['proceedings', 'Programme & proceedings', false, '/editor/exports'],
    ['awards', 'Registration & the event', false, '/award-panel'],
  ]);
  expect([steps.done, steps.total]).toEqual([0, 10]);
  expect(step(steps, 'facts')).toMatchObject({
    label: 'Replace the sample conference facts',
    detail:
      "The dates, the venue, the contact e-mail, the phone and the important dates are still the sample's: every public page prints them.",
  });
  expect(step(steps, 'dates').detail).toBe(
    'Not set yet: Submission deadline, review deadline, notification date and camera-ready deadline.',
  );
  expect(step(steps, 'reviewers').detail).toBe('No papers yet: reviewers are sent papers once they arrive.');
});

test('the facts and the deadlines saved: those steps are done, the others stay to do', async () => {
  const facts: ConferenceFacts = {
    ...CONFERENCE_FACTS_DEFAULTS,
    startDate: dayIn(180),
    endDate: dayIn(182),
    datesText: 'March 4-6 2027',
    submissionsDatesText: 'March 4-6, 2027',
    venue: { resort: 'Tide Hall', city: 'Porto', country: 'Portugal', countryCode: 'PT', address: 'Rua do Mar 1, Porto, Portugal' },
    contactEmail: 'hello@tides.example.org',
    contactPhone: '+351 22 000 0001',
    importantDates: [{ label: 'Final paper submission', date: dayIn(60) }],
  };
  await put('/api/editor/conference', { ...facts });
  let steps = await firstSteps();
  expect(step(steps, 'facts')).toMatchObject({ done: true, detail: 'The dates, venue and contacts are your own.' });
  expect(step(steps, 'dates').done).toBe(false);

  await put('/api/editor/settings', { submissionDeadline: inDays(60), reviewDeadline: inDays(100) });
  steps = await firstSteps();
  expect(step(steps, 'dates')).toMatchObject({ done: false, detail: 'Not set yet: Notification date and camera-ready deadline.' });

  await put('/api/editor/settings', { notificationDate: inDays(110), cameraReadyDeadline: inDays(120) });
  steps = await firstSteps();
  expect(step(steps, 'dates')).toMatchObject({ done: true });
  expect(step(steps, 'dates').detail).toMatch(/^The deadlines are set; optional phases without a date: bidding deadline/);
  // Decision 0065: important dates of their own while the deadlines are set, or following one not set, are flagged.
  expect(step(steps, 'facts').detail).toContain('The important dates are all dates of their own');
  await put('/api/editor/conference', { ...facts, importantDates: [{ label: 'Bids', deadline: 'bidding' }] });
  steps = await firstSteps();
  expect(step(steps, 'facts').detail).toBe(
    'The dates, venue and contacts are your own. An important date follows the bidding deadline, not set yet: the pages print “To be announced”.',
  );
  expect(steps.done).toBe(2);
  expect(steps.steps.filter((s) => !s.done).map((s) => s.key)).toEqual([
    'track-chairs',
    'review-form',
    'pricing',
    'reviewers',
    'decisions',
    'programme',
    'proceedings',
    'awards',
  ]);
});

test('tracks without a chair are named; papers without a reviewer and undecided papers are counted', async () => {
  const tracks = (await t.app.inject({ url: '/api/tracks' })).json() as Array<{ id: string; name: string; open: boolean }>;
  const open = tracks.filter((tr) => tr.open);
  expect(open.length).toBeGreaterThan(0);
  await signupChair(t.app, { editor, track: open[0]!.id });
  const chairs = step(await firstSteps(), 'track-chairs');
  expect(chairs.done).toBe(open.length === 1);
  for (const tr of open.slice(1)) expect(chairs.detail).toContain(tr.name);
  expect(chairs.detail).not.toContain(`${open[0]!.name},`);

  const author = await signupAs(t.app, 'Author');
  await submitPaper(t.app, author.auth, { title: 'Tides and turbines' });
  await submitPaper(t.app, author.auth, { title: 'Waves and walls' });
  const steps = await firstSteps();
  expect(step(steps, 'reviewers')).toMatchObject({ done: false, detail: '2 of the 2 papers have no reviewer yet.' });
  expect(step(steps, 'decisions')).toMatchObject({ done: false, detail: '2 papers without a decision.' });
});

test('only the editor reads the first steps: 401 without a login, 403 for an author, a reviewer or a track chair', async () => {
  expect((await t.app.inject({ url: '/api/editor/first-steps' })).statusCode).toBe(401);
  const chair = await signupChair(t.app, { editor, track: 'track-1' });
  for (const who of [await signupAs(t.app, 'Author'), await signupAs(t.app, 'Reviewer', { tags: ['AI'] }), chair]) {
    expect((await t.app.inject({ url: '/api/editor/first-steps', headers: who.auth })).statusCode).toBe(403);
  }
});
