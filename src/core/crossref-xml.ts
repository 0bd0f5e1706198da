import { crossrefName, toPersonName, type NameParts } from './person-name';
import { countryName, orcidUrl } from './proceedings';

/**
 * A Crossref deposit for one conference's proceedings, in the deposit schema 5.3.1 (decision 0042):
 * doi_batch → head (batch id, timestamp, depositor, registrant) → body/conference → event_metadata,
 * proceedings_metadata, and one conference_paper per paper, every element in the order the schema's
 * sequences require. Written as text with every value escaped (no XML library: the document is small and flat).
 */
export const CROSSREF_SCHEMA_VERSION = '5.3.1';
export const CROSSREF_NAMESPACE = `http://www.crossref.org/schema/${CROSSREF_SCHEMA_VERSION}`;

/** An author: the display name, and its parts when the person gave them (decision 0074). */
export interface CrossrefAuthor extends Partial<NameParts> {
  name: string;
  affiliation: string;
  country: string;
  orcid: string | null;
}
export interface CrossrefPaper {
  doi: string;
  resourceUrl: string;
  title: string;
  year: number;
  authors: CrossrefAuthor[];
}
export interface CrossrefDeposit {
  batchId: string;
  /** When the deposit was made: Crossref keeps the one with the highest timestamp. */
  at: Date;
  depositor: { name: string; email: string };
  registrant: string;
  conference: { name: string; acronym: string; location: string; start: string; end: string };
  proceedings: { title: string; publisher: string; year: number };
  papers: CrossrefPaper[];
}

// XML 1.0 allows tab, LF, CR and everything from U+0020 except surrogates out of pairs, U+FFFE and U+FFFF.
const NOT_XML =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text or an attribute value as XML: markup characters as entities, characters XML cannot hold dropped. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (ch) => ENTITIES[ch]!);
}

const el = (name: string, text: string) => `<${name}>${escapeXml(text)}</${name}>`;

/** yyyyMMddHHmmss in UTC: a whole number, as Crossref's timestamp is compared as one. */
const timestamp = (d: Date) => d.toISOString().replace(/[-:T]/g, '').slice(0, 14);

function conferenceDate(start: string, end: string): string {
  const [sy, sm, sd] = start.split('-');
  const [ey, em, ed] = end.split('-');
  return `<conference_date start_year="${sy}" start_month="${sm}" start_day="${sd}" end_year="${ey}" end_month="${em}" end_day="${ed}"/>`;
}

function personName(author: CrossrefAuthor, first: boolean): string {
  // Decision 0074: the family name is the surname whatever the display order; a one-part name is a surname only.
  const { givenName: given, surname } = crossrefName(toPersonName(author));
  const institution = author.affiliation.trim()
    ? // Crossref 5.3.1's institution has no country element: the country's name goes in institution_place.
      `<affiliations><institution>${el('institution_name', author.affiliation.trim())}${author.country ? el('institution_place', countryName(author.country)) : ''}</institution></affiliations>`
    : '';
  return (
    `<person_name sequence="${first ? 'first' : 'additional'}" contributor_role="author">` +
    `${given ? el('given_name', given) : ''}${el('surname', surname)}${institution}` +
    `${author.orcid ? el('ORCID', orcidUrl(author.orcid)) : ''}</person_name>`
  );
}

/** One paper: its authors, title, publication year and DOI with the URL it resolves to. */
export function conferencePaperXml(p: CrossrefPaper): string {
  const contributors = p.authors.length ? `<contributors>${p.authors.map((a, i) => personName(a, i === 0)).join('')}</contributors>` : '';
  return (
    `<conference_paper publication_type="full_text">${contributors}<titles>${el('title', p.title)}</titles>` +
    `<publication_date media_type="online">${el('year', String(p.year))}</publication_date>` +
    `<doi_data>${el('doi', p.doi)}${el('resource', p.resourceUrl)}</doi_data></conference_paper>\n`
  );
}

/** The document before its papers: the declaration, doi_batch's head, and the conference's event and proceedings. */
export function crossrefOpening(d: Omit<CrossrefDeposit, 'papers'>): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<doi_batch xmlns="${CROSSREF_NAMESPACE}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" version="${CROSSREF_SCHEMA_VERSION}" ` +
    `xsi:schemaLocation="${CROSSREF_NAMESPACE} https://www.crossref.org/schemas/crossref${CROSSREF_SCHEMA_VERSION}.xsd">\n` +
    `<head>${el('doi_batch_id', d.batchId)}${el('timestamp', timestamp(d.at))}` +
    `<depositor>${el('depositor_name', d.depositor.name)}${el('email_address', d.depositor.email)}</depositor>${el('registrant', d.registrant)}</head>\n` +
    '<body>\n<conference>\n' +
    `<event_metadata>${el('conference_name', d.conference.name)}${el('conference_acronym', d.conference.acronym)}` +
    `${el('conference_location', d.conference.location)}${conferenceDate(d.conference.start, d.conference.end)}</event_metadata>\n` +
    `<proceedings_metadata language="en">${el('proceedings_title', d.proceedings.title)}<publisher>${el('publisher_name', d.proceedings.publisher)}</publisher>` +
    `<publication_date media_type="online">${el('year', String(d.proceedings.year))}</publication_date><noisbn reason="simple_series"/></proceedings_metadata>\n`
  );
}

export const CROSSREF_CLOSING = '</conference>\n</body>\n</doi_batch>\n';

/** The whole document (the export streams the same parts, its papers a batch at a time). */
export function crossrefDepositXml(d: CrossrefDeposit): string {
  return crossrefOpening(d) + d.papers.map(conferencePaperXml).join('') + CROSSREF_CLOSING;
}
