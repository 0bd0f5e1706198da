import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEFAULT_PREFLIGHT_RULES, type PreflightRules } from '../../src/core/preflight';
import type { PreflightResponse } from '../../src/core/api/preflight';
import { startTestApp, type TestApp } from '../support/app';
import { injectMultipart, pdfBytes, postPaper, submitPaper } from '../support/multipart';
import { makeHeavyPdf, makePaper } from '../support/preflight-pdfs';
import { signupAs, uniqueAddress, type SignedUp } from '../support/users';

/**
 * The preflight of a paper's PDF (decision 0072): the author checks a PDF against the track's rules before sending
 * it and sees each finding with its page and line; the submission checks again, refused (400) on a blocking
 * finding, the warnings kept for the chair's format report.
 */
let t: TestApp;
let editor: SignedUp;
let alice: SignedUp;
let bob: SignedUp;
let reviewer: SignedUp;
const CO_AUTHOR = { name: 'Nguyễn Thị Hằng', email: 'hang@uni-b.edu', affiliation: 'Hanoi Institute of Computing' };

const rules = (patch: Partial<PreflightRules> = {}, actions: Partial<PreflightRules['actions']> = {}): PreflightRules => ({
  ...DEFAULT_PREFLIGHT_RULES,
  ...patch,
  actions: { ...DEFAULT_PREFLIGHT_RULES.actions, ...actions },
});
async function setRules(track: string, value: PreflightRules | null, who: SignedUp = editor) {
  return t.app.inject({ method: 'PUT', url: `/api/editor/tracks/${track}/preflight`, headers: who.auth, payload: { rules: value } });
}
async function preflight(pdf: Uint8Array, opts: { track?: string; coAuthors?: unknown[]; who?: SignedUp } = {}) {
  const parts: Array<[string, string | Buffer, string?]> = [['file', Buffer.from(pdf), 'paper.pdf']];
  if (opts.track) parts.push(['track', opts.track]);
  if (opts.coAuthors) parts.push(['coAuthors', JSON.stringify(opts.coAuthors)]);
  return injectMultipart(t.app, 'POST', '/api/author/preflight', parts, (opts.who ?? alice).auth);
}
const findingsOf = async (pdf: Uint8Array, opts: Parameters<typeof preflight>[1] = {}) => {
  const res = await preflight(pdf, opts);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PreflightResponse;
};

beforeAll(async () => {
  t = await startTestApp();
  editor = await signupAs(t.app, 'Editor');
  alice = await signupAs(t.app, 'Author', { name: 'Alice Martín', email: uniqueAddress('alice') });
  bob = await signupAs(t.app, 'Author');
  reviewer = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
  expect(
    (await t.app.inject({ method: 'PUT', url: '/api/editor/settings', headers: editor.auth, payload: { blindReview: true } })).statusCode,
  ).toBe(200);
  // Track 1 checks everything with a 10-page limit without the references, on Letter paper; track 2 checks nothing.
  expect((await setRules('track-1', rules({ pageLimit: 10, paperSize: 'Letter' }))).statusCode).toBe(200);
});
afterAll(() => t?.close());

