import { expect, test, vi } from 'vitest';
import { CONFERENCE_FACTS_DEFAULTS } from '../../core/conference-facts';
import { LIST_BEGIN, LIST_END, itemToken, templateValues } from '../../core/fact-template';

// As in the build that prerenders the pages (vite.config.ts's imse:fact-tokens).
vi.mock('./prerendering', () => ({ PRERENDERING: true }));

test('while prerendering every fact is a token the server knows, the important dates one repeated item', async () => {
  const { chatLink, conference, importantDates, importantDatesBlock, mailLink, phoneLink } = await import('./conference');
  const known = Object.keys(templateValues(CONFERENCE_FACTS_DEFAULTS));
  const facts = [
    conference.shortName,
    conference.title,
    conference.heroDates,
    conference.heroDatesIso.start,
    conference.heroDatesIso.end,
    conference.submissionsPageDates,
    ...Object.values(conference.venue),
    conference.contact.phone,
    conference.contact.phoneDigits,
    conference.contact.email,
    conference.contact.emailLocal,
    conference.contact.emailDomain,
    conference.siteUrl,
  ];
  for (const value of facts) {
    const name = /^\u27E6(\w+)\u27E7$/.exec(value)?.[1];
    expect(name, value).toBeDefined();
    expect(known, value).toContain(name);
  }
  expect([chatLink, mailLink, phoneLink]).toEqual([
    'https://wa.me/\u27E6phoneDigits\u27E7',
    'mailto:\u27E6contactEmail\u27E7',
    'tel:+\u27E6phoneDigits\u27E7',
  ]);
  expect(importantDates).toEqual([{ label: itemToken('label'), date: itemToken('date') }]);
  expect(importantDatesBlock).toEqual({ begin: LIST_BEGIN, end: LIST_END });
  // The workshop's days and place are the organiser's too (decision 0065), filled in by the server.
  expect(conference.workshopDate).toBe('\u27E6workshopDate\u27E7');
  expect(conference.workshopPlace).toBe('\u27E6workshopPlace\u27E7');
  expect(known).toEqual(expect.arrayContaining(['workshopDate', 'workshopPlace']));
});
