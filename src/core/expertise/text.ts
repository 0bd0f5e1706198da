import { stemmer } from 'stemmer';
import { STOPWORDS } from './stopwords';

/**
 * Text normalisation for expertise matching (decision 0069): Unicode NFKC, lower case, diacritics folded on
 * Latin and Greek letters, then tokens on every script. Latin words are stemmed (Porter) after the
 * stopwords are dropped; scripts written without spaces (Han, Kana, Thai, Lao, Khmer, Myanmar) give character
 * bigrams, so a Chinese or Japanese title matches a Chinese or Japanese abstract without a dictionary.
 */

/** Letters that are not a base letter plus a combining mark, so NFD does not fold them. */
const FOLD: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ŀ: 'l',
  ё: 'е',
};
const NON_ASCII_RE = /[^\x00-\x7f]/;
const FOLD_RE = /[ßæœøłđðþıŀё]/g;
/** Latin and Greek only: a Cyrillic breve makes another letter (й is not и). */
const MARKS_AFTER_FOLDABLE = /([\p{Script=Latin}\p{Script=Greek}])\p{M}+/gu;

/** NFKC, lower case, and diacritics folded where a reader would ignore them ("Ångström" → "angstrom"). */
export function normalizeText(text: string): string {
  if (!NON_ASCII_RE.test(text)) return text.toLowerCase();
  return text
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFD')
    .replace(MARKS_AFTER_FOLDABLE, '$1')
    .normalize('NFC')
    .replace(FOLD_RE, (c) => FOLD[c] ?? c);
}

/** A run of letters, digits and marks (a word in scripts that separate words). */
const WORD_RE = /[\p{L}\p{N}\p{M}]+/gu;
/** Scripts written without spaces between words: their runs give character bigrams. */
const UNSPACED_RE =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const UNSPACED_RUN_RE =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\p{M}ー]+|[^\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]+/gu;
const ASCII_WORD_RE = /^[a-z]+$/;
const HAS_LETTER_RE = /\p{L}/u;

export interface Token {
  /** The term matched on: a stem, a word of another script, or a character bigram. */
  term: string;
  /** The word as written (normalised), shown in explanations. */
  surface: string;
  /** True when the word before it was kept and only a space or a hyphen stood between: the two form a phrase. */
  joined: boolean;
}

const stems = new Map<string, string>();
/** Porter stem of an ASCII word, memoised: the same few thousand words come back in every abstract. */
function stem(word: string): string {
  let s = stems.get(word);
  if (s === undefined) {
    s = stemmer(word);
    if (stems.size > 200_000) stems.clear();
    stems.set(word, s);
  }
  return s;
}

/** The terms of a text, in order; see the module comment. */
export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  forEachToken(text, (term, surface, joined) => out.push({ term, surface, joined }));
  return out;
}

/** `tokenize` without building the array: the affinity index reads hundreds of thousands of abstracts. */
export function forEachToken(text: string, visit: (term: string, surface: string, joined: boolean) => void): void {
  const normalized = normalizeText(text);
  let last = -1;
  let joinNext = false;
  if (!NON_ASCII_RE.test(normalized)) {
    visitAscii(normalized, visit);
    return;
  }
  for (const m of normalized.matchAll(WORD_RE)) {
    const word = m[0];
    const joined = joinNext && isGapJoinable(normalized, last, m.index);
    last = m.index + word.length;
    if (!UNSPACED_RE.test(word)) {
      joinNext = visitWord(word, joined, visit);
      continue;
    }
    let first = true;
    for (const part of word.match(UNSPACED_RUN_RE) ?? []) {
      if (UNSPACED_RE.test(part)) {
        visitBigrams(part, visit);
        joinNext = false;
      } else joinNext = visitWord(part, joined && first, visit);
      first = false;
    }
  }
}

/**
 * Most abstracts are plain ASCII once normalised: a scan over character codes finds the same words as the
 * Unicode path, several times faster (400,000 abstracts at the scale of decision 0069).
 */
function visitAscii(text: string, visit: (term: string, surface: string, joined: boolean) => void): void {
  let joinNext = false;
  let gapJoinable = false;
  let start = -1;
  let letters = true;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 32;
    const isLetter = c >= 97 && c <= 122;
    if (isLetter || (c >= 48 && c <= 57)) {
      if (start < 0) {
        start = i;
        letters = true;
      }
      if (!isLetter) letters = false;
      continue;
    }
    if (start >= 0) {
      const word = text.slice(start, i);
      start = -1;
      const joined = joinNext && gapJoinable;
      if (letters) {
        if (word.length < 2 || STOPWORDS.has(word)) joinNext = false;
        else {
          visit(stem(word), word, joined);
          joinNext = true;
        }
      } else joinNext = visitWord(word, joined, visit);
      gapJoinable = true;
    }
    if (c !== 32 && c !== 45 && c !== 10 && c !== 9) gapJoinable = false;
  }
}

/** Words separated by spaces or a hyphen form phrases; a comma, full stop or bracket breaks them. */
function isGapJoinable(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 45 && c !== 10 && c !== 9) return false;
  }
  return true;
}

/** Visits the word unless it is dropped; says whether it was kept (the next word may then join it). */
function visitWord(word: string, joined: boolean, visit: (term: string, surface: string, joined: boolean) => void): boolean {
  if (ASCII_WORD_RE.test(word)) {
    if (word.length < 2 || STOPWORDS.has(word)) return false;
    visit(stem(word), word, joined);
    return true;
  }
  // Digits alone (years, figures) say little of a field; words of other scripts are kept as written.
  if (word.length < 2 || !HAS_LETTER_RE.test(word)) return false;
  visit(word, word, joined);
  return true;
}

function visitBigrams(run: string, visit: (term: string, surface: string, joined: boolean) => void): void {
  const chars = Array.from(run);
  if (chars.length === 1) {
    visit(run, run, false);
    return;
  }
  for (let i = 0; i + 1 < chars.length; i++) {
    const bigram = chars[i]! + chars[i + 1]!;
    visit(bigram, bigram, false);
  }
}
