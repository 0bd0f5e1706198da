import { factToken, factValues, type ConferenceFacts, type FactName } from './conference-facts';
import { formatDateRange } from './format';
import { WORKSHOP_DETAILS_DEFAULTS, type WorkshopDetails } from './workshop-courses';

/**
 * The prerendered public pages are templates of the conference's facts (decision 0050): the build writes each
 * fact as a token (⟦title⟧), the list of important dates as one item between a begin and an end marker, and the
 * facts' JSON for the browser as one token; the server fills them in with the current facts when it loads the site
 * and on every change, escaping each value for where it stands (src/server/page-facts.ts). Names only here: the
 * browser's pages import them.
 */

/**
 * Parts of facts some markup needs on their own: the e-mail address's two halves (a line may break after its @); and
 * the site's own address (the server's PUBLIC_URL, as mails and QR codes use it) for the canonical link, og:url and
 * the JSON-LD, which is configuration rather than a fact the editor edits.
 */
export const EXTRA_FACT_NAMES = ['contactEmailLocal', 'contactEmailDomain', 'siteUrl', 'workshopDate', 'workshopPlace'] as const;
export type TemplateFactName = FactName | (typeof EXTRA_FACT_NAMES)[number];

/** The list a template repeats, and the fields of its items. */
export const IMPORTANT_DATES = 'importantDates';
export const itemToken = (field: 'label' | 'date'): string => factToken(`${IMPORTANT_DATES}.${field}`);
export const LIST_BEGIN = '\u27E6#importantDates\u27E7';
export const LIST_END = '\u27E6/importantDates\u27E7';

/** Stands for the facts' JSON in `<script type="application/json" id="conference-facts">`. */
export const FACTS_JSON_TOKEN = '\u27E6@facts\u27E7';
export const FACTS_SCRIPT_ID = 'conference-facts';

/** The site's address where none is configured (tests that render a page on its own): the sample the pages always named. */
export const DEFAULT_SITE_URL = 'https://conference.example.org';

/**
 * Every value a template can name: the facts as text and their extras; `siteUrl` without a trailing slash; the technical
 * workshop's days ("30 December 2022") and place (its venue, else the conference's resort and country), which the
 * editor sets on /editor/workshops (decision 0065).
 */
export function templateValues(
  f: ConferenceFacts,
  siteUrl: string = DEFAULT_SITE_URL,
  workshop: WorkshopDetails = WORKSHOP_DETAILS_DEFAULTS,
): Record<TemplateFactName, string> {
  const at = f.contactEmail.indexOf('@');
  return {
    ...factValues(f),
    contactEmailLocal: at < 0 ? f.contactEmail : f.contactEmail.slice(0, at),
    contactEmailDomain: at < 0 ? '' : f.contactEmail.slice(at + 1),
    siteUrl: siteUrl.replace(/\/+$/, ''),
    workshopDate: formatDateRange(workshop.firstDay, workshop.lastDay),
    workshopPlace: workshop.venue ?? `${f.venue.resort}, ${f.venue.country}`,
  };
}
