import { describe, expect, test } from 'vitest';
import { conferencePaperXml } from './crossref-xml';
import { mentionsOf } from './person-mentions';
import {
  citationName,
  crossrefName,
  defaultFamilyFirst,
  displayName,
  displayNameWithLatin,
  familyCommaGiven,
  givenInitials,
  joinNameParts,
  nameForms,
  nameFromInput,
  nameInitial,
  nameOnly,
  nameSortKey,
  type PersonName,
} from './person-name';

const person = (givenName: string, familyName: string, familyFirst: boolean, latinName = ''): PersonName =>
  nameFromInput({ name: '', givenName, familyName, familyFirst, latinName });

const hang = person('Thị Hằng', 'Nguyễn', true);
const wang = person('芳', '王', true, 'Wang Fang');
const yamada = person('太郎', '山田', true, 'Yamada Taro');
const kim = person('민준', '김', true, 'Kim Minjun');
const kovacs = person('János', 'Kovács', true);
const jane = person('Jane Mary', 'Smith', false);
const priya = person('प्रिया', 'शर्मा', false, 'Priya Sharma');
const olga = person('Ольга', 'Иванова', false, 'Olga Ivanova');
const sukarno = person('', 'Sukarno', false);
const onlyGiven = person('Sukarno', '', false);

describe('display order across scripts', () => {
  test.each([
    [hang, 'Nguyễn Thị Hằng'],
    [wang, '王芳'],
    [yamada, '山田太郎'],
    [kim, '김민준'],
    [kovacs, 'Kovács János'],
    [jane, 'Jane Mary Smith'],
    [priya, 'प्रिया शर्मा'],
    [olga, 'Ольга Иванова'],
    [sukarno, 'Sukarno'],
    [onlyGiven, 'Sukarno'],
  ])('%o is shown as %s', (p, shown) => {
    expect(displayName(p)).toBe(shown);
    expect(p.name).toBe(shown);
  });

  test('a Han family name before a Latin given name keeps the space', () => {
    expect(joinNameParts({ givenName: 'Amy', familyName: '王', familyFirst: true })).toBe('王 Amy');
  });

  test('the Latin name stands beside a name in another script only', () => {
    expect(displayNameWithLatin(wang)).toBe('王芳 (Wang Fang)');
    expect(displayNameWithLatin(priya)).toBe('प्रिया शर्मा (Priya Sharma)');
    expect(displayNameWithLatin(person('Thị Hằng', 'Nguyễn', true, 'Nguyen Thi Hang'))).toBe('Nguyễn Thị Hằng');
    expect(displayNameWithLatin(jane)).toBe('Jane Mary Smith');
  });

  test('family-first is the default for Han, Kana and Hangul only', () => {
    expect(defaultFamilyFirst('王')).toBe(true);
    expect(defaultFamilyFirst('やまだ')).toBe(true);
    expect(defaultFamilyFirst('김')).toBe(true);
    expect(defaultFamilyFirst('Nguyễn')).toBe(false);
    expect(defaultFamilyFirst('शर्मा')).toBe(false);
  });
});

