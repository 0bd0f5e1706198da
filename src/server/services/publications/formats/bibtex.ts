import { parse, type Creator } from '@retorquere/bibtex-parser';
import { entryOf, PublicationFileError, type ImportedPublication, type ParsedFile } from './entry';

/** An entry's start: `@article{`, `@inproceedings(` … (not `@string`, `@comment`, `@preamble`). */
const ENTRY = /@\s*(?!string\b|comment\b|preamble\b)[a-z]+\s*[{(]/i;

export function looksLikeBibtex(text: string): boolean {
  return ENTRY.test(text);
}

/** The parser writes emphasis and case protection as markup (<i>, <sup>, <span class="nocase">): the text alone is kept. */
const MARKUP = /<\/?(?:i|b|em|strong|sup|sub|sc|span|nc|code)(?:\s[^>]*)?>/g;
const plain = (value: unknown): unknown => (typeof value === 'string' ? value.replace(MARKUP, '') : value);

const ACCENTS: Record<string, string> = {
  '"': '\u0308',
  "'": '\u0301',
  '`': '\u0300',
  '^': '\u0302',
  '~': '\u0303',
  '=': '\u0304',
  '.': '\u0307',
  u: '\u0306',
  v: '\u030c',
  H: '\u030b',
  c: '\u0327',
  k: '\u0328',
};
const LETTERS: Record<string, string> = {
  ss: 'ß',
  o: 'ø',
  O: 'Ø',
  l: 'ł',
  L: 'Ł',
  ae: 'æ',
  AE: 'Æ',
  oe: 'œ',
  OE: 'Œ',
  aa: 'å',
  AA: 'Å',
  i: 'ı',
};

/**
 * A verbatim field's TeX as plain text, for matching: accents on letters, escaped specials, the argument of
 * formatting commands kept, other commands and the braces and math delimiters dropped.
 */
export function plainTex(tex: string): string {
  return tex
    .replace(/\\([`'^"~=.])\s*\{?\\?([a-zA-Z])\}?/g, (_, accent: string, letter: string) => `${letter}${ACCENTS[accent]!}`)
    .replace(/\\([uvHck])\s*\{\\?([a-zA-Z])\}/g, (_, accent: string, letter: string) => `${letter}${ACCENTS[accent]!}`)
    .replace(/\\(ss|o|O|l|L|ae|AE|oe|OE|aa|AA|i)\b\s?(?:\{\})?/g, (_, name: string) => LETTERS[name]!)
    .replace(/\\([&%$#_{}])/g, '$1')
    .replace(/\\[a-zA-Z]+\*?(?:\[[^\]]*\])?/g, ' ')
    .replace(/---?/g, '–')
    .replace(/[{}$]/g, '')
    .replace(/~/g, ' ')
    .normalize('NFC');
}

const creatorName = (c: Creator): string =>
  c.name ?? [c.firstName, c.prefix, c.lastName, c.suffix ? `, ${c.suffix}` : ''].filter(Boolean).join(' ').replace(' , ', ', ');

/**
 * A BibTeX file (decision 0076): every entry with a title, its `abstract` read when present; the venue is the
 * journal, the book title or the publisher's series. LaTeX commands become their characters; an unknown command
 * is left out. Entries the parser cannot read are skipped and counted.
 */
export function parseBibtex(text: string): ParsedFile {
  if (!looksLikeBibtex(text)) throw new PublicationFileError('The file is not BibTeX: no entry such as @article{…} was found.');
  let library: ReturnType<typeof parse>;
  try {
    // Abstracts are long: read verbatim (three times faster than as TeX), then their TeX made plain here.
    library = parse(text, {
      english: false,
      sentenceCase: false,
      unsupported: 'ignore',
      caseProtection: false,
      verbatimFields: ['url', 'doi', 'file', 'abstract'],
    });
  } catch {
    throw new PublicationFileError('The BibTeX file could not be read: check its braces and quotes.');
  }
  const entries: ImportedPublication[] = [];
  let skipped = library.errors.length;
  for (const e of library.entries) {
    const f = e.fields as Record<string, unknown>;
    const entry = entryOf({
      title: plain(f.title),
      abstract: typeof f.abstract === 'string' ? plainTex(f.abstract) : '',
      year: f.year ?? f.date,
      authors: Array.isArray(f.author) ? (f.author as Creator[]).map(creatorName) : [],
      venue: plain(f.journal ?? f.journaltitle ?? f.booktitle ?? f.series ?? f.publisher),
      doi: f.doi,
    });
    if (entry) entries.push(entry);
    else skipped++;
  }
  return { format: 'bibtex', entries, skipped };
}