describe('the author checks a PDF before submitting it', () => {
  test('a track without rules checks nothing: the PDF is not even read', async () => {
    expect(await findingsOf(pdfBytes('not a real pdf'), { track: 'track-2' })).toEqual({
      checked: false,
      blocking: 0,
      warnings: 0,
      findings: [],
    });
  });

  test('a clean paper has no findings', async () => {
    const { bytes } = await makePaper({ pages: 11, referencesPages: 2 });
    expect(await findingsOf(bytes, { track: 'track-1', coAuthors: [CO_AUTHOR] })).toEqual({
      checked: true,
      blocking: 0,
      warnings: 0,
      findings: [],
    });
  });

  test("an author's name on page 1 and an e-mail in a footnote, each with its page and line", async () => {
    const paper = await makePaper({ byline: ['Alice Martín'], footnote: '* Contact: hang@uni-b.edu' });
    const { findings } = await findingsOf(paper.bytes, { track: 'track-1', coAuthors: [CO_AUTHOR] });
    const footLine = paper.lines[0]!.length;
    expect(findings).toEqual([
      { rule: 'anonymity-text', severity: 'warn', page: 1, line: 2, message: 'The text names an author (Alice Martín): "Alice Martín".' },
      {
        rule: 'anonymity-text',
        severity: 'warn',
        page: 1,
        line: footLine,
        message: 'The text gives the e-mail address of an author: "* Contact: hang@uni-b.edu".',
      },
    ]);
  });

  test('a co-author written family-first without accents, and a self-citation phrase', async () => {
    const { findings } = await findingsOf(
      (await makePaper({ lines: { 2: ['Nguyen Thi Hang', 'In our previous work [3] we measured it.'] } })).bytes,
      {
        track: 'track-1',
        coAuthors: [CO_AUTHOR],
      },
    );
    expect(findings.map((f) => [f.rule, f.page, f.line])).toEqual([
      ['anonymity-text', 2, 1],
      ['authorship-phrases', 2, 2],
    ]);
  });

  test('an annotation by an author, an attached file, JavaScript and a launch action', async () => {
    const { findings } = await findingsOf(
      (await makePaper({ annotationAuthor: 'Alice Martín', attachment: { name: 'data.csv' }, javascript: 'open-action', launch: true }))
        .bytes,
      { track: 'track-1' },
    );
    expect(findings.map((f) => [f.rule, f.severity, f.page ?? null])).toEqual([
      ['javascript', 'block', null],
      ['launch-action', 'block', 1],
      ['embedded-files', 'warn', null],
      ['anonymity-annotations', 'warn', 1],
    ]);
    expect(findings.find((f) => f.rule === 'anonymity-annotations')).toMatchObject({
      line: 2,
      message: "An annotation's author is Alice Martín.",
    });
    expect(findings.find((f) => f.rule === 'embedded-files')!.message).toContain('data.csv');
  });

  test('11 pages against a 10-page limit fail; with 2 pages of references they pass; A4 against Letter; a font not embedded', async () => {
    const over = await findingsOf((await makePaper({ pages: 12, referencesPages: 1 })).bytes, { track: 'track-1' });
    expect(over.findings).toEqual([
      { rule: 'page-limit', severity: 'warn', page: 11, message: 'The paper has 11 pages before the references; this track allows 10.' },
    ]);
    expect((await findingsOf((await makePaper({ pages: 11, referencesPages: 2 })).bytes, { track: 'track-1' })).findings).toEqual([]);
    const a4 = await findingsOf((await makePaper({ size: 'A4', embedFonts: false })).bytes, { track: 'track-1' });
    expect(a4.findings.map((f) => [f.rule, f.page])).toEqual([
      ['paper-size', 1],
      ['fonts-embedded', 1],
    ]);
    expect(a4.findings[0]!.message).toBe('Every page is A4 (210 × 297 mm); this track asks for US Letter (8.5 × 11 in).');
    expect(a4.findings[1]!.message).toContain('Helvetica');
  });

  test('a PDF that cannot be read is a finding, not an error; a hostile one is answered in time and the server stays responsive', async () => {
    expect((await findingsOf(pdfBytes('broken'), { track: 'track-1' })).findings.map((f) => f.rule)).toEqual(['unchecked']);
    const heavy = await makeHeavyPdf();
    const started = Date.now();
    const pending = findingsOf(heavy, { track: 'track-1' });
    // While the worker reads it, the server answers others.
    const other = await t.app.inject({ url: '/api/tracks' });
    expect(other.statusCode).toBe(200);
    const result = await pending;
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(result.checked).toBe(true);
    for (const f of result.findings) expect(f.rule === 'unchecked' ? f.message : '').toMatch(/^(The PDF could not be checked in time|)/);
  }, 60_000);
});