describe('citations', () => {
  test('Crossref gets the family name as surname whatever the display order', () => {
    expect(crossrefName(hang)).toEqual({ givenName: 'Thị Hằng', surname: 'Nguyễn' });
    expect(crossrefName(wang)).toEqual({ givenName: '芳', surname: '王' });
    expect(crossrefName(kovacs)).toEqual({ givenName: 'János', surname: 'Kovács' });
    expect(crossrefName(jane)).toEqual({ givenName: 'Jane Mary', surname: 'Smith' });
  });

  test('a one-part name is a surname only (Crossref requires one)', () => {
    expect(crossrefName(sukarno)).toEqual({ givenName: '', surname: 'Sukarno' });
    expect(crossrefName(onlyGiven)).toEqual({ givenName: '', surname: 'Sukarno' });
    expect(crossrefName(nameOnly('王芳'))).toEqual({ givenName: '', surname: '王芳' });
  });

  test('a stored name without parts is split at its last space, as before the parts', () => {
    expect(citationName(nameOnly('Alice  Author '))).toEqual({ given: 'Alice', family: 'Author' });
    expect(displayName(nameOnly('Alice Author'))).toBe('Alice Author');
  });

  test('"Family, Given" for BibTeX and reference lists', () => {
    expect(familyCommaGiven(hang)).toBe('Nguyễn, Thị Hằng');
    expect(familyCommaGiven(wang)).toBe('王, 芳');
    expect(familyCommaGiven(sukarno)).toBe('Sukarno');
    expect(familyCommaGiven(person('Jan', 'van der Berg', false))).toBe('van der Berg, Jan');
  });

  test('initials of given names; Han given names stay whole', () => {
    expect(givenInitials(person('Jean-Pierre Marie', 'Dupont', false))).toBe('J.-P. M.');
    expect(givenInitials(hang)).toBe('T. H.');
    expect(givenInitials(wang)).toBe('芳');
    expect(givenInitials(sukarno)).toBe('');
    expect(givenInitials(person('émile', 'Zola', false))).toBe('É.');
    expect(nameInitial(wang)).toBe('王');
    expect(nameInitial(jane)).toBe('J');
    expect(nameInitial(hang)).toBe('N');
  });

  test('sorting is by family name, then given, accents ignored', () => {
    const people = [jane, hang, kovacs, person('Ana', 'Nguyen', false), person('Émile', 'Zola', false)];
    const sorted = [...people].sort((a, b) => nameSortKey(a).localeCompare(nameSortKey(b))).map(displayName);
    expect(sorted).toEqual(['Kovács János', 'Ana Nguyen', 'Nguyễn Thị Hằng', 'Jane Mary Smith', 'Émile Zola']);
  });
});

describe('input', () => {
  test('only a name: kept as sent, no part guessed', () => {
    expect(nameFromInput({ name: ' Nguyễn Thị Hằng ' })).toEqual({
      name: 'Nguyễn Thị Hằng',
      givenName: '',
      familyName: '',
      familyFirst: false,
      latinName: '',
    });
  });
  test('parts make the display name, whatever name was sent with them', () => {
    expect(nameFromInput({ name: 'Wang Fang', givenName: ' 芳', familyName: '王 ', familyFirst: true }).name).toBe('王芳');
  });
  test('every form a text may name the person in', () => {
    expect(nameForms(wang)).toEqual(['王芳', 'Wang Fang', '芳', '王', '芳王']);
    expect(nameForms(nameOnly('Alice Author'))).toEqual(['Alice Author']);
  });
});

test("Crossref's person_name from the parts (decision 0074)", () => {
  const xml = conferencePaperXml({
    doi: '10.5555/x',
    resourceUrl: 'https://example.org/p',
    title: 'T',
    year: 2026,
    authors: [
      { ...hang, affiliation: '', country: '', orcid: null },
      { ...wang, affiliation: '', country: '', orcid: null },
      { name: 'Plato', affiliation: '', country: '', orcid: null },
    ],
  });
  expect(xml).toContain(
    '<person_name sequence="first" contributor_role="author"><given_name>Thị Hằng</given_name><surname>Nguyễn</surname>',
  );
  expect(xml).toContain('<person_name sequence="additional" contributor_role="author"><given_name>芳</given_name><surname>王</surname>');
  expect(xml).toContain('<person_name sequence="additional" contributor_role="author"><surname>Plato</surname></person_name>');
});

test('anonymity checks find a person by their parts in either order and by their Latin name (decision 0074)', () => {
  const mentions = mentionsOf([{ ...wang, email: 'fang@example.cn' }]);
  expect(mentions('Our earlier work (Wang Fang, 2024) showed')).toBe(true);
  expect(mentions('芳王 2024')).toBe(true);
  expect(mentions('王芳的论文')).toBe(true);
  expect(mentions('A paper about graphs')).toBe(false);
  const hangMentions = mentionsOf([{ ...person('Thị Hằng', 'Nguyễn', true, 'Nguyen Thi Hang'), email: 'h@example.vn' }]);
  expect(hangMentions('by Thi Hang Nguyen')).toBe(true);
});
