import { parse } from '@retorquere/bibtex-parser';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { nameFromInput, nameOnly, type PersonName } from './person-name';
import { bibtexEntry, bibtexKeys, escapeBibtex, latinFamilyName } from './proceedings';

const person = (givenName: string, familyName: string, familyFirst = false, latinName = ''): PersonName =>
  nameFromInput({ name: '', givenName, familyName, familyFirst, latinName });

const authors = [
  person('Thị Hằng', 'Nguyễn', true),
  person('芳', '王', true, 'Wang Fang'),
  person('Jan', 'van der Berg'),
  person('Ана', 'Иванова'),
  person('', 'Sukarno'),
  person('Jo, Jr.', 'Smith and Sons'),
  person('प्रिया', 'शर्मा', false, 'Priya Sharma'),
];

/** Titles with every character BibTeX or LaTeX treats specially, alone and together, and text in other scripts. */
const TITLES = [
  'A lone { opens',
  'A lone } closes',
  'Backwards }{ braces',
  'Sets {x | x > 0} and {{double}}',
  '{x',
  'x}',
  'Back\\slash, \\n and a trailing \\',
  'Escaped \\{ brace',
  '50% & $5 #1 a_b c~d e^f',
  '% at the start and at the end %',
  'An @ sign, "quotes" and an and',
  'หัวข้อภาษาไทย: 王芳的论文 — Nguyễn Thị Hằng, प्रिया शर्मा, Ελληνικά, עברית, العربية',
  '{\\textbf{not}} a command',
];

/** Read the text as written: no sentence-casing (a display choice of Zotero's, which the parser drives). */
const READ = { sentenceCase: false, caseProtection: false } as const;

const entry = (title: string, key = 'k') =>
  bibtexEntry({
    key,
    title,
    authors,
    booktitle: 'Proceedings of the 5th {IMSE} & Co. 100% #1',
    publisher: 'IMSE',
    year: 2026,
    doi: '10.5555/imse.2026.abc_1',
    abstract: 'An abstract with } and { and \\ and % and\nline breaks.',
    keywords: ['AI', 'C#', '機械学習'],
  });

/**
 * How BibTeX 0.99d and biber's btparse find a braced field's end: every "{" and "}" counts, a backslash before one
 * changes nothing. Returns each field's raw text, or throws where BibTeX would lose the entry.
 */
function scanLikeBibtex(text: string): Record<string, string> {
  const start = text.indexOf('@inproceedings{');
  let i = text.indexOf(',', start) + 1;
  const fields: Record<string, string> = {};
  for (;;) {
    const m = /^\s*([a-z]+)\s*=\s*\{/.exec(text.slice(i));
    if (!m) break;
    i += m[0].length;
    let depth = 1;
    const from = i;
    for (; depth > 0; i++) {
      if (i >= text.length) throw new Error(`field ${m[1]} never ends`);
      if (text[i] === '{') depth++;
      else if (text[i] === '}') depth--;
    }
    fields[m[1]!] = text.slice(from, i - 1);
    const after = /^\s*,/.exec(text.slice(i));
    if (!after) break;
    i += after[0].length;
  }
  if (!/^\s*\}/.test(text.slice(i))) throw new Error(`the entry does not close after ${Object.keys(fields).join(', ')}`);
  return fields;
}

/** A creator as the parser returns it, back to "family|given": the parser splits a "von" part off even from braces. */
type Creator = { lastName?: string; firstName?: string; prefix?: string; name?: string };
const creator = (c: Creator) => `${c.name ?? [c.prefix, c.lastName].filter(Boolean).join(' ')}|${c.firstName ?? ''}`;
const expectedCreator = (p: PersonName) => (p.familyName ? `${p.familyName}|${p.givenName}` : `${p.givenName}|`);

describe('BibTeX export read back', () => {
  test.each(TITLES)('%s', (title) => {
    const text = entry(title);
    // BibTeX's own reading: every field where it should be, the entry closed.
    expect(Object.keys(scanLikeBibtex(text))).toEqual(['title', 'author', 'booktitle', 'publisher', 'year', 'doi', 'abstract', 'keywords']);

    const lib = parse(text, READ);
    expect(lib.errors).toEqual([]);
    expect(lib.entries).toHaveLength(1);
    const fields = lib.entries[0]!.fields as Record<string, unknown>;
    expect(fields.title).toBe(title);
    expect(fields.booktitle).toBe('Proceedings of the 5th {IMSE} & Co. 100% #1');
    expect(fields.year).toBe('2026');
    expect(fields.doi).toBe('10.5555/imse.2026.abc_1');
    expect(fields.abstract).toBe('An abstract with } and { and \\ and % and line breaks.');
    expect((fields.author as Creator[]).map(creator)).toEqual(authors.map(expectedCreator));
  });

  test('any title survives: BibTeX finds every field, the parser gives the title back', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'{}\\%&#_$~^ aZ@",王ก'.split('')), maxLength: 40 }),
        fc.string({ unit: 'grapheme', maxLength: 30 }),
        (special, text) => {
          const title = `${special}${text}`.replace(/[\s\p{C}]+/gu, ' ').trim() || 'x';
          const body = entry(title);
          scanLikeBibtex(body);
          const lib = parse(body, READ);
          return lib.errors.length === 0 && (lib.entries[0]!.fields as Record<string, unknown>).title === title;
        },
      ),
      { numRuns: 150 },
    );
    // The parser takes a few milliseconds an entry: 150 entries on a busy machine need more than the default 5 s.
  }, 60_000);

  test('escaping turns every special character into balanced braces only', () => {
    expect(escapeBibtex('{ } \\ $ & % # _ ^ ~')).toBe(
      '\\textbraceleft{} \\textbraceright{} \\textbackslash{} \\$ \\& \\% \\# \\_ \\textasciicircum{} \\textasciitilde{}',
    );
  });
});

describe('citation keys', () => {
  test('a name without Latin letters is keyed by its Latin name, else by the paper id and year; never anon', () => {
    const wang = person('芳', '王', true, 'Wang Fang');
    const somchai = person('สมชาย', 'ใจดี');
    const keys = bibtexKeys([
      { surname: '王', latinSurname: latinFamilyName(wang), paperId: 'p1', year: 2026, title: '深度学习 for Graphs' },
      { surname: 'ใจดี', latinSurname: latinFamilyName(somchai), paperId: '65a1b2c3d4e5f60718293a4b', year: 2026, title: 'ไทย' },
      { surname: 'Nguyễn', latinSurname: '', paperId: 'p3', year: 2026, title: 'Deep nets' },
    ]);
    expect(keys).toEqual(['wang2026graphs', 'paper-65a1b2c3d4e5f60718293a4b-2026', 'nguyen2026deep']);
    expect(latinFamilyName(person('Minjun', 'Kim', false, 'Minjun Kim'))).toBe('Kim');
    expect(latinFamilyName(nameOnly('x'))).toBe('');
  });
});
