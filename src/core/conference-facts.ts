/**
 * The conference's own facts (decision 0051), which the editor edits at /editor/conference: name, edition, dates,
 * venue, time zone, contact, the important dates shown on the public pages. Public pages, mails, calendar files
 * and PDFs read them. Until the editor saves any, the defaults below are the texts the site always showed, to the letter (the hero's
 * dates as written, "December 28-27 2023"), so a new install shows what it always showed.
 *
 * Pure: the browser (the login area, the islands) and the server share it.
 */

/** True when `zone` is an IANA time zone this runtime knows ("Asia/Bangkok"; not "Mars/Olympus"). */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+){0,2}$/.test(zone) && zone !== 'UTC') return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The settings' deadlines an important date can follow (decision 0065), in the order the editor's select lists them. */
export const DEADLINE_KEYS = ['submission', 'bidding', 'review', 'discussion', 'cameraReady'] as const;
export type DeadlineKey = (typeof DEADLINE_KEYS)[number];
/** The deadlines as ISO instants (null or absent: not set). */
export type Deadlines = Partial<Record<DeadlineKey, string | null>>;

/**
 * One important date (decision 0065): it follows one of the settings' deadlines, or is a calendar day of its own
 * ("2023-10-31"). A free text stored before decision 0065 that reads as no date is kept as `text`, shown as it is,
 * until the editor saves the facts again; a save never writes one.
 */
export type ImportantDate = { label: string; deadline: DeadlineKey } | { label: string; date: string } | { label: string; text: string };
export interface ConferenceVenue {
  resort: string;
  city: string;
  country: string;
  countryCode: string;
  address: string;
}
/** The facts as stored (settings.conference) and as the editor's form sends them. */
export interface ConferenceFacts {
  /** "5th": printed before the name in the title. */
  edition: string;
  name: string;
  /** "IMSE 2025": the short name in page titles and the footer. */
  shortName: string;
  /** Calendar dates in the conference's zone. */
  startDate: string;
  endDate: string;
  /** The dates as the home page's hero writes them (free text: the default "December 28-27 2023" is kept as written). */
  datesText: string;
  /** The dates as the submissions page writes them. */
  submissionsDatesText: string;
  /** An IANA zone: the programme's times are shown in it. */
  timeZone: string;
  venue: ConferenceVenue;
  contactEmail: string;
  /** "+66 00 000 0000": its digits make the chat and phone links. */
  contactPhone: string;
  importantDates: ImportantDate[];
}

export const CONFERENCE_FACTS_DEFAULTS: ConferenceFacts = {
  edition: '5th',
  name: 'World Conference on Innovations in Management, Science and Engineering',
  shortName: 'IMSE 2025',
  startDate: '2023-12-27',
  endDate: '2023-12-28',
  datesText: 'December 28-27 2023',
  submissionsDatesText: 'December 28-27, 2025',
  timeZone: 'Asia/Bangkok',
  venue: {
    resort: 'Sample Beach Resort, Pattaya',
    city: 'Pattaya',
    country: 'Thailand',
    countryCode: 'TH',
    address: 'Sample Beach Resort, Beach Road, Pattaya, Chon Buri 20150, Thailand',
  },
  contactEmail: 'info@conference.example.org',
  contactPhone: '+66 00 000 0000',
  importantDates: [
    { label: 'Final paper submission', date: '2023-10-31' },
    { label: 'Acceptance notification', date: '2023-11-15' },
    { label: 'CRC and registration', date: '2023-11-30' },
  ],
};

/** "5th World Conference on …": the title everything prints. */
export const conferenceTitle = (f: Pick<ConferenceFacts, 'edition' | 'name'>): string => (f.edition ? `${f.edition} ${f.name}` : f.name);

/** "IMSE": the short name without its year, as account mails name the site ("your IMSE Author account"). */
export const conferenceAcronym = (f: Pick<ConferenceFacts, 'shortName'>): string => f.shortName.replace(/\s*\d{4}$/, '') || f.shortName;

/** The phone's digits, for the chat link (wa.me/<digits>) and tel:+<digits>. */
export const phoneDigits = (phone: string): string => phone.replace(/\D/g, '');

