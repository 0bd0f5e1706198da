/**
 * The conference's facts the server needs as well as the site (issue 15), in one place:
 * src/web/content/conference.ts reads them from here.
 */
export const CONFERENCE_TITLE = '5th World Conference on Innovations in Management, Science and Engineering';

/** Times of the programme are shown in this zone; Bangkok has no daylight saving time (UTC+7 all year). */
export const CONFERENCE_TIME_ZONE = 'Asia/Bangkok';

/** First and last day of the conference, as calendar dates in CONFERENCE_TIME_ZONE. */
export const CONFERENCE_DATES = { start: '2023-12-27', end: '2023-12-28' } as const;

/** Where the conference takes place (src/web/content/conference.ts and the server's documents read it). */
export const CONFERENCE_VENUE = {
  resort: 'Sample Beach Resort, Pattaya',
  city: 'Pattaya',
  country: 'Thailand',
  address: 'Sample Beach Resort, Beach Road, Pattaya, Chon Buri 20150, Thailand',
} as const;
