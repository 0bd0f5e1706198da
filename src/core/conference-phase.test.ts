import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { currentPhase, PHASES, phaseSentence, phaseTimeline, type PhaseDates, type PhaseRole } from './conference-phase';

const NONE: PhaseDates = {
  submissionDeadline: null,
  biddingDeadline: null,
  reviewDeadline: null,
  responseOpens: null,
  responseCloses: null,
  discussionDeadline: null,
  notificationDate: null,
  cameraReadyDeadline: null,
};
/** Every date set, one a month through 2026. */
const ALL: PhaseDates = {
  submissionDeadline: '2026-01-31T23:59:00.000Z',
  biddingDeadline: '2026-02-28T23:59:00.000Z',
  reviewDeadline: '2026-03-31T23:59:00.000Z',
  responseOpens: '2026-04-10T00:00:00.000Z',
  responseCloses: '2026-04-30T23:59:00.000Z',
  discussionDeadline: '2026-05-31T23:59:00.000Z',
  notificationDate: '2026-06-30T23:59:00.000Z',
  cameraReadyDeadline: '2026-07-31T23:59:00.000Z',
};
const at = (iso: string) => new Date(iso);
const phaseAt = (dates: PhaseDates, iso: string) => currentPhase(dates, at(iso)).phase;
/** A plain formatter, so the sentences' words are what is tested. */
const fmt = (iso: string) => iso.slice(0, 10);
const say = (dates: PhaseDates, iso: string, role: PhaseRole) => phaseSentence(currentPhase(dates, at(iso)), role, fmt);

describe('currentPhase with every date set', () => {
  test.each([
    ['2026-01-15T00:00:00Z', 'submission', ALL.submissionDeadline, 'bidding'],
    ['2026-02-15T00:00:00Z', 'bidding', ALL.biddingDeadline, 'reviewing'],
    ['2026-03-15T00:00:00Z', 'reviewing', ALL.reviewDeadline, 'response'],
    ['2026-04-15T00:00:00Z', 'response', ALL.responseCloses, 'discussion'],
    ['2026-05-15T00:00:00Z', 'discussion', ALL.discussionDeadline, 'decisions'],
    ['2026-06-15T00:00:00Z', 'decisions', ALL.notificationDate, 'camera-ready'],
    ['2026-07-15T00:00:00Z', 'camera-ready', ALL.cameraReadyDeadline, 'closed'],
    ['2026-08-15T00:00:00Z', 'closed', null, null],
  ] as const)('at %s the phase is %s', (now, phase, until, next) => {
    expect(currentPhase(ALL, at(now))).toMatchObject({ phase, until, next, now: new Date(now).toISOString() });
  });

  test('the timeline lists every phase in order, each starting where the one before ended, the response at its opening', () => {
    const timeline = phaseTimeline(ALL);
    expect(timeline.map((s) => s.phase)).toEqual(PHASES);
    expect(timeline[0]).toEqual({ phase: 'submission', label: 'Submission', startsAt: null, endsAt: ALL.submissionDeadline });
    expect(timeline[3]).toEqual({ phase: 'response', label: 'Author response', startsAt: ALL.responseOpens, endsAt: ALL.responseCloses });
    expect(timeline[4]!.startsAt).toBe(ALL.responseCloses);
    expect(timeline.at(-1)).toEqual({ phase: 'closed', label: 'Closed', startsAt: ALL.cameraReadyDeadline, endsAt: null });
  });
});

describe('boundaries', () => {
  test('the deadline itself still belongs to its phase; a millisecond later the next one starts', () => {
    expect(phaseAt(ALL, ALL.reviewDeadline!)).toBe('reviewing');
    expect(phaseAt(ALL, new Date(Date.parse(ALL.reviewDeadline!) + 1).toISOString())).toBe('response');
    expect(phaseAt(ALL, ALL.cameraReadyDeadline!)).toBe('camera-ready');
    expect(phaseAt(ALL, new Date(Date.parse(ALL.cameraReadyDeadline!) + 1).toISOString())).toBe('closed');
  });

  test('between the review deadline and the response opening it is the response phase, not yet open', () => {
    const s = currentPhase(ALL, at('2026-04-05T00:00:00Z'));
    expect(s).toMatchObject({ phase: 'response', until: ALL.responseCloses });
    expect(phaseSentence(s, 'Author', fmt)).toBe('You can respond to the reviews from 2026-04-10 until 2026-04-30.');
    expect(say(ALL, '2026-04-15T00:00:00Z', 'Author')).toBe('You can respond to the reviews until 2026-04-30.');
  });

  test('any instant falls in exactly one phase, and the phases never go backwards in time', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse('2025-06-01'), max: Date.parse('2027-01-01') }),
        fc.integer({ min: 1, max: 1e10 }),
        (t, dt) => {
          const a = PHASES.indexOf(phaseAt(ALL, new Date(t).toISOString()));
          const b = PHASES.indexOf(phaseAt(ALL, new Date(t + dt).toISOString()));
          return a >= 0 && b >= a;
        },
      ),
    );
  });
});

