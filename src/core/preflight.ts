import { foldText, mentionsOf, type NamedPerson } from './person-mentions';

/**
 * Preflight of a paper's PDF at submission (decision 0072): the checks a track's chair sets, what the PDF showed the
 * checker (PdfFacts, read in a worker on the server), and the findings. Pure: the same rules run in unit tests, the
 * benchmark and the server.
 */

/** The checks, each one a rule the chair sets to block, warn or off. */
export const PREFLIGHT_RULES = [
  'page-limit',
  'paper-size',
  'fonts-embedded',
  'file-size',
  'anonymity-text',
  'anonymity-metadata',
  'anonymity-annotations',
  'anonymity-outline',
  'anonymity-attachments',
  'authorship-phrases',
  'javascript',
  'launch-action',
  'external-links',
  'embedded-files',
  'unchecked',
] as const;
export type PreflightRule = (typeof PREFLIGHT_RULES)[number];
export type RuleAction = 'block' | 'warn' | 'off';
export const RULE_ACTIONS: readonly RuleAction[] = ['block', 'warn', 'off'];
export type PaperSize = 'any' | 'A4' | 'Letter';

/** The chair's words for each rule (the rules screen and the format report). */
export const RULE_LABELS: Record<PreflightRule, string> = {
  'page-limit': 'Page limit',
  'paper-size': 'Paper size',
  'fonts-embedded': 'Fonts embedded',
  'file-size': 'File size',
  'anonymity-text': 'Authors named in the text',
  'anonymity-metadata': 'Authors named in the document properties',
  'anonymity-annotations': 'Authors named in annotations',
  'anonymity-outline': 'Authors named in bookmarks',
  'anonymity-attachments': 'Authors named in attached files',
  'authorship-phrases': 'Phrases that reveal authorship',
  javascript: 'JavaScript',
  'launch-action': 'Actions that start programs',
  'external-links': 'Links to web sites',
  'embedded-files': 'Attached files',
  unchecked: 'PDF that cannot be checked',
};

/** The anonymity rules: they apply only under blind review (settings.blindReview). */
export const ANONYMITY_RULES: ReadonlySet<PreflightRule> = new Set([
  'anonymity-text',
  'anonymity-metadata',
  'anonymity-annotations',
  'anonymity-outline',
  'anonymity-attachments',
  'authorship-phrases',
]);

/** A track's rules (decision 0072). Without a saved row a track checks nothing, as before preflight existed. */
export interface PreflightRules {
  /** Pages allowed; null: no limit. */
  pageLimit: number | null;
  /** Whether the references (from the heading "References" or "Bibliography" on) count towards the limit. */
  referencesCount: boolean;
  paperSize: PaperSize;
  /** Largest file in MB; null: only the server's upload limit. */
  maxFileMb: number | null;
  actions: Record<PreflightRule, RuleAction>;
}

/**
 * What a chair starts from when turning the checks on for a track (decision 0072): what would make a paper unsafe to
 * open blocks; what a person should look at (format, anonymity) warns, so nobody is refused by a false find.
 */
export const DEFAULT_PREFLIGHT_RULES: PreflightRules = {
  pageLimit: null,
  referencesCount: false,
  paperSize: 'any',
  maxFileMb: null,
  actions: {
    'page-limit': 'warn',
    'paper-size': 'warn',
    'fonts-embedded': 'warn',
    'file-size': 'warn',
    'anonymity-text': 'warn',
    'anonymity-metadata': 'warn',
    'anonymity-annotations': 'warn',
    'anonymity-outline': 'warn',
    'anonymity-attachments': 'warn',
    'authorship-phrases': 'warn',
    javascript: 'block',
    'launch-action': 'block',
    'external-links': 'warn',
    'embedded-files': 'warn',
    unchecked: 'warn',
  },
};

/** One thing the check found: its rule, whether it blocks, a sentence for the author, and where it is. */
export interface PreflightFinding {
  rule: PreflightRule;
  severity: 'block' | 'warn';
  message: string;
  page?: number;
  line?: number;
}