describe('the submission checks again', () => {
  test('a blocking finding refuses the paper with a 400 naming it; nothing is kept', async () => {
    const before = (await t.app.inject({ url: '/api/author/my-papers', headers: alice.auth })).json().papers.length;
    const res = await postPaper(t.app, alice.auth, {
      track: 'track-1',
      keywords: [],
      pdf: Buffer.from((await makePaper({ javascript: 'open-action' })).bytes),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      "The PDF does not meet this track's rules, so it cannot be submitted: The PDF holds JavaScript (an action run when the PDF is opened). Remove it: reviewers' readers would run it. Please fix it and choose the PDF again.",
    );
    expect((await t.app.inject({ url: '/api/author/my-papers', headers: alice.auth })).json().papers.length).toBe(before);
  });

  test('warnings let it through; the chair sees the format report, and the editor list flags it', async () => {
    const res = await postPaper(t.app, alice.auth, {
      track: 'track-1',
      keywords: [],
      pdf: Buffer.from((await makePaper({ byline: ['Alice Martín'] })).bytes),
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.preflightWarnings).toEqual([
      { rule: 'anonymity-text', severity: 'warn', page: 1, line: 2, message: 'The text names an author (Alice Martín): "Alice Martín".' },
    ]);
    const paperId = body.paper._id as string;
    const report = await t.app.inject({ url: `/api/editor/papers/${paperId}/format-report`, headers: editor.auth });
    expect(report.statusCode).toBe(200);
    expect(report.json().versions).toMatchObject([{ version: 1, checked: true, findings: body.preflightWarnings }]);
    const list = (await t.app.inject({ url: '/api/editor/papers', headers: editor.auth })).json() as Array<{
      _id: string;
      formatReport?: unknown;
    }>;
    expect(list.find((p) => p._id === paperId)!.formatReport).toEqual({ checked: true, blocking: 0, warnings: 1 });

    // A new version is checked as well: a blocking one is refused, a clean one is kept with an empty report.
    const blocked = await injectMultipart(
      t.app,
      'PATCH',
      `/api/author/paper/${paperId}`,
      [['file', Buffer.from((await makePaper({ launch: true })).bytes), 'v2.pdf']],
      alice.auth,
    );
    expect(blocked.statusCode).toBe(400);
    expect(blocked.json().message).toContain('starts a program');
    const clean = await injectMultipart(
      t.app,
      'PATCH',
      `/api/author/paper/${paperId}`,
      [['file', Buffer.from((await makePaper()).bytes), 'v2.pdf']],
      alice.auth,
    );
    expect(clean.statusCode, clean.body).toBe(200);
    expect(clean.json().preflightWarnings).toEqual([]);
    const again = (await t.app.inject({ url: `/api/editor/papers/${paperId}/format-report`, headers: editor.auth })).json();
    expect(again.versions.map((v: { version: number; findings: unknown[] }) => [v.version, v.findings.length])).toEqual([
      [2, 0],
      [1, 1],
    ]);
  });

  test('the chair sets a rule to block and the same PDF is then refused', async () => {
    const pdf = Buffer.from((await makePaper({ pages: 12, referencesPages: 1 })).bytes);
    expect((await postPaper(t.app, alice.auth, { track: 'track-1', keywords: [], pdf })).statusCode).toBe(201);
    expect((await setRules('track-1', rules({ pageLimit: 10, paperSize: 'Letter' }, { 'page-limit': 'block' }))).statusCode).toBe(200);
    const refused = await postPaper(t.app, alice.auth, { track: 'track-1', keywords: [], pdf });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('The paper has 11 pages before the references; this track allows 10. (page 11)');
    expect((await setRules('track-1', rules({ pageLimit: 10, paperSize: 'Letter' }))).statusCode).toBe(200);
  });

  test("a version's report goes with the version (the data-retention removal of rejected papers' files)", async () => {
    const res = await postPaper(t.app, alice.auth, {
      track: 'track-1',
      keywords: [],
      pdf: Buffer.from((await makePaper({ byline: ['Alice Martín'] })).bytes),
    });
    expect(res.statusCode).toBe(201);
    const paperId = res.json().paper._id as string;
    const db = t.app.database.db;
    const reports = async () => {
      const res = await db.execute(
        sql`select count(*)::int as n from preflight_reports_all r join paper_files_all f on f.id = r.paper_file_id where f.paper_id = ${paperId}`,
      );
      return (res as unknown as { rows: Array<{ n: number }> }).rows[0];
    };
    expect(await reports()).toEqual({ n: 1 });
    await db.execute(sql`delete from paper_files_all where paper_id = ${paperId}`);
    expect(await reports()).toEqual({ n: 0 });
  });

  test('with no rules a fresh track keeps the original submission answer', async () => {
    const res = await postPaper(t.app, alice.auth, { track: 'track-2' });
    expect(res.statusCode).toBe(201);
    expect(Object.keys(res.json()).sort()).toEqual(['message', 'paper']);
  });
});

describe('who may do what', () => {
  test("another author cannot check a version of someone else's paper; a reviewer cannot check at all", async () => {
    const paper = await submitPaper(t.app, alice.auth, { track: 'track-2' });
    const pdf = Buffer.from((await makePaper()).bytes);
    const url = `/api/author/paper/${paper._id}/preflight`;
    expect((await injectMultipart(t.app, 'POST', url, [['file', pdf]], bob.auth)).statusCode).toBe(404);
    expect((await injectMultipart(t.app, 'POST', url, [['file', pdf]], alice.auth)).statusCode).toBe(200);
    expect((await injectMultipart(t.app, 'POST', url, [['file', pdf]], reviewer.auth)).statusCode).toBe(403);
    expect((await preflight(pdf, { who: reviewer })).statusCode).toBe(403);
  });

  test('reviewers and authors cannot read a format report or set rules; rules are checked', async () => {
    const paper = await submitPaper(t.app, alice.auth, { track: 'track-2' });
    for (const who of [reviewer, alice])
      expect((await t.app.inject({ url: `/api/editor/papers/${paper._id}/format-report`, headers: who.auth })).statusCode).toBe(403);
    expect((await setRules('track-1', null, alice)).statusCode).toBe(403);
    const bad = await setRules('track-1', { ...rules(), pageLimit: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('The page limit is at least 1 page');
    expect((await setRules('no-such-track', rules())).statusCode).toBe(404);
  });
});
