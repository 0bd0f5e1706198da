import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { countWords, overWordLimit } from './word-count';

describe('countWords', () => {
  test('empty and white space only count nothing', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('   \n\t ')).toBe(0);
    expect(countWords('\u00a0\u3000')).toBe(0);
  });
  test('words are pieces between white space, whatever the spaces are', () => {
    expect(countWords('one two  three\nfour\tfive')).toBe(5);
    expect(countWords('one\u00a0two\u2003three')).toBe(3);
    expect(countWords('  leading and trailing  ')).toBe(3);
  });
  test('a hyphenated or apostrophised piece is one word', () => {
    expect(countWords('state-of-the-art')).toBe(1);
    expect(countWords('e-mail')).toBe(1);
    expect(countWords("don't l'homme")).toBe(2);
  });
  test('numbers count; punctuation alone does not', () => {
    expect(countWords('3.14 is 42')).toBe(3);
    expect(countWords('yes — no * ok')).toBe(3);
    expect(countWords('(see [1], p. 3).')).toBe(4);
  });
  test('letters of any script count, accents included', () => {
    expect(countWords('Ça marche très bien')).toBe(4);
    expect(countWords('Привет мир')).toBe(2);
    expect(countWords('مرحبا بالعالم')).toBe(2);
    expect(countWords('cafe\u0301 noir')).toBe(2);
  });
  test('each Han, Hiragana or Katakana character is a word', () => {
    expect(countWords('日本語')).toBe(3);
    expect(countWords('日本語 text')).toBe(4);
    expect(countWords('日本abc')).toBe(3);
  });
  test('adding a word adds one (property)', () => {
    fc.assert(fc.property(fc.array(fc.stringMatching(/^[a-z]{1,8}$/), { maxLength: 50 }), (ws) => {
      expect(countWords(ws.join(' '))).toBe(ws.length);
      expect(countWords([...ws, 'more'].join('\n'))).toBe(ws.length + 1);
    }));
  });
  test('the refusal names the count and the limit', () => {
    expect(overWordLimit(501, 500)).toBe('Your response has 501 words; the limit is 500 words.');
  });
});
