import { expect, test } from 'vitest';
import { CONFERENCE_DATES } from '../conference';
import { stayDatesProblem, VISA_STAY_BOUNDS, VisaLetterRequestBody } from './visa-letter';

const body = {
  passportName: 'ANN EXAMPLE',
  nationality: 'in',
  passportNumber: 'k 123-4567',
  arrivalDate: CONFERENCE_DATES.start,
  departureDate: CONFERENCE_DATES.end,
};

test('a stay touching the conference is fine, up to 30 days either side', () => {
  expect(stayDatesProblem(CONFERENCE_DATES.start, CONFERENCE_DATES.end)).toBeNull();
  expect(stayDatesProblem(VISA_STAY_BOUNDS.earliestArrival, VISA_STAY_BOUNDS.latestDeparture)).toBeNull();
  expect(stayDatesProblem(CONFERENCE_DATES.end, CONFERENCE_DATES.start)).toMatch(/departure date must not be before/);
  expect(VISA_STAY_BOUNDS).toEqual({ earliestArrival: '2023-11-27', latestDeparture: '2024-01-27' });
});

test('a stay that misses the conference or strays far from it is refused, naming the bounds', () => {
  expect(stayDatesProblem('2023-11-26', CONFERENCE_DATES.end)).toMatch(/arrival date must be from 2023-11-27 to 2023-12-28/);
  expect(stayDatesProblem('2023-12-29', '2023-12-30')).toMatch(/arrival date must be from/);
  expect(stayDatesProblem('2023-12-20', '2023-12-26')).toMatch(/departure date must be from 2023-12-27 to 2024-01-27/);
  expect(stayDatesProblem(CONFERENCE_DATES.start, '2024-01-28')).toMatch(/departure date must be from/);
});

test('the request is kept as the passport prints it: nationality and number upper case, spaces and dashes gone', () => {
  expect(VisaLetterRequestBody.parse(body)).toEqual({ ...body, nationality: 'IN', passportNumber: 'K1234567' });
  for (const [field, value] of [
    ['nationality', 'XX'],
    ['passportNumber', 'K12'],
    ['passportName', 'A\u202EB'],
    ['arrivalDate', '2023-02-29'],
  ] as const) {
    expect(VisaLetterRequestBody.safeParse({ ...body, [field]: value }).success, `${field}=${value}`).toBe(false);
  }
});
