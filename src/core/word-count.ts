/**
 * How an author response's words are counted (decision 0033), the same in the browser and on the server
 * (decision 0033). The text is split into pieces on every separator and invisible
 * character (SEPARATOR); a piece counts as one word when it holds a letter or a digit, so "state-of-the-art",
 * "e-mail", "don't" and "3.14" are one word each and a lone "—" or "*" is none. Han, Hiragana and Katakana are
 * written without spaces: each such character counts as a word of its own (as word processors count them), plus
 * one for any other letters in the piece.
 */

/**
 * What splits words: white space and every Unicode separator (\p{White_Space}, \p{Z}), controls (\p{Cc}), format
 * characters (\p{Cf}: the zero widths U+200B–U+200D, U+2060, U+FEFF, the bidi marks, the soft hyphen, tags), every
 * other default-ignorable code point (the Hangul fillers, variation selectors, U+034F) and U+2800 BRAILLE PATTERN
 * BLANK: nothing that shows as a gap, or as nothing at all, can join words into one (3,000 words joined by U+200B
 * are 3,000 words).
 */
const SEPARATOR = /[\p{White_Space}\p{Z}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/u;
/** ZWNJ and ZWJ: format characters, but part of the spelling of words in some scripts (JOINING_SCRIPT). */
const JOINER = /[\u200c\u200d]/u;
/**
 * Scripts that write ZWNJ/ZWJ inside words: the Arabic script (Persian می‌خواهم, Urdu, Kurdish…), Syriac, and the
 * Indic scripts (after a virama: Devanagari क्‍ष, Bengali র‍্য, Malayalam chillus). A joiner keeps a word whole
 * only between two letters or marks of these scripts; between Latin (Cyrillic, Greek…) letters, digits or emoji it
 * splits like any other invisible character, so it cannot make Latin text count as fewer words.
 */
const JOINING_SCRIPT =
  /[\p{Script_Extensions=Arabic}\p{Script_Extensions=Syriac}\p{Script_Extensions=Devanagari}\p{Script_Extensions=Bengali}\p{Script_Extensions=Gurmukhi}\p{Script_Extensions=Gujarati}\p{Script_Extensions=Oriya}\p{Script_Extensions=Tamil}\p{Script_Extensions=Telugu}\p{Script_Extensions=Kannada}\p{Script_Extensions=Malayalam}\p{Script_Extensions=Sinhala}]/u;
const LETTER_OR_MARK = /[\p{L}\p{M}]/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;

const joinsWords = (c: string | undefined) => c !== undefined && LETTER_OR_MARK.test(c) && JOINING_SCRIPT.test(c);

/** The pieces of `text` between separators (a joiner inside a word of a joining script is not one). */
function pieces(text: string): string[] {
  const chars = Array.from(text);
  const out: string[] = [];
  let piece = '';
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    const inWord = JOINER.test(c) && joinsWords(chars[i - 1]) && joinsWords(chars[i + 1]);
    if (!inWord && SEPARATOR.test(c)) {
      if (piece) out.push(piece);
      piece = '';
    } else {
      piece += c;
    }
  }
  if (piece) out.push(piece);
  return out;
}

export function countWords(text: string): number {
  let words = 0;
  for (const piece of pieces(text)) {
    const cjk = piece.match(CJK)?.length ?? 0;
    if (!cjk) {
      words += LETTER_OR_DIGIT.test(piece) ? 1 : 0;
      continue;
    }
    // Han, Hiragana and Katakana: a word each; the letters between them make words of their own.
    words +=
      cjk +
      piece
        .replace(CJK, ' ')
        .split(' ')
        .filter((p) => LETTER_OR_DIGIT.test(p)).length;
  }
  return words;
}

/** The refusal of a response over the limit, word for word the same in the browser and from the server. */
export const overWordLimit = (words: number, limit: number) => `Your response has ${words} words; the limit is ${limit} words.`;