/** Milliseconds the zone is ahead of UTC at an instant (Bangkok: +7 h). */
export function zoneOffsetMs(timeZone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour') % 24, n('minute'), n('second'));
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant a calendar day starts in a zone ("2023-12-27" in Bangkok: 2023-12-26T17:00Z). */
export function startOfDay(date: string, timeZone: string): Date {
  const utcMidnight = Date.parse(`${date}T00:00:00Z`);
  // Twice: the offset at the guess may differ from the offset at the answer across a daylight-saving change.
  let guess = utcMidnight - zoneOffsetMs(timeZone, new Date(utcMidnight));
  guess = utcMidnight - zoneOffsetMs(timeZone, new Date(guess));
  return new Date(guess);
}

/** The conference as instants: from its first day's midnight to the midnight after its last day, in its zone. */
export function conferenceWindowOf(f: Pick<ConferenceFacts, 'startDate' | 'endDate' | 'timeZone'>): { from: Date; to: Date } {
  const next = new Date(Date.parse(`${f.endDate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return { from: startOfDay(f.startDate, f.timeZone), to: startOfDay(next, f.timeZone) };
}

/** "Bangkok time": the conference's zone named by its city, as a form's label says it. */
export const zoneName = (f: Pick<ConferenceFacts, 'timeZone'>): string =>
  `${(f.timeZone.split('/').pop() ?? f.timeZone).replace(/_/g, ' ')} time`;

/** "Bangkok time, UTC+7": how times in the conference's zone are labelled (offset on the first day). */
export function zoneLabel(f: Pick<ConferenceFacts, 'timeZone' | 'startDate'>): string {
  const minutes = Math.round(zoneOffsetMs(f.timeZone, startOfDay(f.startDate, f.timeZone)) / 60_000);
  const sign = minutes < 0 ? '−' : '+';
  const abs = Math.abs(minutes);
  const offset = minutes === 0 ? 'UTC' : `UTC${sign}${Math.floor(abs / 60)}${abs % 60 ? `:${String(abs % 60).padStart(2, '0')}` : ''}`;
  return `${zoneName(f)}, ${offset}`;
}

/**
 * A datetime-local value ("2023-12-27T09:00") read as wall-clock time in `zone`, as an ISO instant with that zone's
 * offset. The offset is looked up twice: at a daylight-saving change the guess may fall on the other side of it.
 */
export function wallClockToIso(local: string, zone: string): string {
  const wall = Date.parse(`${local}:00Z`);
  if (Number.isNaN(wall)) return local;
  const offset = zoneOffsetMs(zone, new Date(wall - zoneOffsetMs(zone, new Date(wall))));
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset) / 60_000;
  return `${local}:00${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/**
 * Prerendered public pages carry each fact as a token (⟦title⟧), which the server replaces with the current value
 * (escaped for where it stands) when it loads the site and whenever the facts change: decision 0050.
 */
export const FACT_NAMES = [
  'title',
  'edition',
  'name',
  'shortName',
  'startDate',
  'endDate',
  'datesText',
  'submissionsDatesText',
  'timeZone',
  'zoneLabel',
  'venueResort',
  'venueCity',
  'venueCountry',
  'venueCountryCode',
  'venueAddress',
  'contactEmail',
  'contactPhone',
  'phoneDigits',
] as const;
export type FactName = (typeof FACT_NAMES)[number];

/** Every fact a page can show, as text. */
export function factValues(f: ConferenceFacts): Record<FactName, string> {
  return {
    title: conferenceTitle(f),
    edition: f.edition,
    name: f.name,
    shortName: f.shortName,
    startDate: f.startDate,
    endDate: f.endDate,
    datesText: f.datesText,
    submissionsDatesText: f.submissionsDatesText,
    timeZone: f.timeZone,
    zoneLabel: zoneLabel(f),
    venueResort: f.venue.resort,
    venueCity: f.venue.city,
    venueCountry: f.venue.country,
    venueCountryCode: f.venue.countryCode,
    venueAddress: f.venue.address,
    contactEmail: f.contactEmail,
    contactPhone: f.contactPhone,
    phoneDigits: phoneDigits(f.contactPhone),
  };
}

export const FACT_TOKEN_OPEN = '\u27E6';
export const FACT_TOKEN_CLOSE = '\u27E7';
/** The token a prerendered page carries for a fact: ⟦title⟧. */
export const factToken = (name: FactName | string): string => `${FACT_TOKEN_OPEN}${name}${FACT_TOKEN_CLOSE}`;
