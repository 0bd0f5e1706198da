import { expect, test } from 'vitest';
import { FACTS_JSON_TOKEN, FACTS_SCRIPT_ID } from '../../core/fact-template';
import { conference, importantDates, importantDatesBlock } from './conference';
import * as page from './facts-script';

test("the page's facts script is named as the server fills it (the root keeps its own copy, free of imports)", () => {
  expect([page.FACTS_JSON_TOKEN, page.FACTS_SCRIPT_ID]).toEqual([FACTS_JSON_TOKEN, FACTS_SCRIPT_ID]);
});

test('outside the prerendering build (tests, the browser without a facts script) the pages show the defaults, SPEC\'s texts', () => {
  expect(page.factsScriptText()).toBe('');
  expect(conference.title).toBe('5th World Conference on Innovations in Management, Science and Engineering');
  expect(conference.contact).toMatchObject({ phoneDigits: '66000000000', emailLocal: 'info', emailDomain: 'conference.example.org' });
  expect(conference.venue.countryCode).toBe('TH');
  expect(importantDates.map((d) => d.label)).toEqual(['Final paper submission', 'Acceptance notification', 'CRC and registration']);
  expect(importantDatesBlock).toBeNull();
});
