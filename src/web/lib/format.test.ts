import { describe, expect, test } from 'vitest';
import { formatDate, formatDateTime, formatDayMonth, formatDeadline, formatSize, visitorTime } from './format';

// 24 Nov 2026, 07:48 UTC is 14:48 in Bangkok (UTC+7, no daylight saving time).
const AT = '2026-11-24T07:48:00.000Z';

describe('dates and times: one way, in the conference’s zone', () => {
  test('a date-time is day, short month, year and a 24-hour time in Bangkok', () => {
    expect(formatDateTime(AT)).toBe('24 Nov 2026, 14:48');
  });
  test('a date is the day in Bangkok, which may be the next day in UTC terms', () => {
    expect(formatDate(AT)).toBe('24 Nov 2026');
    expect(formatDate('2026-11-24T18:30:00.000Z')).toBe('25 Nov 2026');
    expect(formatDateTime('2026-11-24T18:30:00.000Z')).toBe('25 Nov 2026, 01:30');
  });
  test('midnight is written 00:00, not 24:00', () => {
    expect(formatDateTime('2026-11-24T17:00:00.000Z')).toBe('25 Nov 2026, 00:00');
  });
  test('another zone when asked', () => {
    expect(formatDateTime(AT, 'Europe/Berlin')).toBe('24 Nov 2026, 08:48');
    expect(formatDate(AT, 'America/Los_Angeles')).toBe('23 Nov 2026');
  });
  test('a deadline names its zone', () => {
    expect(formatDeadline('2026-12-01T16:59:00.000Z')).toBe('1 Dec 2026, 23:59 (Bangkok time, UTC+7)');
  });
  test('the visitor’s own time is added only where it differs', () => {
    expect(visitorTime(AT, 'Europe/Berlin')).toBe('24 Nov 2026, 08:48 your time');
    expect(visitorTime(AT, 'Asia/Bangkok')).toBeNull();
    expect(visitorTime(AT, 'Asia/Jakarta')).toBeNull();
  });
  test('a chart’s calendar day is the same day in every zone', () => {
    expect(formatDayMonth('2026-11-24')).toBe('24 Nov');
  });
});

describe('file sizes: one way', () => {
  test('kilobytes rounded, at least 1 KB for a non-empty file; megabytes with one decimal', () => {
    expect(formatSize(0)).toBe('0 KB');
    expect(formatSize(100)).toBe('1 KB');
    expect(formatSize(5 * 1024 + 300)).toBe('5 KB');
    expect(formatSize(5 * 1024 + 700)).toBe('6 KB');
    expect(formatSize(1.25 * 1024 * 1024)).toBe('1.3 MB');
  });
});
