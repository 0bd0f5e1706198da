import { describe, expect, test } from 'vitest';
import { CONFERENCE_FACTS_DEFAULTS } from './conference-facts';
import { parseDateText, readImportantDate, shownImportantDates, storedConferenceFacts } from './important-dates';

describe('important dates (decision 0065)', () => {
  test("the defaults print exactly what the first edition's pages always printed", () => {
    expect(shownImportantDates(CONFERENCE_FACTS_DEFAULTS, {})).toEqual([
      { label: 'Final paper submission', date: '31 October 2023' },
      { label: 'Acceptance notification', date: '15 November 2023' },
      { label: 'CRC and registration', date: '30 November 2023' },
    ]);
  });

  test("a linked date is its deadline's day in the conference's zone; unset, To be announced", () => {
    const f = {
      timeZone: 'Asia/Kolkata',
      importantDates: [
        { label: 'S', deadline: 'submission' as const },
        { label: 'R', deadline: 'review' as const },
      ],
    };
    // 18:40 UTC is past midnight in Kolkata (UTC+5:30).
    expect(shownImportantDates(f, { submission: '2026-10-31T18:40:00Z' })).toEqual([
      { label: 'S', date: '1 November 2026' },
      { label: 'R', date: 'To be announced' },
    ]);
    expect(shownImportantDates({ ...f, timeZone: 'America/New_York' }, { submission: '2026-10-31T18:40:00Z' })[0]!.date).toBe(
      '31 October 2026',
    );
  });

  test('an own date is its calendar day whatever the zone', () => {
    for (const timeZone of ['Pacific/Auckland', 'America/Los_Angeles', 'UTC'])
      expect(shownImportantDates({ timeZone, importantDates: [{ label: 'x', date: '2024-02-29' }] }, {})[0]!.date).toBe('29 February 2024');
  });

  test('old free texts are read as days when they are dates, kept as text otherwise', () => {
    expect(parseDateText('31 October 2023')).toBe('2023-10-31');
    expect(parseDateText('1st Dec 2026')).toBe('2026-12-01');
    expect(parseDateText('October 31, 2023')).toBe('2023-10-31');
    expect(parseDateText('2023-10-31')).toBe('2023-10-31');
    expect(parseDateText('31 February 2023')).toBeNull();
    expect(parseDateText('Soon')).toBeNull();
    expect(parseDateText('Ma 3 2023')).toBeNull();
    expect(readImportantDate({ label: 'a', date: '15 November 2023' })).toEqual({ label: 'a', date: '2023-11-15' });
    expect(readImportantDate({ label: 'a', date: 'End of May' })).toEqual({ label: 'a', text: 'End of May' });
    expect(readImportantDate({ label: 'a', deadline: 'bidding' })).toEqual({ label: 'a', deadline: 'bidding' });
    expect(readImportantDate(null)).toBeNull();
    const f = storedConferenceFacts({ importantDates: [{ label: 'x', date: 'Soon' } as never] });
    expect(f.name).toBe(CONFERENCE_FACTS_DEFAULTS.name);
    expect(shownImportantDates(f, {})).toEqual([{ label: 'x', date: 'Soon' }]);
  });
});
