import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  bibtexKeys,
  doiPatternProblem,
  escapeBibtex,
  formatDoi,
  isCountryCode,
  isValidOrcid,
  normaliseOrcid,
  orcidCheckCharacter,
  sanitiseFileName,
  splitPersonName,
} from './proceedings';

describe('ORCID iDs (ISO 7064 MOD 11-2)', () => {
  test('the documented examples are valid, bare or as URLs, x in either case', () => {
    for (const id of ['0000-0002-1825-0097', '0000-0001-5109-3700', '0000-0002-1694-233X']) expect(isValidOrcid(id)).toBe(true);
    expect(normaliseOrcid('https://orcid.org/0000-0002-1694-233x')).toBe('0000-0002-1694-233X');
    expect(normaliseOrcid(' http://orcid.org/0000-0002-1825-0097 ')).toBe('0000-0002-1825-0097');
  });
  test('changing any one digit makes it invalid', () => {
    for (const id of ['0000-0002-1825-0097', '0000-0001-5109-3700', '0000-0002-1694-233X']) {
      [...id].forEach((ch, i) => {
        if (!/\d/.test(ch)) return;
        for (let d = 0; d <= 9; d++) {
          if (String(d) === ch) continue;
          expect(isValidOrcid(id.slice(0, i) + d + id.slice(i + 1)), `${id} with ${d} at ${i}`).toBe(false);
        }
      });
    }
  });
  test('shapes that are not an ORCID iD are refused', () => {
    for (const id of [
      '',
      '0000000218250097',
      '0000-0002-1825-009',
      '0000-0002-1825-00977',
      'X000-0002-1825-0097',
      'https://example.org/0000-0002-1825-0097',
    ])
      expect(isValidOrcid(id)).toBe(false);
  });
  test('every 15 digits have exactly one check character', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{15}$/), (digits) => {
        const check = orcidCheckCharacter(digits);
        const id = `${digits.slice(0, 4)}-${digits.slice(4, 8)}-${digits.slice(8, 12)}-${digits.slice(12)}`;
        return isValidOrcid(id + check) && [...'0123456789X'].filter((c) => isValidOrcid(id + c)).length === 1;
      }),
    );
  });
});

test('country codes: the ISO 3166-1 alpha-2 list, upper case only', () => {
  for (const code of ['TH', 'IN', 'US', 'DE', 'SS', 'AX']) expect(isCountryCode(code)).toBe(true);
  for (const code of ['XX', 'UK', 'EU', 'th', 'THA', '']) expect(isCountryCode(code)).toBe(false);
});

describe('DOI patterns', () => {
  test("the default and Crossref's suffix characters pass; other placeholders, spaces and a missing {paperId} do not", () => {
    for (const p of ['imse.{year}.{paperId}', '{paperId}', 'imse/{year}/(p);{paperId}_v-1']) expect(doiPatternProblem(p)).toBeNull();
    expect(doiPatternProblem('imse.{year}')).toContain('must contain {paperId}');
    expect(doiPatternProblem('{paperId}.{track}')).toContain('not {track}');
    expect(doiPatternProblem('a b{paperId}')).toContain('only letters, digits');
    expect(doiPatternProblem('ä{paperId}')).toContain('only letters, digits');
    expect(doiPatternProblem('')).toContain('cannot be empty');
  });
  test('a DOI is the prefix, a slash and the filled pattern', () => {
    expect(formatDoi({ prefix: '10.12345', pattern: 'imse.{year}.{paperId}', year: 2023, paperId: 'abc' })).toBe('10.12345/imse.2023.abc');
  });
});

describe('BibTeX', () => {
  test("LaTeX's special characters are escaped; letters in any script are kept", () => {
    expect(escapeBibtex('50% & $5 #1 a_b {x} ~^\\')).toBe(
      '50\\% \\& \\$5 \\#1 a\\_b \\textbraceleft{}x\\textbraceright{} \\textasciitilde{}\\textasciicircum{}\\textbackslash{}',
    );
    expect(escapeBibtex('Ødegård สมชาย देवनागरी\nline')).toBe('Ødegård สมชาย देवनागरी line');
  });
  // BibTeX counts every brace, a backslash before it or not (decision 0074).
  test('an escaped field never has an unbalanced brace', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const out = escapeBibtex(s);
        let depth = 0;
        for (const ch of out) {
          depth += ch === '{' ? 1 : ch === '}' ? -1 : 0;
          if (depth < 0) return false;
        }
        return depth === 0;
      }),
    );
  });
  test('keys are unique, ASCII, and stable', () => {
    const keys = bibtexKeys([
      { surname: 'Ødegård', year: 2023, title: 'Deep learning' },
      { surname: 'Odegard', year: 2023, title: 'Deep learning again' },
      { surname: 'ใจดี', year: 2023, title: 'ไทย' },
      { surname: 'Smith', year: 2023, title: 'Deepa' },
      { surname: 'Smith', year: 2023, title: 'Deep' },
    ]);
    expect(keys).toEqual(['odegard2023deep', 'odegard2023deepa', 'anon2023paper', 'smith2023deepa', 'smith2023deep']);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

test('names split at the last word; file names lose path and reserved characters', () => {
  expect(splitPersonName('Ångström Nguyễn Ødegård')).toEqual({ given: 'Ångström Nguyễn', surname: 'Ødegård' });
  expect(splitPersonName('Plato')).toEqual({ given: '', surname: 'Plato' });
  expect(sanitiseFileName('../A/B: "test"?')).toBe('A B test');
  expect(sanitiseFileName('???')).toBe('untitled');
});
