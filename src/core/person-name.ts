/**
 * Names as people write them (decision 0074): a display name, and when the person gave them, the given and family
 * names, whether the family name is written first (Chinese, Japanese, Korean, Hungarian, Vietnamese…), and a name
 * in Latin letters beside one in another script. Pure functions shared by the forms (browser) and the exports,
 * documents, mails and anonymity checks (server).
 *
 * A name without parts (every account and co-author from before the parts existed, and every sign-up that sends
 * only `name`, docs/product.md#validation-and-messages) is shown exactly as stored; only the citation exports, which
 * must name a surname, read one out of it (citationName).
 */

export interface NameParts {
  /** Given name(s); '' when not given or when the person has a family name only. */
  givenName: string;
  /** Family name(s); '' when not given or when the person has one name only. */
  familyName: string;
  /** Written family name first ("Nguyễn Thị Hằng", "王芳", "Kovács János"). */
  familyFirst: boolean;
  /** The name in Latin letters, in the same order as the display name ("Wang Fang"); '' when none. */
  latinName: string;
}

/** A person's name as stored: `name` is the display name, the parts as they were given (all '' when not). */
export interface PersonName extends NameParts {
  name: string;
}

export const EMPTY_NAME_PARTS: NameParts = Object.freeze({ givenName: '', familyName: '', familyFirst: false, latinName: '' });

/** A name stored as one string only (rows from before the parts, or a call that sent only `name`). */
export const nameOnly = (name: string): PersonName => ({ name, ...EMPTY_NAME_PARTS });

/** A name whose parts may be missing (a reply or an older row), with '' and false for them. */
export const toPersonName = (p: { name: string } & Partial<NameParts>): PersonName => ({
  name: p.name,
  givenName: p.givenName ?? '',
  familyName: p.familyName ?? '',
  familyFirst: p.familyFirst ?? false,
  latinName: p.latinName ?? '',
});

/** Whether the person gave their name in parts (a given or a family name). */
export const hasNameParts = (p: Pick<NameParts, 'givenName' | 'familyName'>): boolean =>
  p.givenName.trim() !== '' || p.familyName.trim() !== '';

/** Scripts written without a space between family and given name (中文 王芳, 日本語 山田太郎, 한국어 김민준). */
const UNSPACED_NAME = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const lastChar = (s: string) => [...s].at(-1) ?? '';
const firstChar = (s: string) => [...s][0] ?? '';

/**
 * Whether a name typed in this text is most likely written family name first: Han, Kana and Hangul names are.
 * Only a default for the form's choice: Hungarian and Vietnamese names are in Latin letters and the person says so.
 */
export const defaultFamilyFirst = (text: string): boolean => UNSPACED_NAME.test(text);

const clean = (s: string) => s.trim().replace(/\s+/g, ' ');

/** The display name the parts make: family first or last, with a space unless both sides are Han, Kana or Hangul. */
export function joinNameParts(p: Pick<NameParts, 'givenName' | 'familyName' | 'familyFirst'>): string {
  const given = clean(p.givenName);
  const family = clean(p.familyName);
  if (!given || !family) return given || family;
  const [first, second] = p.familyFirst ? [family, given] : [given, family];
  const glue = UNSPACED_NAME.test(lastChar(first)) && UNSPACED_NAME.test(firstChar(second)) ? '' : ' ';
  return `${first}${glue}${second}`;
}

/** The name to show: made from the parts when there are parts, else the stored name as it is. */
export const displayName = (p: PersonName): string => (hasNameParts(p) ? joinNameParts(p) : clean(p.name));

