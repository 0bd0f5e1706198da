import { expect, test } from 'vitest';
import { CONFERENCE_FACTS_DEFAULTS, wallClockToIso, zoneLabel, zoneName } from './conference-facts';

test("a zone is named by its city, as the login area's labels say it", () => {
  expect(zoneName(CONFERENCE_FACTS_DEFAULTS)).toBe('Bangkok time');
  expect(zoneName({ timeZone: 'America/Argentina/Buenos_Aires' })).toBe('Buenos Aires time');
  expect(zoneLabel({ timeZone: 'Europe/Lisbon', startDate: '2027-03-04' })).toBe('Lisbon time, UTC');
  expect(zoneLabel({ timeZone: 'Asia/Kolkata', startDate: '2026-12-27' })).toBe('Kolkata time, UTC+5:30');
});

test("a form's wall-clock time is read in the conference's zone, daylight saving included", () => {
  expect(wallClockToIso('2026-11-30T23:59', 'Asia/Bangkok')).toBe('2026-11-30T23:59:00+07:00');
  expect(wallClockToIso('2026-11-30T23:59', 'Asia/Kolkata')).toBe('2026-11-30T23:59:00+05:30');
  expect(wallClockToIso('2027-07-01T09:00', 'Europe/Lisbon')).toBe('2027-07-01T09:00:00+01:00');
  expect(wallClockToIso('2027-01-15T09:00', 'America/New_York')).toBe('2027-01-15T09:00:00-05:00');
});
