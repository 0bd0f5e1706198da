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
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z]{1,8}$/), { maxLength: 50 }), (ws) => {
        expect(countWords(ws.join(' '))).toBe(ws.length);
        expect(countWords([...ws, 'more'].join('\n'))).toBe(ws.length + 1);
      }),
    );
  });
});

describe('countWords: invisible characters never join words', () => {
  /** Every separator, control, format and other default-ignorable character, and the blank-looking ones. */
  const INVISIBLE = [
    '\u200b',
    '\u200c',
    '\u200d',
    '\u2060',
    '\ufeff',
    '\u200e',
    '\u200f',
    '\u061c',
    '\u202a',
    '\u202e',
    '\u2066',
    '\u2069',
    '\u00ad',
    '\u180e',
    '\u034f',
    '\ufe0f',
    '\u115f',
    '\u1160',
    '\u3164',
    '\uffa0',
    '\u2800',
    '\u{e0020}',
    '\u{1d173}',
    '\u0085',
    '\u2028',
    '\u2029',
    '\u001f',
    '\u1680',
    '\u205f',
  ];

  test('3,000 words joined by U+200B ZERO WIDTH SPACE are 3,000 words', () => {
    expect(countWords(Array.from({ length: 3000 }, (_, i) => `word${i}`).join('\u200b'))).toBe(3000);
  });

  test.each(INVISIBLE.map((c) => [`U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`, c]))(
    '%s between two Latin words splits them',
    (_, c) => {
      expect(countWords(`alpha${c}beta`)).toBe(2);
      expect(countWords(`alpha${c}${c}beta${c}`)).toBe(2);
    },
  );

  test('Latin words joined by any mix of invisible characters count one each, whatever the mix (property)', () => {
    const word = fc.stringMatching(/^[A-Za-z][a-z0-9'-]{0,9}$/);
    const glue = fc.array(fc.constantFrom(...INVISIBLE, ' ', '\u00a0'), { minLength: 1, maxLength: 3 }).map((a) => a.join(''));
    fc.assert(
      fc.property(fc.array(fc.tuple(word, glue), { minLength: 1, maxLength: 40 }), (pairs) => {
        const text = pairs.map(([w, g]) => w + g).join('');
        expect(countWords(text)).toBe(pairs.length);
      }),
      { numRuns: 500 },
    );
  });

  test('ZWNJ and ZWJ between Latin, Cyrillic or Greek letters, or a digit, split: only scripts that write them inside words keep them', () => {
    for (const joiner of ['\u200c', '\u200d']) {
      expect(countWords(`one${joiner}two${joiner}three`)).toBe(3);
      expect(countWords(`один${joiner}два`)).toBe(2);
      expect(countWords(`ένα${joiner}δύο`)).toBe(2);
      expect(countWords(`3${joiner}4`)).toBe(2);
      // A Persian letter on one side only does not make it a joiner of Latin words.
      expect(countWords(`word${joiner}ب${joiner}word`)).toBe(3);
    }
  });

  test('ZWNJ inside a Persian word keeps it one word (می‌خواهم, کتاب‌ها); between two Persian words with a space it is two', () => {
    expect(countWords('می\u200cخواهم')).toBe(1);
    expect(countWords('کتاب\u200cها')).toBe(1);
    expect(countWords('می\u200cخواهم کتاب\u200cها را بخوانم')).toBe(4);
  });

  test('ZWJ and ZWNJ after a virama keep an Indic word whole (Devanagari क्‍ष, Malayalam chillu, Bengali র‍্য)', () => {
    expect(countWords('क्\u200dष')).toBe(1);
    expect(countWords('क्\u200cष')).toBe(1);
    expect(countWords('ന്\u200d')).toBe(1);
    expect(countWords('র\u200d্য')).toBe(1);
  });

  test('an emoji ZWJ sequence is no word and joins nothing: 👩‍💻 between words, or ZWJ between a word and an emoji', () => {
    expect(countWords('👩\u200d👩\u200d👧\u200d👦')).toBe(0);
    expect(countWords('I 👩\u200d💻 code')).toBe(2);
    expect(countWords('hello\u200d👍\u200dworld')).toBe(2);
  });

  test('a joiner between joining-script letters cannot glue Latin words either side (property)', () => {
    const persian = fc
      .array(
        fc.integer({ min: 0x0628, max: 0x064a }).map((c) => String.fromCodePoint(c)),
        { minLength: 1, maxLength: 5 },
      )
      .map((a) => a.join(''));
    const latin = fc.stringMatching(/^[a-z]{1,8}$/);
    fc.assert(
      fc.property(
        fc.array(fc.oneof(latin, persian), { minLength: 1, maxLength: 30 }),
        fc.constantFrom('\u200c', '\u200d'),
        (words, joiner) => {
          // Latin pieces are never kept together; Persian pieces next to each other may be (one word, as a reader sees it).
          const text = words.join(joiner);
          const latinCount = words.filter((w) => /^[a-z]/.test(w)).length;
          expect(countWords(text)).toBeGreaterThanOrEqual(latinCount);
          expect(countWords(text)).toBeLessThanOrEqual(words.length);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('overWordLimit', () => {
  test('the refusal names the count and the limit', () => {
    expect(overWordLimit(501, 500)).toBe('Your response has 501 words; the limit is 500 words.');
  });
});
