import type { ConferenceFacts, ImportantDate } from '../core/conference-facts';
import { IMPORTANT_DATES, LIST_BEGIN, LIST_END, templateValues } from '../core/fact-template';
import { escapeHtml } from '../core/html';
import { shownImportantDates } from '../core/important-dates';
import { PAGE_DATA_DEFAULTS, type PageData } from '../core/page-data';

/**
 * Fills a prerendered page's fact tokens (src/core/fact-template.ts) with the current facts: decision 0050.
 */

/**
 * Inside a JSON string in a `<script>` element: JSON's own escaping, and <, > and & as \u escapes so that no
 * value can write "</script>" or "<!--" (which would end or change the script element), nor U+2028/2029.
 */
export function escapeScriptJson(value: string): string {
  return JSON.stringify(value)
    .slice(1, -1)
    .replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The facts' JSON for the page's facts script: a whole JSON value, escaped the same way. Its fields in one order
 * whatever order the stored row gives them (jsonb sorts keys), and only the facts: the same facts, the same page.
 */
export function factsJson(f: ConferenceFacts): string {
  const facts: ConferenceFacts = {
    edition: f.edition,
    name: f.name,
    shortName: f.shortName,
    startDate: f.startDate,
    endDate: f.endDate,
    datesText: f.datesText,
    submissionsDatesText: f.submissionsDatesText,
    timeZone: f.timeZone,
    venue: {
      resort: f.venue.resort,
      city: f.venue.city,
      country: f.venue.country,
      countryCode: f.venue.countryCode,
      address: f.venue.address,
    },
    contactEmail: f.contactEmail,
    contactPhone: f.contactPhone,
    importantDates: f.importantDates.map((d): ImportantDate =>
      'deadline' in d
        ? { label: d.label, deadline: d.deadline }
        : 'date' in d
          ? { label: d.label, date: d.date }
          : { label: d.label, text: d.text },
    ),
  };
  return JSON.stringify(facts).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const TOKEN = /\u27E6([#/@]?[\w.]+)\u27E7/g;
const BLOCK = new RegExp(`${escapeRe(LIST_BEGIN)}([\\s\\S]*?)${escapeRe(LIST_END)}`, 'g');
const SCRIPT = /(<script\b[^>]*>)([\s\S]*?)(<\/script>)/gi;

/**
 * A page with its facts filled in, and the site's address (`siteUrl`: the configured PUBLIC_URL) in its canonical
 * link, og:url and JSON-LD. Inside `<script>` elements (the JSON-LD, the facts script) values are escaped as
 * JSON string content, elsewhere as HTML; the important dates' block is repeated once per date (none: no item), each
 * date as the pages print it now: a date that follows a deadline is the deadline's day as `data` holds it (decision
 * 0065). A token that names nothing known is left as it is.
 */
export function renderFacts(template: string, f: ConferenceFacts, siteUrl?: string, data: PageData = PAGE_DATA_DEFAULTS): string {
  if (!template.includes('\u27E6')) return template;
  const values = templateValues(f, siteUrl, data.workshop.details) as Record<string, string>;
  const shown = shownImportantDates(f, data.deadlines);
  const fill = (text: string, escape: (v: string) => string) =>
    text
      .replace(BLOCK, (_, item: string) =>
        shown
          .map((d) =>
            item.replace(TOKEN, (token, name: string) =>
              name === `${IMPORTANT_DATES}.label` ? escape(d.label) : name === `${IMPORTANT_DATES}.date` ? escape(d.date) : token,
            ),
          )
          .join(''),
      )
      .replace(TOKEN, (token, name: string) => {
        if (name === '@facts') return escape === escapeScriptJson ? factsJson(f) : token;
        const v = Object.hasOwn(values, name) ? values[name] : undefined;
        return v === undefined ? token : escape(v);
      });
  let out = '';
  let last = 0;
  for (const m of template.matchAll(SCRIPT)) {
    out += fill(template.slice(last, m.index), escapeHtml) + m[1] + fill(m[2]!, escapeScriptJson) + m[3];
    last = m.index + m[0].length;
  }
  return out + fill(template.slice(last), escapeHtml);
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
