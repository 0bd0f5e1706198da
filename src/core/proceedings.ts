import { citationName, nameOnly, type PersonName } from './person-name';

/**
 * Proceedings metadata (decision 0042): ORCID iDs, country codes, DOIs and the text rules of the BibTeX and
 * Crossref exports. Pure functions, shared by the forms (browser) and the exports (server).
 */

/** The ORCID iD without its https://orcid.org/ prefix: four groups of four, the last character a digit or X. */
const ORCID_SHAPE = /^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$/;

/** The check character of an ORCID iD's first 15 digits: ISO 7064 MOD 11-2, 10 written as X. */
export function orcidCheckCharacter(digits15: string): string {
  let total = 0;
  for (const ch of digits15) total = (total + Number(ch)) * 2;
  const result = (12 - (total % 11)) % 11;
  return result === 10 ? 'X' : String(result);
}

/** An ORCID iD as people paste it (bare, or as its https://orcid.org/ URL, x lower case) in its bare form, or null when it is not one. */
export function normaliseOrcid(input: string): string | null {
  const bare = input
    .trim()
    .replace(/^https?:\/\/(www\.)?orcid\.org\//i, '')
    .toUpperCase();
  if (!ORCID_SHAPE.test(bare)) return null;
  const digits = bare.replace(/-/g, '');
  return orcidCheckCharacter(digits.slice(0, 15)) === digits[15] ? bare : null;
}

export const isValidOrcid = (input: string): boolean => normaliseOrcid(input) !== null;
export const orcidUrl = (orcid: string) => `https://orcid.org/${orcid}`;

/** ISO 3166-1 alpha-2: the 249 officially assigned codes. Names come from Intl.DisplayNames (countryName). */
export const COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT ' +
  'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ ' +
  'UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');
const COUNTRY_SET = new Set(COUNTRY_CODES);

export const isCountryCode = (code: string): boolean => COUNTRY_SET.has(code);

let regionNames: Intl.DisplayNames | undefined;
/** The English name of a country code ('TH' → 'Thailand'); the code itself where the runtime has no name. */
export function countryName(code: string): string {
  regionNames ??= new Intl.DisplayNames(['en'], { type: 'region' });
  return regionNames.of(code) ?? code;
}

/** A DOI prefix: "10." and the registrant's code of 4 to 9 digits (Crossref). */
export const DOI_PREFIX = /^10\.\d{4,9}$/;
export const DOI_PREFIX_MESSAGE = 'The DOI prefix must be 10. followed by 4 to 9 digits (e.g. 10.12345)';

/** Crossref's recommended suffix characters: letters, digits and - . _ ; ( ) / */
const SUFFIX_CHARS = /^[A-Za-z0-9\-._;()/]+$/;
const PLACEHOLDER = /\{[^}]*\}/g;
export const DOI_PLACEHOLDERS = ['{year}', '{paperId}'] as const;
export const DOI_PATTERN_DEFAULT = 'imse.{year}.{paperId}';

/**
 * What is wrong with a DOI suffix pattern, or null: it must hold {paperId} (so each paper's DOI differs), no
 * placeholder other than {year} and {paperId}, and otherwise only Crossref's recommended characters.
 */
export function doiPatternProblem(pattern: string): string | null {
  if (pattern.length === 0) return 'The DOI pattern cannot be empty';
  if (pattern.length > 100) return 'The DOI pattern is too long (at most 100 characters)';
  const unknown = (pattern.match(PLACEHOLDER) ?? []).find((p) => !(DOI_PLACEHOLDERS as readonly string[]).includes(p));
  if (unknown) return `The DOI pattern may use only {year} and {paperId}, not ${unknown}`;
  if (!pattern.includes('{paperId}')) return 'The DOI pattern must contain {paperId}, so that each paper gets its own DOI';
  const rest = pattern.replace(PLACEHOLDER, '');
  if (rest.length > 0 && !SUFFIX_CHARS.test(rest))
    return 'The DOI pattern may contain only letters, digits and - . _ ; ( ) / besides {year} and {paperId}';
  return null;
}

/** A paper's DOI: the prefix, a slash, and the pattern with its placeholders filled. */
export function formatDoi(opts: { prefix: string; pattern: string; year: number; paperId: string }): string {
  return `${opts.prefix}/${opts.pattern.replace(/\{year\}/g, String(opts.year)).replace(/\{paperId\}/g, opts.paperId)}`;
}

/**
 * A person's name split for Crossref's person_name (surname required, given name optional) and BibTeX's
 * "Surname, Given": the last word is the surname. Unicode kept as written.
 */
export function splitPersonName(name: string): { given: string; surname: string } {
  const { given, family } = citationName(nameOnly(name));
  return { given, surname: family };
}

/**
 * LaTeX's special characters as commands that print them. Braces become \textbraceleft{} and \textbraceright{},
 * never \{ and \}: BibTeX, biber and bibtexparser count every brace, escaped or not, to find where a field ends,
 * so a lone "\{" would swallow the rest of the entry (decision 0074). Each replacement holds only balanced braces.
 */
const BIBTEX_SPECIAL: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '{': '\\textbraceleft{}',
  '}': '\\textbraceright{}',
  $: '\\$',
  '&': '\\&',
  '%': '\\%',
  '#': '\\#',
  _: '\\_',
  '^': '\\textasciicircum{}',
  '~': '\\textasciitilde{}',
  // In LaTeX's default (OT1) font encoding "<" and ">" print as "¡" and "¿".
  '<': '\\textless{}',
  '>': '\\textgreater{}',
};