/** What the worker read from the PDF (server/preflight/extract.ts). Pages and lines count from 1. */
export interface PdfFacts {
  pages: Array<{ width: number; height: number; lines: string[] }>;
  /** Fonts without their program in the file, with the first page that uses each. */
  unembeddedFonts: Array<{ name: string; page: number }>;
  info: Record<string, string>;
  xmp: string;
  annotations: Array<{ page: number; line?: number; author: string; text: string }>;
  outline: string[];
  attachments: Array<{ name: string; description: string; page?: number }>;
  javascript: Array<{ where: string; page?: number }>;
  launch: Array<{ target: string; page?: number }>;
  links: Array<{ page: number; line?: number; url: string }>;
}

/** The submission's authors as the check looks for them. */
export interface PreflightAuthor extends NamedPerson {
  affiliation?: string;
  orcid?: string | null;
}

/** A PDF the worker could not read, or not in time. */
export type PdfReading = { ok: true; facts: PdfFacts } | { ok: false; reason: 'unreadable' | 'timeout' };

// ---------------------------------------------------------------------------------------------------------------
// Names as people write them

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;

/**
 * The ways a name is written in a paper's byline or a citation, folded (case and accents away): "Alice B. Author",
 * "Alice Author", "A. Author", "A. B. Author", "Author, Alice", "Author, A.", "Author A", "Author Alice" (family name
 * first: the reversed forms also cover names written family-first, such as "Nguyễn Thị Hằng"). A one-word name is
 * itself its only form. The family name alone is not a form: a paper may cite its authors' earlier work in the third
 * person (decision 0072).
 */