describe('dates not set', () => {
  test('with no date at all, submission is open with no end', () => {
    expect(currentPhase(NONE, at('2026-01-01T00:00:00Z'))).toMatchObject({ phase: 'submission', until: null, next: null });
    expect(phaseTimeline(NONE)).toEqual([{ phase: 'submission', label: 'Submission', startsAt: null, endsAt: null }]);
    expect(say(NONE, '2026-01-01T00:00:00Z', 'Author')).toBe('You can submit papers.');
  });

  test('phases without a date are skipped: only the review and camera-ready deadlines', () => {
    const dates = { ...NONE, reviewDeadline: ALL.reviewDeadline, cameraReadyDeadline: ALL.cameraReadyDeadline };
    expect(phaseTimeline(dates).map((s) => s.phase)).toEqual(['reviewing', 'camera-ready', 'closed']);
    expect(currentPhase(dates, at('2026-01-01T00:00:00Z'))).toMatchObject({ phase: 'reviewing', next: 'camera-ready' });
    expect(currentPhase(dates, at('2026-05-01T00:00:00Z'))).toMatchObject({
      phase: 'camera-ready',
      until: ALL.cameraReadyDeadline,
      next: 'closed',
    });
  });

  test('a response that only opens (no closing date) is left out; without an opening date it starts at the phase before', () => {
    expect(phaseTimeline({ ...NONE, responseOpens: ALL.responseOpens }).map((s) => s.phase)).toEqual(['submission']);
    const noOpening = phaseTimeline({ ...NONE, reviewDeadline: ALL.reviewDeadline, responseCloses: ALL.responseCloses });
    expect(noOpening[1]).toMatchObject({ phase: 'response', startsAt: ALL.reviewDeadline, endsAt: ALL.responseCloses });
  });
});

describe('phaseSentence', () => {
  test('each role hears what they can do now and until when', () => {
    expect(say(ALL, '2026-01-15T00:00:00Z', 'Author')).toBe('You can submit papers until 2026-01-31.');
    expect(say(ALL, '2026-01-15T00:00:00Z', 'Editor')).toBe('Authors can submit papers until 2026-01-31.');
    expect(say(ALL, '2026-02-15T00:00:00Z', 'Reviewer')).toBe('You can bid on papers until 2026-02-28.');
    expect(say(ALL, '2026-03-15T00:00:00Z', 'Reviewer')).toBe('Reviews are due by 2026-03-31.');
    expect(say(ALL, '2026-03-15T00:00:00Z', 'Chair')).toBe('Reviewers can save their reviews until 2026-03-31.');
    expect(say(ALL, '2026-05-15T00:00:00Z', 'Reviewer')).toBe('You can discuss your papers with the other reviewers until 2026-05-31.');
    expect(say(ALL, '2026-06-15T00:00:00Z', 'Editor')).toBe('Decide on the papers and notify the authors by 2026-06-30.');
    expect(say(ALL, '2026-07-15T00:00:00Z', 'Author')).toBe('You can upload the final version of an accepted paper until 2026-07-31.');
    expect(say(ALL, '2026-08-15T00:00:00Z', 'Author')).toBe('The review cycle is over.');
  });

  test('every phase has a sentence for every role, one sentence with the date when the phase ends', () => {
    const instants = [
      '2026-01-15',
      '2026-02-15',
      '2026-03-15',
      '2026-04-05',
      '2026-04-15',
      '2026-05-15',
      '2026-06-15',
      '2026-07-15',
      '2026-08-15',
    ];
    for (const role of ['Author', 'Reviewer', 'Editor', 'Chair'] as const) {
      for (const day of instants) {
        const s = currentPhase(ALL, at(`${day}T00:00:00Z`));
        const text = phaseSentence(s, role, fmt);
        expect(text).toMatch(/^[A-Z].*\.$/);
        if (s.until) expect(text).toContain(fmt(s.until));
      }
    }
  });
});