/**
 * Text for a BibTeX field between braces: LaTeX's special characters escaped so they print as themselves and no
 * character of the text can end the field; white space folded to single spaces (BibTeX does the same when it reads).
 * Letters outside ASCII stay as they are: biber and BibLaTeX read UTF-8, and a name in Thai or Devanagari has no
 * LaTeX escape.
 */
export function escapeBibtex(text: string): string {
  return text
    .replace(/[ \t\r\n\f\v]+/g, ' ')
    .replace(/^ | $/g, '')
    .replace(/[\\{}$&%#_^~<>]/g, (ch) => BIBTEX_SPECIAL[ch]!);
}

/** A name part that BibTeX's name parser must take whole: one with a comma, the word "and", or (a family name) a space. */
const bibtexPart = (part: string, keepSpaces: boolean): string => {
  const text = escapeBibtex(part);
  return /,|\band\b/i.test(part) || (!keepSpaces && /\s/.test(part.trim())) ? `{${text}}` : text;
};

/**
 * One author as BibTeX's author field writes it (decision 0074): "Family, Given" from the name's parts, the family
 * name braced when it has several words ("{van der Berg}, Jan", so that no word of it is read as a "von" part or a
 * given name), a part with a comma or the word "and" braced whole; a one-part name is a family name alone.
 */
export function bibtexAuthor(p: PersonName): string {
  const { given, family } = citationName(p);
  return given ? `${bibtexPart(family, false)}, ${bibtexPart(given, true)}` : bibtexPart(family, false);
}

/** One paper as a BibTeX @inproceedings entry (decision 0042); the title double-braced so styles keep its case. */
export function bibtexEntry(e: {
  key: string;
  title: string;
  authors: readonly PersonName[];
  booktitle: string;
  publisher: string;
  year: number;
  doi: string | null;
  abstract: string;
  keywords: readonly string[];
}): string {
  const field = (name: string, value: string) => `  ${name} = {${escapeBibtex(value)}},\n`;
  return (
    `@inproceedings{${e.key},\n` +
    `  title = {{${escapeBibtex(e.title)}}},\n` +
    `  author = {${e.authors.map(bibtexAuthor).join(' and ')}},\n` +
    field('booktitle', e.booktitle) +
    field('publisher', e.publisher) +
    field('year', String(e.year)) +
    // biber and BibLaTeX read a DOI verbatim (no escapes); DOI patterns allow no braces (doiPatternProblem).
    (e.doi ? `  doi = {${e.doi.replace(/[{}]/g, '')}},\n` : '') +
    field('abstract', e.abstract) +
    (e.keywords.length ? field('keywords', e.keywords.join(', ')) : '') +
    '}\n\n'
  );
}

/** Latin letters that Unicode does not decompose to an ASCII letter and a mark. */
const LETTERS: Record<string, string> = {
  Ø: 'O',
  ø: 'o',
  Æ: 'AE',
  æ: 'ae',
  ß: 'ss',
  Đ: 'D',
  đ: 'd',
  Ł: 'L',
  ł: 'l',
  Œ: 'OE',
  œ: 'oe',
  Þ: 'Th',
  þ: 'th',
};

const asciiLetters = (s: string) =>
  s
    .replace(/[ØøÆæßĐđŁłŒœÞþ]/g, (ch) => LETTERS[ch]!)
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]/g, '');

/**
 * The family name of a Latin-letters name, in the order of the display name: its first word when the family name
 * is written first ("Wang Fang" → "Wang"), else its last. '' when there is none.
 */
export function latinFamilyName(p: Pick<PersonName, 'latinName' | 'familyFirst'>): string {
  const words = p.latinName.trim().split(/\s+/).filter(Boolean);
  return (p.familyFirst ? words[0] : words.at(-1)) ?? '';
}

/**
 * Citation keys: "<surname><year><first title word>" in ASCII letters, with a, b, c… after a repeat. The surname is
 * the first author's family name in ASCII; when it has no Latin letters (王, ใจดี), the family name of their name in
 * Latin letters; when there is none either, "paper-<paper id>-<year>" (stable, unique, nothing transliterated:
 * decision 0074). "anon" only for an entry that gives no paper id.
 */
export function bibtexKeys(
  entries: readonly { surname: string; year: number; title: string; latinSurname?: string; paperId?: string }[],
): string[] {
  const used = new Set<string>();
  return entries.map((e) => {
    const word =
      e.title
        .split(/\s+/)
        .map(asciiLetters)
        .find((w) => w.length > 3) ?? 'paper';
    const name = (asciiLetters(e.surname) || asciiLetters(e.latinSurname ?? '')).toLowerCase();
    const base = name
      ? `${name}${e.year}${word.toLowerCase()}`
      : e.paperId
        ? `paper-${e.paperId}-${e.year}`
        : `anon${e.year}${word.toLowerCase()}`;
    let key = base;
    for (let n = 1; used.has(key); n++) key = `${base}${suffixLetters(n)}`;
    used.add(key);
    return key;
  });
}

/** 1 → 'a', 26 → 'z', 27 → 'aa'. */
function suffixLetters(n: number): string {
  let out = '';
  for (let k = n; k > 0; k = Math.floor((k - 1) / 26)) out = String.fromCharCode(97 + ((k - 1) % 26)) + out;
  return out;
}

/** A file name part from a title: no path separators, control or reserved characters, at most 120 characters. */
export function sanitiseFileName(title: string): string {
  const clean = title
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  const cut = [...clean].slice(0, 120).join('').trim();
  return cut || 'untitled';
}
