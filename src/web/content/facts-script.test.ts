import { expect, test } from 'vitest';
import { FACTS_JSON_TOKEN, FACTS_SCRIPT_ID } from '../../core/fact-template';
import { conference, importantDates, importantDatesBlock } from './conference';
import * as page from './facts-script';

test("the page's facts script is named as the server fills it (the root keeps its own copy, free of imports)", () => {
  expect([page.FACTS_JSON_TOKEN, page.FACTS_SCRIPT_ID]).toEqual([FACTS_JSON_TOKEN, FACTS_SCRIPT_ID]);
});

test('outside the prerendering build (tests, the browser without a facts script) the pages show the defaults', () => {
  expect(page.factsScriptText()).toBe('');
  expect(conference.title).toBe('5th World Conference on Innovations in Management, Science and Engineering');
  expect(conference.contact).toMatchObject({ phoneDigits: '66000000000', emailLocal: 'info', emailDomain: 'conference.example.org' });
  expect(conference.venue.countryCode).toBe('TH');
  expect(importantDates.map((d) => d.label)).toEqual(['Final paper submission', 'Acceptance notification', 'CRC and registration']);
  expect(importantDatesBlock).toBeNull();
});

test('the values the browser computes are the ones the server fills the tokens with', async () => {
  const { templateValues } = await import('../../core/fact-template');
  const { CONFERENCE_FACTS_DEFAULTS } = await import('../../core/conference-facts');
  const v = templateValues(CONFERENCE_FACTS_DEFAULTS);
  expect(conference).toMatchObject({
    shortName: v.shortName,
    title: v.title,
    heroDates: v.datesText,
    heroDatesIso: { start: v.startDate, end: v.endDate },
    submissionsPageDates: v.submissionsDatesText,
    venue: { resort: v.venueResort, city: v.venueCity, country: v.venueCountry, countryCode: v.venueCountryCode, address: v.venueAddress },
    contact: {
      phone: v.contactPhone,
      phoneDigits: v.phoneDigits,
      email: v.contactEmail,
      emailLocal: v.contactEmailLocal,
      emailDomain: v.contactEmailDomain,
    },
  });
});
