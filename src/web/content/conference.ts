import { CONFERENCE_FACTS_DEFAULTS, conferenceTitle, factToken, phoneDigits, type ConferenceFacts } from '../../core/conference-facts';
import { shownImportantDates, withCurrentImportantDates, type ShownImportantDate } from '../../core/important-dates';
import { formatDateRange } from '../../core/format';
import { WORKSHOP_DETAILS_DEFAULTS } from '../../core/workshop-courses';
import { DEFAULT_SITE_URL, FACTS_SCRIPT_ID, LIST_BEGIN, LIST_END, itemToken, type TemplateFactName } from '../../core/fact-template';
import { PRERENDERING } from './prerendering';

/**
 * The conference's facts as the public pages and the login area show them (decision 0050). The
 * editor sets them at /editor/conference; the defaults are the texts the site always showed, dates kept as written even where they
 * disagree with each other.
 * - Prerendering (the build): each fact is its token (⟦title⟧), which the server fills in with the current facts.
 * - In the browser: the facts of the page's `<script type="application/json" id="conference-facts">`, which the
 *   server fills in; the defaults if the page has none.
 * Contact values are samples (example.org) that an organiser replaces.
 */
function pageFacts(): ConferenceFacts {
  const text = typeof document === 'undefined' ? null : document.getElementById(FACTS_SCRIPT_ID)?.textContent;
  if (!text) return CONFERENCE_FACTS_DEFAULTS;
  try {
    const f = JSON.parse(text) as Partial<ConferenceFacts> | null;
    return f && typeof f === 'object'
      ? withCurrentImportantDates({ ...CONFERENCE_FACTS_DEFAULTS, ...f, venue: { ...CONFERENCE_FACTS_DEFAULTS.venue, ...f.venue } })
      : CONFERENCE_FACTS_DEFAULTS;
  } catch {
    return CONFERENCE_FACTS_DEFAULTS;
  }
}

/** The facts this page was rendered with (the defaults while prerendering: the tokens stand for them). */
export const currentFacts: ConferenceFacts = PRERENDERING ? CONFERENCE_FACTS_DEFAULTS : /* @__PURE__ */ pageFacts();

/**
 * A fact's token, named as the server knows it. Each fact below is `PRERENDERING ? token(name) : value`, written out
 * so that the browser's bundle, where PRERENDERING is false, keeps only the value.
 */
const token = (name: TemplateFactName): string => factToken(name);
const f = currentFacts;
const at = f.contactEmail.indexOf('@');

export const conference = {
  shortName: PRERENDERING ? token('shortName') : f.shortName,
  title: PRERENDERING ? token('title') : conferenceTitle(f),
  heroDates: PRERENDERING ? token('datesText') : f.datesText,
  /** The conference's first and last days as ISO dates, for search engines (schema.org Event). */
  heroDatesIso: { start: PRERENDERING ? token('startDate') : f.startDate, end: PRERENDERING ? token('endDate') : f.endDate },
  submissionsPageDates: PRERENDERING ? token('submissionsDatesText') : f.submissionsDatesText,
  /** The technical workshop's days and place, as the editor sets them on /editor/workshops (decision 0065). */
  workshopDate: PRERENDERING
    ? token('workshopDate')
    : formatDateRange(WORKSHOP_DETAILS_DEFAULTS.firstDay, WORKSHOP_DETAILS_DEFAULTS.lastDay),
  workshopPlace: PRERENDERING ? token('workshopPlace') : `${f.venue.resort}, ${f.venue.country}`,
  mode: 'HYBRID CONFERENCE',
  venue: {
    resort: PRERENDERING ? token('venueResort') : f.venue.resort,
    city: PRERENDERING ? token('venueCity') : f.venue.city,
    country: PRERENDERING ? token('venueCountry') : f.venue.country,
    countryCode: PRERENDERING ? token('venueCountryCode') : f.venue.countryCode,
    address: PRERENDERING ? token('venueAddress') : f.venue.address,
  },
  expectedParticipants: 'more than 500',
  /**
   * The site's address (the server's PUBLIC_URL, filled in when it serves the page): canonical links, og:url, the
   * JSON-LD. Outside prerendering only tests read it: the sample address.
   */
  siteUrl: PRERENDERING ? token('siteUrl') : DEFAULT_SITE_URL,
  contact: {
    phone: PRERENDERING ? token('contactPhone') : f.contactPhone,
    /** Digits only, for the chat link. */
    phoneDigits: PRERENDERING ? token('phoneDigits') : phoneDigits(f.contactPhone),
    email: PRERENDERING ? token('contactEmail') : f.contactEmail,
    /** The address's halves: a narrow line may break after its @. */
    emailLocal: PRERENDERING ? token('contactEmailLocal') : at < 0 ? f.contactEmail : f.contactEmail.slice(0, at),
    emailDomain: PRERENDERING ? token('contactEmailDomain') : at < 0 ? '' : f.contactEmail.slice(at + 1),
    generalChair: 'General Chair (sample entry), Department of Engineering, a Thai university',
  },
  links: {
    journal: 'https://journal.example.org',
    social: 'https://social.example.org/imse-conference',
    /** The paper template authors download (a placeholder the organiser replaces). */
    paperTemplate: '/templates/imse-paper-template.rtf',
  },
} as const;

export const chatLink = `https://wa.me/${conference.contact.phoneDigits}`;
export const mailLink = `mailto:${conference.contact.email}`;
export const phoneLink = `tel:+${conference.contact.phoneDigits}`;

/**
 * The important dates as printed (by default as the site always showed them: docs/product.md#fees-and-fixed-figures):
 * while prerendering, one item of tokens the server repeats, each date written from its deadline or its own day
 * (decision 0065). Outside prerendering the page's facts carry no deadline: a date that follows one reads "To be
 * announced" here; the pages themselves are rendered by the server, which knows them.
 */
export const importantDates: readonly ShownImportantDate[] = PRERENDERING
  ? [{ label: itemToken('label'), date: itemToken('date') }]
  : shownImportantDates(currentFacts, {});
/** Around the important dates' one item while prerendering (the server repeats what is between); null otherwise. */
export const importantDatesBlock = PRERENDERING ? { begin: LIST_BEGIN, end: LIST_END } : null;

/** The two publication options (docs/product.md#fees-and-fixed-figures), shown on the home and submissions pages. */
export const publicationOptions = [
  {
    id: 'option-1',
    label: 'Option 1',
    title: 'Scopus-indexed book chapter',
    status: 'Awaiting approval',
    detail: 'Selected, registered and presented papers are published as chapters of an edited book submitted for Scopus indexing.',
    indexedIn: [] as string[],
  },
  {
    id: 'option-2',
    label: 'Option 2',
    title: 'Non-Scopus indexed journals',
    status: undefined,
    detail: 'International Journal of Innovations in Management, Science and Engineering.',
    indexedIn: ['Crossref', 'Google Scholar', 'Research Gate'],
  },
] as const;

/** Publication after the conference, at most. */
export const publicationTimelines = [
  { index: 'SCOPUS', time: 'at most 6 months' },
  { index: 'SCI', time: 'at most 9 months' },
  { index: 'non-SCOPUS', time: '3-6 months' },
] as const;

export const PRESENTATION_MINUTES = '8-10';
