import { describe, expect, test } from 'vitest';
import {
  authorFinder,
  AUTHORSHIP_PHRASES,
  blockedMessage,
  countedPages,
  DEFAULT_PREFLIGHT_RULES,
  evaluatePreflight,
  nameForms,
  sizeName,
  type PdfFacts,
  type PreflightRules,
  withDefaults,
} from './preflight';

const page = (lines: string[], width = 612, height = 792) => ({ width, height, lines });
const facts = (patch: Partial<PdfFacts> = {}): PdfFacts => ({
  pages: [page(['A title', 'Body text'])],
  unembeddedFonts: [],
  info: {},
  xmp: '',
  annotations: [],
  outline: [],
  attachments: [],
  javascript: [],
  launch: [],
  links: [],
  ...patch,
});
const AUTHORS = [
  { name: 'Alice Martín', email: 'alice@uni-a.edu', affiliation: 'University of Avalon', orcid: '0000-0002-1825-0097' },
  { name: 'Nguyễn Thị Hằng', email: 'hang@uni-b.edu' },
  { name: '王芳', email: 'wf@example.cn' },
];

describe('names as people write them', () => {
  test('the forms of a two-part name, either part the family name', () => {
    const forms = nameForms('Alice Martín');
    for (const f of ['alice martin', 'a. martin', 'martin, alice', 'martin, a.', 'martin a.', 'martin alice'])
      expect(forms, f).toContain(f);
    expect(forms).not.toContain('martin');
  });

  test('a one-word name is its own form; an initial alone is none', () => {
    expect(nameForms('王芳')).toEqual(['王芳']);
    expect(nameForms('X')).toEqual([]);
  });

  const find = authorFinder(AUTHORS);
  test('finds each form in a line, accents and case folded, and says what it found', () => {
    for (const line of [
      'Alice Martín',
      'ALICE MARTIN¹',
      'A. Martin, B. Other',
      'Martín, A. and others',
      'Nguyen Thi Hang',
      'Hằng Nguyễn',
      'N. T. Hang',
      '作者：王芳',
    ])
      expect(find(line)?.kind, line).toBe('name');
    expect(find('write to alice@uni-a.edu')).toEqual({ kind: 'email', value: 'alice@uni-a.edu' });
    expect(find('University of Avalon, UK')?.kind).toBe('affiliation');
    expect(find('orcid.org/0000-0002-1825-0097')?.kind).toBe('orcid');
  });

  test('a family name cited in the third person, or inside a longer word, is not a find', () => {
    for (const line of ['As Martín et al. [3] showed', 'Martinez and Alicea', 'the alice martini bar', 'Hang on a second'])
      expect(find(line), line).toBeNull();
  });

  test('phrases that reveal authorship', () => {
    const says = (line: string) => AUTHORSHIP_PHRASES.some((re) => re.test(line));
    for (const line of [
      'In our previous work [3] we',
      'in our earlier paper',
      'We previously showed that',
      'as we showed in [4]',
      'This extends our system',
    ])
      expect(says(line), line).toBe(true);
    for (const line of ['Our results show', 'Previous work [3] showed', 'we show that']) expect(says(line), line).toBe(false);
  });
});

describe('pages and sizes', () => {
  test('A4 and Letter either way round, within 3 points', () => {
    expect(sizeName(595, 842)).toBe('A4');
    expect(sizeName(792, 612)).toBe('Letter');
    expect(sizeName(600, 800)).toBeNull();
  });

  test('the references start at their heading: the page counts when text comes before it', () => {
    const body = (n: number) => Array.from({ length: n }, () => page(['text', 'more text']));
    expect(countedPages([...body(9), page(['text', 'References', '[1] A']), page(['[2] B'])], false)).toEqual({
      pages: 10,
      referencesFrom: 10,
    });
    expect(countedPages([...body(9), page(['7 REFERENCES', '[1] A'])], false)).toEqual({ pages: 9, referencesFrom: 10 });
    expect(countedPages([...body(9), page(['Bibliography'])], true)).toEqual({ pages: 10, referencesFrom: 10 });
    expect(countedPages(body(3), false)).toEqual({ pages: 3, referencesFrom: null });
  });
});

describe('findings', () => {
  const rules = { ...DEFAULT_PREFLIGHT_RULES, pageLimit: 1 };
  const run = (f: PdfFacts, blindReview = true) =>
    evaluatePreflight({ reading: { ok: true, facts: f }, rules, blindReview, authors: AUTHORS, fileBytes: 1000 });

  test('anonymity is checked under blind review only', () => {
    const f = facts({ pages: [page(['Title', 'Alice Martín'])], info: { Author: 'Alice Martín' } });
    expect(run(f).map((x) => [x.rule, x.page, x.line])).toEqual([
      ['anonymity-text', 2 - 1, 2],
      ['anonymity-metadata', undefined, undefined],
    ]);
    expect(run(f, false)).toEqual([]);
  });

  test('each rule blocks, warns or is off as the chair set it', () => {
    const f = facts({
      javascript: [{ where: 'an action run when the PDF is opened' }],
      links: [{ page: 1, line: 2, url: 'https://tracker.example/x' }],
    });
    const found = run(f);
    expect(found.map((x) => [x.rule, x.severity])).toEqual([
      ['javascript', 'block'],
      ['external-links', 'warn'],
    ]);
    expect(found[1]).toMatchObject({ page: 1, line: 2, message: expect.stringContaining('tracker.example') });
    const off = evaluatePreflight({
      reading: { ok: true, facts: f },
      rules: { ...rules, actions: { ...rules.actions, javascript: 'off' } },
      blindReview: false,
      authors: [],
      fileBytes: 0,
    });
    expect(off.map((x) => x.rule)).toEqual(['external-links']);
    expect(blockedMessage(found)).toBe(
      "The PDF does not meet this track's rules, so it cannot be submitted: The PDF holds JavaScript (an action run when the PDF is opened). Remove it: reviewers' readers would run it. Please fix it and choose the PDF again.",
    );
  });

  test('many of one kind are listed up to a limit, the rest counted', () => {
    const f = facts({ pages: [page(Array.from({ length: 15 }, () => 'Alice Martín'))] });
    const found = evaluatePreflight({
      reading: { ok: true, facts: f },
      rules,
      blindReview: true,
      authors: AUTHORS,
      fileBytes: 0,
      perRule: 10,
    });
    expect(found).toHaveLength(11);
    expect(found[10]!.message).toBe('…and 5 more findings of this kind (authors named in the text).');
  });

  test('stored rules missing a newer rule take its default', () => {
    const { unchecked: _, ...older } = DEFAULT_PREFLIGHT_RULES.actions;
    const completed = withDefaults({
      ...DEFAULT_PREFLIGHT_RULES,
      pageLimit: 8,
      actions: { ...older, javascript: 'off' } as PreflightRules['actions'],
    });
    expect(completed.actions).toMatchObject({ unchecked: 'warn', javascript: 'off' });
    expect(completed.pageLimit).toBe(8);
  });

  test('a PDF not read in time, or not at all, is one finding of its own; the file size is still checked', () => {
    const r = { ...rules, maxFileMb: 1 };
    const late = evaluatePreflight({
      reading: { ok: false, reason: 'timeout' },
      rules: r,
      blindReview: true,
      authors: AUTHORS,
      fileBytes: 3 * 1024 * 1024,
    });
    expect(late.map((x) => x.rule)).toEqual(['file-size', 'unchecked']);
    expect(late[1]!.message).toMatch(/^The PDF could not be checked in time/);
  });
});
