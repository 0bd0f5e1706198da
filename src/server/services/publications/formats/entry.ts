/** One publication as a file gives it (decision 0076), before it is deduplicated and stored. */
export interface ImportedPublication {
  title: string;
  abstract: string;
  year: number | null;
  authors: string[];
  venue: string;
  doi: string | null;
}

export type ImportFormat = 'bibtex' | 'dblp' | 'orcid';

/** What a file held: its usable entries and how many entries it had without a title (left out). */
export interface ParsedFile {
  format: ImportFormat;
  entries: ImportedPublication[];
  skipped: number;
}

/** A file that is not what it claims, or not readable: the message is the person's to read (a 400). */
export class PublicationFileError extends Error {}

const MAX_TITLE = 1000;
const MAX_ABSTRACT = 20_000;
const MAX_AUTHORS = 500;

/** Whitespace runs as one space, control characters out, trimmed, at most `max` characters. */
export function cleanText(value: unknown, max: number): string {
  if (typeof value !== 'string') return '';
  return Array.from(
    value
      .normalize('NFC')
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069\ud800-\udfff]/gu, '')
      .replace(/\s+/g, ' ')
      .trim(),
  )
    .slice(0, max)
    .join('');
}

/** A year a publication can have (1000–2100), else null. */
export function cleanYear(value: unknown): number | null {
  const m = /\b(1\d{3}|20\d{2}|2100)\b/.exec(String(value ?? ''));
  return m ? Number(m[1]) : null;
}

/** An entry with a title, its fields trimmed to their limits; null when it has no title. */
export function entryOf(raw: {
  title: unknown;
  abstract?: unknown;
  year?: unknown;
  authors?: unknown[];
  venue?: unknown;
  doi?: unknown;
}): ImportedPublication | null {
  const title = cleanText(raw.title, MAX_TITLE).replace(/\.$/, '');
  if (!title) return null;
  const doi = normaliseDoi(typeof raw.doi === 'string' ? raw.doi : '');
  return {
    title,
    abstract: cleanText(raw.abstract, MAX_ABSTRACT),
    year: cleanYear(raw.year),
    authors: (raw.authors ?? [])
      .map((a) => cleanText(a, 200))
      .filter(Boolean)
      .slice(0, MAX_AUTHORS),
    venue: cleanText(raw.venue, 500),
    doi: doi || null,
  };
}

/** A DOI as one key (decision 0076): lower case, without a resolver prefix or "doi:"; '' when it is not a DOI. */
export function normaliseDoi(value: string): string {
  const doi = value
    .trim()
    .toLowerCase()
    .replace(/^(?:https?:\/\/)?(?:dx\.)?doi\.org\//, '')
    .replace(/^doi:\s*/, '')
    .trim();
  return /^10\.\d{4,9}\/\S+$/.test(doi) ? doi : '';
}

/** A title as one key: no case, no diacritics, no punctuation, one space between words. */
export function normaliseTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The key two entries of one person share when they are the same publication: the DOI, else the title. */
export function dedupKey(entry: { doi: string | null; title: string }): string {
  const doi = entry.doi ? normaliseDoi(entry.doi) : '';
  return doi ? `doi:${doi}` : `title:${normaliseTitle(entry.title)}`;
}