export function nameForms(name: string): string[] {
  const words = foldText(name)
    .replace(/[^\p{L}\p{N}\s'-]+/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  if (!words.length) return [];
  if (words.length === 1) return [...words[0]!].length >= 2 ? [words[0]!] : [];
  const forms = new Set<string>();
  // Either end may be the family name.
  for (const [given, family] of [
    [words.slice(0, -1), words.at(-1)!],
    [words.slice(1), words[0]!],
  ] as const) {
    const first = given[0]!;
    const initials = given.map((g) => `${g[0]}.`);
    forms.add([...given, family].join(' '));
    forms.add(`${first} ${family}`);
    forms.add(`${first[0]}. ${family}`);
    forms.add(`${initials.join(' ')} ${family}`);
    forms.add(`${initials.join('')} ${family}`);
    forms.add(`${family}, ${given.join(' ')}`);
    forms.add(`${family}, ${first}`);
    forms.add(`${family}, ${first[0]}.`);
    forms.add(`${family}, ${initials.join(' ')}`);
    forms.add(`${family} ${first[0]}.`);
    forms.add(`${family} ${first}`);
    forms.add(`${family} ${given.join(' ')}`);
  }
  return [...forms];
}

/** A form as a pattern: any run of spaces between its words, an initial's dot optional, not inside a longer word. */
function formPattern(form: string): string {
  const body = form
    .split(' ')
    .map((w) => escape(w).replace(/\\\.$/, '\\.?'))
    .join('\\s*');
  // Footnote marks ("Martín¹", folded to "martin1") may touch a name: only letters extend a word.
  return UNSPACED.test(form) ? body : `(?<![\\p{L}])${body}(?![\\p{L}])`;
}

/**
 * What page text is searched for under blind review: each author's name forms, e-mail address, affiliation (as
 * given, at least 4 letters) and ORCID iD. Returns what each line names (the first hit), or null.
 */
export function authorFinder(
  authors: readonly PreflightAuthor[],
): (line: string) => { kind: 'name' | 'email' | 'affiliation' | 'orcid'; value: string } | null {
  const checks: Array<{ kind: 'name' | 'email' | 'affiliation' | 'orcid'; value: string; re: RegExp }> = [];
  for (const a of authors) {
    const forms = nameForms(a.name);
    if (forms.length) checks.push({ kind: 'name', value: a.name, re: new RegExp(forms.map(formPattern).join('|'), 'u') });
    const email = foldText(a.email).trim();
    if (email.includes('@')) checks.push({ kind: 'email', value: a.email, re: new RegExp(escape(email).replace('@', '\\s*@\\s*'), 'u') });
    const affiliation = foldText(a.affiliation ?? '')
      .replace(/\s+/g, ' ')
      .trim();
    if ([...affiliation.replace(/[^\p{L}]/gu, '')].length >= 4)
      checks.push({ kind: 'affiliation', value: a.affiliation!, re: new RegExp(formPattern(affiliation), 'u') });
    const orcid = (a.orcid ?? '').replace(/^https?:\/\/orcid\.org\//i, '').toLowerCase();
    if (/^\d{4}-\d{4}-\d{4}-\d{3}[\dx]$/.test(orcid)) checks.push({ kind: 'orcid', value: orcid, re: new RegExp(escape(orcid), 'u') });
  }
  return (line) => {
    const folded = foldText(line);
    for (const c of checks) if (c.re.test(folded)) return { kind: c.kind, value: c.value };
    return null;
  };
}

/**
 * Phrases that say the paper's authors wrote a cited work (decision 0072): a blind paper cites its authors' work in
 * the third person. A short list, checked case-insensitively on each line.
 */
export const AUTHORSHIP_PHRASES: readonly RegExp[] = [
  /\bour (?:own )?(?:previous|prior|earlier|recent|past) (?:work|paper|papers|study|studies|results?|publications?|approach|system)\b/i,
  /\bin our (?:earlier|previous|prior|recent|last) (?:paper|work|study|article)\b/i,
  /\bwe (?:have )?(?:previously|earlier|already) (?:showed|shown|proposed|presented|introduced|demonstrated|reported|described)\b/i,
  /\b(?:as|which) we (?:showed|proposed|presented|introduced|demonstrated|reported) (?:in|earlier)\b/i,
  /\b(?:our|my) (?:own )?(?:work|paper|papers|study) (?:\[\d|\(\w+,? \d{4})/i,
  /\b(?:extends|extending|builds on|building on) our\b/i,
];

// ---------------------------------------------------------------------------------------------------------------
// Pages, sizes and references

const A4 = [595.28, 841.89];
const LETTER = [612, 792];
const near = (a: number, b: number) => Math.abs(a - b) <= 3;
/** The page's size by name, either orientation; null for another size. */
export function sizeName(width: number, height: number): 'A4' | 'Letter' | null {
  const [w, h] = [Math.min(width, height), Math.max(width, height)];
  if (near(w, A4[0]!) && near(h, A4[1]!)) return 'A4';
  if (near(w, LETTER[0]!) && near(h, LETTER[1]!)) return 'Letter';
  return null;
}
const SIZE_WORDS = { A4: 'A4 (210 × 297 mm)', Letter: 'US Letter (8.5 × 11 in)' } as const;
const describeSize = (w: number, h: number) => {
  const named = sizeName(w, h);
  return named ? SIZE_WORDS[named] : `${Math.round((w / 72) * 25.4)} × ${Math.round((h / 72) * 25.4)} mm`;
};

/** A line that is the references' heading: "References", "Bibliography", "REFERENCES", maybe numbered ("7 References", "VII. REFERENCES"). */
const REFERENCES_HEADING = /^\s*(?:(?:\d+|[ivxlc]+|[A-Z])\.?\s+)?(?:references|bibliography|literature cited|works cited)\s*:?\s*$/i;

/**
 * Where the references start: the page and line of the last line that is their heading (a table of contents may
 * name them earlier); null when none is found.
 */
export function findReferences(pages: PdfFacts['pages']): { page: number; line: number } | null {
  for (let p = pages.length - 1; p >= 0; p--) {
    const lines = pages[p]!.lines;
    for (let l = lines.length - 1; l >= 0; l--) if (REFERENCES_HEADING.test(lines[l]!)) return { page: p + 1, line: l + 1 };
  }
  return null;
}

/** The pages that count against the limit: all, or those before the references (the heading's page counts when text precedes it). */
export function countedPages(pages: PdfFacts['pages'], referencesCount: boolean): { pages: number; referencesFrom: number | null } {
  const refs = findReferences(pages);
  if (referencesCount || !refs) return { pages: pages.length, referencesFrom: refs?.page ?? null };
  return { pages: refs.line > 1 ? refs.page : refs.page - 1, referencesFrom: refs.page };
}

// ---------------------------------------------------------------------------------------------------------------
// The findings

const shown = (value: string, max = 80) => {
  const clean = value
    .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
};
const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return shown(url, 60);
  }
};
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * The findings for a PDF under a track's rules (decision 0072), in the order an author reads them: the PDF as a
 * whole, then page by page. At most `perRule` findings of one rule are listed one by one; the rest are counted in a
 * last one.
 */
export function evaluatePreflight(opts: {
  reading: PdfReading;
  rules: PreflightRules;
  blindReview: boolean;
  authors: readonly PreflightAuthor[];
  fileBytes: number;
  perRule?: number;
}): PreflightFinding[] {
  const { rules, reading } = opts;
  const perRule = opts.perRule ?? 10;
  const findings: PreflightFinding[] = [];
  const counts = new Map<PreflightRule, number>();
  const active = (rule: PreflightRule) => rules.actions[rule] !== 'off' && (opts.blindReview || !ANONYMITY_RULES.has(rule));
  const add = (rule: PreflightRule, message: string, at: { page?: number; line?: number } = {}) => {
    if (!active(rule)) return;
    const n = (counts.get(rule) ?? 0) + 1;
    counts.set(rule, n);
    if (n > perRule) return;
    findings.push({ rule, severity: rules.actions[rule] === 'block' ? 'block' : 'warn', message, ...at });
  };

  if (rules.maxFileMb !== null && opts.fileBytes > rules.maxFileMb * 1024 * 1024)
    add('file-size', `The PDF is ${(opts.fileBytes / 1024 / 1024).toFixed(1)} MB; this track takes at most ${rules.maxFileMb} MB.`);

  if (!reading.ok) {
    add(
      'unchecked',
      reading.reason === 'timeout'
        ? 'The PDF could not be checked in time. Please check it yourself against the rules, or make it again (for example with "Save as PDF") and choose it again.'
        : 'The PDF could not be read (it is damaged or protected by a password), so it could not be checked. Please make it again and choose it again.',
    );
    return findings;
  }
  const f = reading.facts;

  // Format
  if (rules.pageLimit !== null) {
    const counted = countedPages(f.pages, rules.referencesCount);
    if (counted.pages > rules.pageLimit) {
      const message = rules.referencesCount
        ? `The paper has ${plural(counted.pages, 'page')} including the references; this track allows ${rules.pageLimit}.`
        : counted.referencesFrom
          ? `The paper has ${plural(counted.pages, 'page')} before the references; this track allows ${rules.pageLimit}.`
          : `The paper has ${plural(counted.pages, 'page')} and no heading "References" or "Bibliography" was found, so every page counts; this track allows ${rules.pageLimit} before the references.`;
      add('page-limit', message, { page: rules.pageLimit + 1 });
    }
  }
  if (rules.paperSize !== 'any') {
    const wrong = f.pages.map((p, i) => ({ ...p, page: i + 1 })).filter((p) => sizeName(p.width, p.height) !== rules.paperSize);
    if (wrong.length) {
      const first = wrong[0]!;
      add(
        'paper-size',
        `${wrong.length === f.pages.length ? 'Every page' : `${plural(wrong.length, 'page')}, from page ${first.page},`} ${wrong.length === 1 && f.pages.length > 1 ? 'is' : 'are'} ${describeSize(first.width, first.height)}; this track asks for ${SIZE_WORDS[rules.paperSize]}.`.replace(
          /^Every page are/,
          'Every page is',
        ),
        { page: first.page },
      );
    }
  }
  for (const font of f.unembeddedFonts)
    add(
      'fonts-embedded',
      `The font ${shown(font.name, 60)} is not embedded in the PDF, so it may print differently. Embed all fonts when you make the PDF.`,
      {
        page: font.page,
      },
    );

  // Unsafe content
  for (const js of f.javascript)
    add(
      'javascript',
      `The PDF holds JavaScript (${js.where}). Remove it: reviewers' readers would run it.`,
      js.page ? { page: js.page } : {},
    );
  for (const l of f.launch)
    add(
      'launch-action',
      `The PDF has an action that starts a program or opens a file (${shown(l.target, 60) || 'no target named'}). Remove it.`,
      l.page ? { page: l.page } : {},
    );
  for (const link of f.links)
    if (/^https?:/i.test(link.url))
      add(
        'external-links',
        `A link to ${hostOf(link.url)}: a reviewer who opens it tells that site who they are. Consider writing the address as text only.`,
        {
          page: link.page,
          ...(link.line ? { line: link.line } : {}),
        },
      );
  for (const a of f.attachments)
    add(
      'embedded-files',
      `A file is attached to the PDF: ${shown(a.name, 60) || 'unnamed'}. Reviewers get the PDF with it; remove it unless the call asks for it.`,
      a.page ? { page: a.page } : {},
    );

  // Anonymity (blind review only: `active` leaves these out otherwise)
  if (opts.blindReview) {
    const finder = authorFinder(opts.authors);
    const mentions = mentionsOf(opts.authors);
    const KIND_WORDS = {
      name: 'names',
      email: 'gives the e-mail address of',
      affiliation: 'gives the affiliation of',
      orcid: 'gives the ORCID iD of',
    } as const;
    f.pages.forEach((page, p) => {
      page.lines.forEach((line, l) => {
        const hit = finder(line);
        if (hit)
          add(
            'anonymity-text',
            hit.kind === 'name'
              ? `The text names an author (${shown(hit.value, 60)}): "${shown(line)}".`
              : `The text ${KIND_WORDS[hit.kind]} an author: "${shown(line)}".`,
            { page: p + 1, line: l + 1 },
          );
        if (AUTHORSHIP_PHRASES.some((re) => re.test(line)))
          add('authorship-phrases', `This says the authors wrote a cited work: "${shown(line)}". Cite your own work in the third person.`, {
            page: p + 1,
            line: l + 1,
          });
      });
    });
    for (const [field, value] of Object.entries(f.info))
      if (mentions(value)) add('anonymity-metadata', `The document properties name an author (${field}: ${shown(value, 60)}).`);
    if (f.xmp && mentions(f.xmp)) add('anonymity-metadata', 'The XMP metadata of the PDF names an author.');
    for (const a of f.annotations) {
      const at = { page: a.page, ...(a.line ? { line: a.line } : {}) };
      if (a.author && mentions(a.author)) add('anonymity-annotations', `An annotation's author is ${shown(a.author, 60)}.`, at);
      else if (a.text && mentions(a.text)) add('anonymity-annotations', `An annotation names an author: "${shown(a.text)}".`, at);
    }
    for (const title of f.outline) if (mentions(title)) add('anonymity-outline', `A bookmark names an author: "${shown(title)}".`);
    for (const a of f.attachments)
      if (mentions(a.name) || mentions(a.description))
        add(
          'anonymity-attachments',
          `An attached file names an author: ${shown([a.name, a.description].filter(Boolean).join(' — '))}.`,
          a.page ? { page: a.page } : {},
        );
  }

  for (const [rule, n] of counts)
    if (n > perRule)
      findings.push({
        rule,
        severity: rules.actions[rule] === 'block' ? 'block' : 'warn',
        message: `…and ${plural(n - perRule, 'more finding')} of this kind (${RULE_LABELS[rule].toLowerCase()}).`,
      });
  return findings;
}

/** Stored rules completed by the defaults: a rule added after a chair saved theirs takes its default action. */
export const withDefaults = (rules: PreflightRules): PreflightRules => ({
  ...DEFAULT_PREFLIGHT_RULES,
  ...rules,
  actions: { ...DEFAULT_PREFLIGHT_RULES.actions, ...rules.actions },
});

/** Whether any check is on: a track whose rules are all off is not checked at all. */
export const anyRuleOn = (rules: PreflightRules) => PREFLIGHT_RULES.some((r) => rules.actions[r] !== 'off');

/** The refusal of a submission with blocking findings (a 400): each one with its page and line. */
export function blockedMessage(findings: readonly PreflightFinding[]): string {
  const blocking = findings.filter((f) => f.severity === 'block');
  const where = (f: PreflightFinding) => (f.page ? ` (page ${f.page}${f.line ? `, line ${f.line}` : ''})` : '');
  return `The PDF does not meet this track's rules, so it cannot be submitted: ${blocking.map((f) => `${f.message}${where(f)}`).join(' ')} Please fix it and choose the PDF again.`;
}

/** Where a finding is, in words: "page 3, line 12". */
export const findingPlace = (f: Pick<PreflightFinding, 'page' | 'line'>) =>
  f.page ? `Page ${f.page}${f.line ? `, line ${f.line}` : ''}` : 'Whole PDF';
