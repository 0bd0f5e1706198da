import { describe, expect, test } from 'vitest';
import { conferenceWindowOf } from './conference-facts';
import { dayKey, formatTime } from './format';
import { findProgramWarnings } from './program';

const window = conferenceWindowOf({ startDate: '2023-12-27', endDate: '2023-12-28', timeZone: 'Asia/Bangkok' });
const session = (
  id: string,
  start: string,
  end: string,
  extra: Partial<{ room: string; papers: { _id: string; title: string; presenter: string; presenterEmail?: string }[] }> = {},
) => ({ _id: id, title: `S${id}`, room: extra.room ?? '', start, end, papers: extra.papers ?? [] });

describe('programme warnings', () => {
  test('the conference window runs from Bangkok midnight of the first day to midnight after the last', () => {
    expect(window.from.toISOString()).toBe('2023-12-26T17:00:00.000Z');
    expect(window.to.toISOString()).toBe('2023-12-28T17:00:00.000Z');
  });

  test('sessions that only touch do not overlap; sharing a minute does', () => {
    const a = session('a', '2023-12-27T02:00:00Z', '2023-12-27T03:00:00Z', { room: 'Room A' });
    const touching = session('b', '2023-12-27T03:00:00Z', '2023-12-27T04:00:00Z', { room: 'room a ' });
    expect(findProgramWarnings({ sessions: [a, touching], acceptedPapers: [], window })).toEqual([]);
    const overlapping = session('c', '2023-12-27T02:59:00Z', '2023-12-27T04:00:00Z', { room: 'ROOM A' });
    expect(findProgramWarnings({ sessions: [overlapping, a], acceptedPapers: [], window }).map((w) => w.kind)).toEqual(['room-overlap']);
  });

  test('a presenter in two overlapping sessions is named once per pair, matched by e-mail regardless of case', () => {
    const p = (id: string, email: string) => ({ _id: id, title: id, presenter: 'Ada', presenterEmail: email });
    const a = session('a', '2023-12-27T02:00:00Z', '2023-12-27T04:00:00Z', { papers: [p('1', 'ada@x.org'), p('2', 'ADA@x.org')] });
    const b = session('b', '2023-12-27T03:00:00Z', '2023-12-27T05:00:00Z', { papers: [p('3', 'Ada@X.org')] });
    const warnings = findProgramWarnings({ sessions: [a, b], acceptedPapers: [], window });
    expect(warnings).toEqual([
      { kind: 'presenter-overlap', sessionIds: ['a', 'b'], message: 'Ada presents in "Sa" and "Sb", which overlap' },
    ]);
  });

  test('a session starting before or ending after the conference days, and an unplaced accepted paper, are reported', () => {
    const early = session('e', '2023-12-26T16:59:00Z', '2023-12-26T18:00:00Z');
    const inside = session('i', '2023-12-28T15:00:00Z', '2023-12-28T17:00:00Z', { papers: [{ _id: 'p1', title: 'One', presenter: 'X' }] });
    const warnings = findProgramWarnings({
      sessions: [early, inside],
      acceptedPapers: [
        { _id: 'p1', title: 'One' },
        { _id: 'p2', title: 'Two' },
      ],
      window,
    });
    expect(warnings.map((w) => [w.kind, w.sessionIds, w.paperId])).toEqual([
      ['outside-dates', ['e'], undefined],
      ['unplaced-paper', [], 'p2'],
    ]);
  });

  test('times and days are read in the zone asked for', () => {
    expect(formatTime('2023-12-27T02:00:00Z', 'Asia/Bangkok')).toBe('09:00');
    expect(formatTime('2023-12-27T02:00:00Z', 'America/New_York')).toBe('21:00');
    expect(dayKey('2023-12-27T02:00:00Z', 'America/New_York')).toBe('2023-12-26');
    expect(dayKey('2023-12-27T02:00:00Z', 'Asia/Bangkok')).toBe('2023-12-27');
  });
});
