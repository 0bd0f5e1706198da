import { CONFERENCE_FACTS_DEFAULTS, conferenceTitle } from './conference-facts';

/**
 * The conference's facts as the site always showed them: the defaults of src/core/conference-facts.ts, which the editor
 * overrides at /editor/conference (decision 0051). Code that shows a fact to someone reads the current facts
 * (the server's ConferenceFactsStore, the pages' tokens); these constants are the defaults, for tests and seeds.
 */
export const CONFERENCE_TITLE = conferenceTitle(CONFERENCE_FACTS_DEFAULTS);

/** Times of the programme are shown in this zone; Bangkok has no daylight saving time (UTC+7 all year). */
export const CONFERENCE_TIME_ZONE = CONFERENCE_FACTS_DEFAULTS.timeZone;

/** First and last day of the conference, as calendar dates in CONFERENCE_TIME_ZONE. */
export const CONFERENCE_DATES = { start: CONFERENCE_FACTS_DEFAULTS.startDate, end: CONFERENCE_FACTS_DEFAULTS.endDate } as const;

/** Where the conference takes place. */
export const CONFERENCE_VENUE = CONFERENCE_FACTS_DEFAULTS.venue;
