import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PhaseJson } from '../../src/core/api/phase';
import { startTestApp, type TestApp } from '../support/app';
import { signupAs, type SignedUp } from '../support/users';

/** Decision 0035: the conference's phase, from the dates the editor sets, as the server's clock reads it. */
let t: TestApp;
let editor: SignedUp;
let author: SignedUp;
let reviewer: SignedUp;
const DAY = 24 * 60 * 60 * 1000;
/** An instant `days` from now (negative: in the past), as the settings take it. */
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

const phaseFor = async (who: SignedUp) => {
  const res = await t.app.inject({ url: '/api/phase', headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PhaseJson;
};
const setDates = async (dates: Record<string, string | null>) => {
  const res = await t.app.inject({ method: 'PUT', url: '/api/editor/settings', headers: editor.auth, payload: dates });
  expect(res.statusCode, res.body).toBe(200);
};
const NO_DATES = {
  submissionDeadline: null,
  biddingDeadline: null,
  reviewDeadline: null,
  responseOpens: null,
  responseCloses: null,
  discussionDeadline: null,
  notificationDate: null,
  cameraReadyDeadline: null,
};

beforeAll(async () => {
  t = await startTestApp();
  editor = await signupAs(t.app, 'Editor');
  author = await signupAs(t.app, 'Author');
  reviewer = await signupAs(t.app, 'Reviewer');
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/phase', () => {
  test('without a token: 401', async () => {
    const res = await t.app.inject({ url: '/api/phase' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBeTruthy();
  });

  test('with no date set: submission, open without an end', async () => {
    await setDates(NO_DATES);
    const body = await phaseFor(author);
    expect(body).toMatchObject({ phase: 'submission', label: 'Submission', until: null, next: null });
    expect(body.timeline).toEqual([{ phase: 'submission', label: 'Submission', startsAt: null, endsAt: null }]);
    expect(Math.abs(Date.parse(body.now) - Date.now())).toBeLessThan(60_000);
  });

  test('every date set: each role reads the same phase, its end, the next phase and the whole timeline', async () => {
    const dates = {
      submissionDeadline: inDays(-30),
      biddingDeadline: inDays(-20),
      reviewDeadline: inDays(5),
      responseOpens: inDays(8),
      responseCloses: inDays(12),
      discussionDeadline: inDays(20),
      notificationDate: inDays(25),
      cameraReadyDeadline: inDays(40),
    };
    await setDates(dates);
    const body = await phaseFor(reviewer);
    expect(body).toMatchObject({ phase: 'reviewing', label: 'Reviewing', until: dates.reviewDeadline, next: 'response' });
    expect(body.timeline.map((s) => [s.phase, s.startsAt, s.endsAt])).toEqual([
      ['submission', null, dates.submissionDeadline],
      ['bidding', dates.submissionDeadline, dates.biddingDeadline],
      ['reviewing', dates.biddingDeadline, dates.reviewDeadline],
      ['response', dates.responseOpens, dates.responseCloses],
      ['discussion', dates.responseCloses, dates.discussionDeadline],
      ['decisions', dates.discussionDeadline, dates.notificationDate],
      ['camera-ready', dates.notificationDate, dates.cameraReadyDeadline],
      ['closed', dates.cameraReadyDeadline, null],
    ]);
    expect((await phaseFor(author)).phase).toBe('reviewing');
    expect((await phaseFor(editor)).timeline).toEqual(body.timeline);
  });

  test('the response window open now: response until it closes', async () => {
    await setDates({
      ...NO_DATES,
      reviewDeadline: inDays(-3),
      responseOpens: inDays(-1),
      responseCloses: inDays(2),
      notificationDate: inDays(10),
    });
    const body = await phaseFor(author);
    expect(body).toMatchObject({ phase: 'response', next: 'decisions' });
    expect(body.timeline.map((s) => s.phase)).toEqual(['reviewing', 'response', 'decisions', 'closed']);
  });

  test('dates not set are skipped; after the last one the conference is closed', async () => {
    await setDates({ ...NO_DATES, submissionDeadline: inDays(-10), cameraReadyDeadline: inDays(-2) });
    const body = await phaseFor(editor);
    expect(body).toMatchObject({ phase: 'closed', label: 'Closed', until: null, next: null });
    expect(body.timeline.map((s) => s.phase)).toEqual(['submission', 'camera-ready', 'closed']);
    await setDates(NO_DATES);
  });
});