/** Whether a text is written in Latin letters only (with marks, spaces and the punctuation of names). */
export const isLatinName = (text: string): boolean => /^[\p{Script=Latin}\p{M}\s'’.\-]*$/u.test(text);

/**
 * The display name with the Latin-letters name beside it when it says something the display name does not:
 * "王芳 (Wang Fang)"; "Nguyễn Thị Hằng" alone.
 */
export function displayNameWithLatin(p: PersonName): string {
  const shown = displayName(p);
  const latin = clean(p.latinName);
  return latin && latin !== shown && !isLatinName(shown) ? `${shown} (${latin})` : shown;
}

/**
 * The family and given names a citation needs (Crossref's surname and given_name, BibTeX's "Family, Given").
 * With parts: as given, a single part being the family name (Crossref requires a surname). Without parts: a name
 * in Han, Kana or Hangul without spaces is all family name (it cannot be split without guessing); any other name is
 * split at its last space as it always was (decision 0042), which the person corrects by giving the parts.
 */
export function citationName(p: PersonName): { given: string; family: string } {
  if (hasNameParts(p)) {
    const given = clean(p.givenName);
    const family = clean(p.familyName);
    return family ? { given, family } : { given: '', family: given };
  }
  const words = clean(p.name).split(' ').filter(Boolean);
  if (words.length <= 1) return { given: '', family: words[0] ?? '' };
  return { given: words.slice(0, -1).join(' '), family: words.at(-1)! };
}

/** Crossref's person_name: `surname` always (the schema requires it), `givenName` '' when there is none. */
export function crossrefName(p: PersonName): { givenName: string; surname: string } {
  const { given, family } = citationName(p);
  return { givenName: given, surname: family };
}

/** "Family, Given" (or the family name alone), as BibTeX and reference lists order a name; not escaped. */
export function familyCommaGiven(p: PersonName): string {
  const { given, family } = citationName(p);
  return given ? `${family}, ${given}` : family;
}

/** What names sort by: family name, then given name, case- and accent-insensitively (compare with localeCompare). */
export function nameSortKey(p: PersonName): string {
  const { given, family } = citationName(p);
  return `${family}\u0001${given}`
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/**
 * The given names as initials ("Jean-Pierre Marie" → "J.-P. M."). A given name in Han, Kana or Hangul has no
 * initials: it is kept whole ("芳"). '' when there is no given name.
 */
export function givenInitials(p: PersonName): string {
  const { given } = citationName(p);
  if (!given) return '';
  if (UNSPACED_NAME.test(given)) return given;
  return given
    .split(' ')
    .map((word) =>
      word
        .split('-')
        .map((piece) => {
          const letter = firstChar(piece.normalize('NFC'));
          return letter ? `${letter.toLocaleUpperCase()}.` : '';
        })
        .join('-'),
    )
    .join(' ');
}

/** One letter for an avatar: the first letter of the family name when family first, else of the display name. */
export function nameInitial(p: PersonName): string {
  const { family } = citationName(p);
  const source = hasNameParts(p) && p.familyFirst ? family : displayName(p);
  return firstChar(source.normalize('NFC')).toLocaleUpperCase();
}

/**
 * The forms a text may name this person in, for finding them (anonymity checks, decision 0021): the display
 * name, the parts in both orders, each part, and the Latin-letters name. Duplicates and blanks removed.
 */
export function nameForms(p: PersonName): string[] {
  const forms = [displayName(p), clean(p.name), clean(p.latinName)];
  if (hasNameParts(p)) {
    const given = clean(p.givenName);
    const family = clean(p.familyName);
    forms.push(given, family, joinNameParts({ givenName: given, familyName: family, familyFirst: !p.familyFirst }));
  }
  return [...new Set(forms.filter(Boolean))];
}

/**
 * The parts a form sends, applied to a stored name: with a given or a family name, the display name is made from
 * them; with neither, the display name is `name` as sent and no part is stored (nothing is guessed).
 */
export function nameFromInput(input: { name: string } & Partial<NameParts>): PersonName {
  const parts: NameParts = {
    givenName: clean(input.givenName ?? ''),
    familyName: clean(input.familyName ?? ''),
    familyFirst: input.familyFirst ?? false,
    latinName: clean(input.latinName ?? ''),
  };
  if (!hasNameParts(parts)) return { name: clean(input.name), ...EMPTY_NAME_PARTS, latinName: parts.latinName };
  return { name: joinNameParts(parts), ...parts };
}
