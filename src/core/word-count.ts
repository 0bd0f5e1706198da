/**
 * How an author response's words are counted (issue 23.5), the same in the browser and on the server
 * (docs/decisions/0033-meta-review-and-response.md). The text is split on Unicode white space; a piece counts as
 * one word when it holds a letter or a digit, so "state-of-the-art", "e-mail", "don't" and "3.14" are one word
 * each and a lone "—" or "*" is none. Han, Hiragana and Katakana are written without spaces: each such character
 * counts as a word of its own (as word processors count them), plus one for any other letters in the piece.
 */
const SPACE = /\s+/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;

export function countWords(text: string): number {
  let words = 0;
  for (const piece of text.split(SPACE)) {
    if (!piece) continue;
    const cjk = piece.match(CJK)?.length ?? 0;
    const rest = cjk ? piece.replace(CJK, ' ') : piece;
    words += cjk + (cjk ? rest.split(SPACE).filter((p) => LETTER_OR_DIGIT.test(p)).length : LETTER_OR_DIGIT.test(rest) ? 1 : 0);
  }
  return words;
}

/** The refusal of a response over the limit, word for word the same in the browser and from the server. */
export const overWordLimit = (words: number, limit: number) => `Your response has ${words} words; the limit is ${limit} words.`;
