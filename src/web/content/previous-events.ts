import type { PreviousEventJson } from '../../core/schemas/site-lists';

/** The previous events page: five events, labelled as the site always showed them. */
export const previousEvents = [
  { id: 'india-2019', label: 'India 2019 Dehradun' },
  { id: 'thailand-2019', label: 'Thailand 2019 Bangkok' },
  { id: 'india-2020', label: 'India 2020 Dehradun' },
  { id: 'india-2021', label: 'India 2021 Online' },
  { id: 'thailand-2022', label: 'Thailand 2022 Pattaya' },
] as const;

export const previousEventsIntro =
  'The conference has met every year since 2019, in India, in Thailand and online. Select an event to mark it.';

/** Browser storage key of the selected event. */
export const SELECTED_EVENT_KEY = 'imse:selected-event';

/** The events above as the editor's list (decision 0062); migration 0023 seeds the same rows. */
export const previousEventsSeed: PreviousEventJson[] = /* @__PURE__ */ previousEvents.map((e, i) => {
  const [, year, ...place] = e.label.split(' ');
  return { _id: `5eede0${String(i + 1).padStart(18, '0')}`, label: e.label, year: Number(year), place: place.join(' '), link: '' };
});
