import { describe, expect, test } from 'vitest';
import {
  dayKey,
  formatCount,
  formatDate,
  formatDateRange,
  formatDateTime,
  formatDayMonth,
  formatDeadline,
  formatDecimal,
  formatFee,
  formatFeeSymbol,
  formatLongDate,
  formatLongDateTime,
  formatMinorDecimal,
  formatMoney,
  formatScore,
  formatSize,
  formatTime,
  formatUtcDateTime,
  formatWeekdayDate,
} from './format';

const BANGKOK = 'Asia/Bangkok';
// 24 Nov 2026, 07:48 UTC is 14:48 in Bangkok (UTC+7, no daylight saving time).
const AT = '2026-11-24T07:48:00.000Z';
// 18:30 UTC on the 24th is already 01:30 on the 25th in Bangkok, and still the 24th in Los Angeles.
const LATE = '2026-11-24T18:30:00.000Z';

describe('dates and times, in the zone asked for', () => {
  test('a date is day, short month and year', () => {
    expect(formatDate(AT, BANGKOK)).toBe('24 Nov 2026');
    expect(formatDate(new Date(AT), BANGKOK)).toBe('24 Nov 2026');
  });
  test('across midnight: the conference’s zone may be the next day, a person’s own the day before', () => {
    expect(formatDate(LATE, BANGKOK)).toBe('25 Nov 2026');
    expect(formatDateTime(LATE, BANGKOK)).toBe('25 Nov 2026, 01:30');
    expect(formatLongDate(LATE, BANGKOK)).toBe('25 November 2026');
    expect(formatWeekdayDate(LATE, BANGKOK)).toBe('Wednesday, 25 November 2026');
    expect(dayKey(LATE, BANGKOK)).toBe('2026-11-25');
    expect(formatDate(AT, 'America/Los_Angeles')).toBe('23 Nov 2026');
    expect(formatDateTime(AT, 'Europe/Berlin')).toBe('24 Nov 2026, 08:48');
    expect(dayKey(AT, 'America/Los_Angeles')).toBe('2026-11-23');
  });
  test('a 24-hour time; midnight is 00:00, not 24:00', () => {
    expect(formatTime('2023-12-27T02:00:00Z', BANGKOK)).toBe('09:00');
    expect(formatTime('2023-12-27T02:00:00Z', 'America/New_York')).toBe('21:00');
    expect(formatDateTime('2026-11-24T17:00:00.000Z', BANGKOK)).toBe('25 Nov 2026, 00:00');
  });
  test('the long forms of documents and mails', () => {
    expect(formatLongDate('2023-12-27T05:00:00Z', BANGKOK)).toBe('27 December 2023');
    expect(formatLongDateTime('2023-12-27T05:00:00Z', 'UTC')).toBe('27 December 2023 at 05:00');
    expect(formatLongDateTime('2023-12-27T05:00:00Z', BANGKOK)).toBe('27 December 2023 at 12:00');
  });
  test('a calendar day is that day in every zone', () => {
    expect(formatLongDate('2023-12-01', 'America/Los_Angeles')).toBe('1 December 2023');
    expect(formatDate('2023-12-01', 'Pacific/Kiritimati')).toBe('1 Dec 2023');
    expect(formatWeekdayDate('2023-12-27', 'America/Los_Angeles')).toBe('Wednesday, 27 December 2023');
    expect(dayKey('2023-12-27', 'America/Los_Angeles')).toBe('2023-12-27');
    expect(formatDayMonth('2026-11-24')).toBe('24 Nov');
  });
  test('a weekday date with a comma (mails, the public programme) or without (the programme PDF)', () => {
    expect(formatWeekdayDate('2023-12-27T02:00:00Z', BANGKOK)).toBe('Wednesday, 27 December 2023');
    expect(formatWeekdayDate('2023-12-27T02:00:00Z', BANGKOK, { comma: false })).toBe('Wednesday 27 December 2023');
  });
  test('a range writes what the two days share once', () => {
    expect(formatDateRange('2026-12-27', '2026-12-28')).toBe('27–28 December 2026');
    expect(formatDateRange('2023-12-30', '2023-12-30')).toBe('30 December 2023');
    expect(formatDateRange('2023-11-30', '2023-12-01')).toBe('30 November – 1 December 2023');
    expect(formatDateRange('2023-12-31', '2024-01-01')).toBe('31 December 2023 – 1 January 2024');
  });
  test('a deadline names the conference’s zone', () => {
    const conference = { timeZone: BANGKOK, startDate: '2023-12-27' };
    expect(formatDeadline('2026-12-01T16:59:00.000Z', conference)).toBe('1 Dec 2026, 23:59 (Bangkok time, UTC+7)');
    const newYork = { timeZone: 'America/New_York', startDate: '2023-12-27' };
    expect(formatDeadline('2026-12-01T16:59:00.000Z', newYork)).toBe('1 Dec 2026, 11:59 (New York time, UTC−5)');
  });
  test('the reviewers’ mails write UTC to the minute', () => {
    expect(formatUtcDateTime(new Date('2023-12-27T09:05:59.999Z'))).toBe('2023-12-27 09:05 UTC');
  });
});

