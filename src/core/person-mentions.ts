import { nameForms, toPersonName, type NameParts } from './person-name';

/**
 * A person a text may name: an author of a paper, or the uploader of a PDF. The name's parts and the name in Latin
 * letters, when known (decision 0074), are looked for too.
 */
export interface NamedPerson extends Partial<NameParts> {
  name: string;
  email: string;
}

/** Case, accents and compatibility forms folded away: "ÉMILE", "Émile" and "emile" are one word. */
export const foldText = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .normalize('NFKC')
    .toLowerCase();

/** Scripts written without spaces between words: a name in them is looked for anywhere, not as a word. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const asWord = (s: string) => (UNSPACED.test(s) ? escape(s) : `(?<![\\p{L}\\p{N}])${escape(s)}(?![\\p{L}\\p{N}])`);

/**
 * Whether a text names one of these people (decision 0021): their whole name (in each form of nameForms: the
 * parts in either order, the name in Latin letters), any part of it of two letters or more as a word ("Zola", "Li"), their e-mail address, or its part before the @ as a word,
 * case- and accent-insensitively. A one-letter part (an initial) is not looked for: it would be found everywhere.
 * Errs towards finding a name: "author" in "the author should…" names Alice Author.
 */
export function mentionsOf(people: readonly NamedPerson[]): (text: string) => boolean {
  const needles = new Set<string>();
  for (const person of people) {
    const email = foldText(person.email).trim();
    for (const form of nameForms(toPersonName(person))) {
      const name = foldText(form).replace(/\s+/g, ' ').trim();
      if ([...name].length >= 2) needles.add(asWord(name));
      for (const part of name.split(/[^\p{L}\p{N}]+/u)) if ([...part].length >= 2) needles.add(asWord(part));
    }
    if (email.includes('@')) {
      needles.add(escape(email));
      const local = email.slice(0, email.indexOf('@'));
      if ([...local].length >= 3) needles.add(asWord(local));
    }
  }
  if (!needles.size) return () => false;
  const pattern = new RegExp([...needles].join('|'), 'u');
  return (text) => text !== '' && pattern.test(foldText(text));
}