describe('money', () => {
  test('minor units with the currency’s code, grouped by thousands, without floating point', () => {
    expect(formatMoney(55_000, 'USD')).toBe('USD 550.00');
    expect(formatMoney(4_070_000, 'INR')).toBe('INR 40,700.00');
    expect(formatMoney(123_456_789, 'USD')).toBe('USD 1,234,567.89');
    expect(formatMoney(5, 'USD')).toBe('USD 0.05');
    expect(formatMoney(-500, 'USD')).toBe('USD -5.00');
  });
  test('plain decimal text for stored amounts and exports', () => {
    expect(formatMinorDecimal(740_000)).toBe('7400.00');
    expect(formatMinorDecimal(7)).toBe('0.07');
    expect(formatMinorDecimal(-150)).toBe('-1.50');
    expect(formatDecimal(550)).toBe('550.00');
    expect(formatDecimal(0.1 + 0.2)).toBe('0.30');
  });
  test('the public fee tables: whole units, rupees grouped as in India', () => {
    expect(formatFee(550, 'USD')).toBe('USD 550');
    expect(formatFee(40_700, 'INR')).toBe('INR 40,700');
    expect(formatFee(140_700, 'INR')).toBe('INR 1,40,700');
    expect(formatFee(1_500, 'USD')).toBe('USD 1,500');
  });
  test('the payment form: the currency’s symbol, cents only when there are some', () => {
    expect(formatFeeSymbol(550, 'USD')).toBe('$550');
    expect(formatFeeSymbol(40_700, 'INR')).toBe('₹40,700');
    expect(formatFeeSymbol(12.5, 'USD')).toBe('$12.50');
  });
});

describe('numbers', () => {
  test('counts grouped by thousands', () => {
    expect(formatCount(7)).toBe('7');
    expect(formatCount(1_234_567)).toBe('1,234,567');
  });
  test('a score: none, whole, or two decimals', () => {
    expect(formatScore(null)).toBe('–');
    expect(formatScore(undefined)).toBe('–');
    expect(formatScore(3)).toBe('3');
    expect(formatScore(2.5)).toBe('2.50');
  });
  test('file sizes: kilobytes rounded, at least 1 KB for a non-empty file; megabytes with one decimal', () => {
    expect(formatSize(0)).toBe('0 KB');
    expect(formatSize(100)).toBe('1 KB');
    expect(formatSize(5 * 1024 + 300)).toBe('5 KB');
    expect(formatSize(5 * 1024 + 700)).toBe('6 KB');
    expect(formatSize(1.25 * 1024 * 1024)).toBe('1.3 MB');
  });
});
