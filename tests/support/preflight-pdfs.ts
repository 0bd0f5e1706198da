import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import type { PreflightRule } from '../../src/core/preflight';
import { PDFDocument, PDFHexString, PDFName, PDFString, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

/**
 * Papers with known contents for the preflight (decision 0072), shared by its tests and bench/preflight.ts: a title,
 * a byline, an abstract and body text in lines of 10 pt, references from their heading on, and any of the problems the
 * checks look for, each at a known page and line. Made with pdf-lib; read back by pdf.js in the checker.
 */
export interface PaperSpec {
  /** Pages in all (default 8). */
  pages?: number;
  /** Of those, the last ones are the references: the heading "References" starts the first of them (default 1). */
  referencesPages?: number;
  /** The heading's words (default "References"). */
  referencesHeading?: string;
  size?: 'A4' | 'Letter';
  /** False: the standard Helvetica, not embedded (pdf-lib never embeds the standard 14 fonts). Default true: Liberation Sans, embedded. */
  embedFonts?: boolean;
  title?: string;
  /** Lines under the title on page 1 (an author's name, an affiliation); none in an anonymous paper. */
  byline?: string[];
  /** A footnote at the foot of page 1 (its last line). */
  footnote?: string;
  /** Lines replacing the body's first lines of a page (page number → lines). */
  lines?: Record<number, string[]>;
  /** An annotation (a sticky note) on page 1 by this author. */
  annotationAuthor?: string;
  /** A file attached to the PDF. */
  attachment?: { name: string; description?: string };
  javascript?: 'open-action' | 'document-script';
  /** A link on page 1 that starts a program. */
  launch?: boolean;
  /** A link to this address on page 1, over its third line. */
  link?: string;
  /** The document properties' Author. */
  infoAuthor?: string;
  /** A bookmark with this title. */
  outline?: string;
}

const require = createRequire(import.meta.url);
let fontBytes: Buffer | undefined;
/** A TrueType font that comes with pdf.js (an npm dependency): what a TeX or Word PDF embeds. */
const liberationSans = () => (fontBytes ??= readFileSync(require.resolve('pdfjs-dist/standard_fonts/LiberationSans-Regular.ttf')));

const WORDS =
  'we study the effect of careful design on systems that process many requests under load and measure how each choice changes latency throughput and cost across several workloads drawn from practice'.split(
    ' ',
  );
/** A body line of about 90 characters, the same for the same page and line. */
function filler(page: number, line: number): string {
  const out: string[] = [];
  let i = (page * 31 + line * 7) % WORDS.length;
  while (out.join(' ').length < 85) out.push(WORDS[i++ % WORDS.length]!);
  const text = out.join(' ');
  return text[0]!.toUpperCase() + text.slice(1) + '.';
}

const SIZES = { A4: [595.28, 841.89], Letter: [612, 792] } as const;
export const LINE_HEIGHT = 13;
const TOP = 72;
const LEFT = 72;

/** A paper as a PDF, and where its lines are: lines[page - 1][line - 1] is the text the checker should read there. */
export async function makePaper(spec: PaperSpec = {}): Promise<{ bytes: Uint8Array; lines: string[][] }> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkit);
  const font: PDFFont =
    spec.embedFonts === false ? await doc.embedFont(StandardFonts.Helvetica) : await doc.embedFont(liberationSans(), { subset: true });
  const [width, height] = SIZES[spec.size ?? 'Letter'];
  const total = spec.pages ?? 8;
  const refPages = Math.min(spec.referencesPages ?? 1, total);
  const firstRefPage = total - refPages + 1;
  const perPage = Math.floor((height - 2 * TOP) / LINE_HEIGHT);
  const all: string[][] = [];
  const pages: PDFPage[] = [];
  let reference = 1;
  for (let p = 1; p <= total; p++) {
    const page = doc.addPage([width, height]);
    pages.push(page);
    const lines: Array<{ text: string; size: number }> = [];
    if (p === 1) {
      lines.push({ text: spec.title ?? 'Careful Design for Systems Under Load', size: 16 });
      for (const b of spec.byline ?? []) lines.push({ text: b, size: 11 });
      lines.push({ text: 'Abstract', size: 11 });
    }
    if (p === firstRefPage) lines.push({ text: spec.referencesHeading ?? 'References', size: 12 });
    for (const extra of spec.lines?.[p] ?? []) lines.push({ text: extra, size: 10 });
    const footnote = p === 1 && spec.footnote ? 1 : 0;
    while (lines.length < perPage - footnote)
      lines.push(
        p >= firstRefPage
          ? {
              text: `[${reference}] A. Writer and B. Reader. A study of things number ${reference++}. In Proc. of a Conference, 2024.`,
              size: 10,
            }
          : { text: filler(p, lines.length), size: 10 },
      );
    lines.forEach((l, i) => page.drawText(l.text, { x: LEFT, y: height - TOP - i * LINE_HEIGHT, size: l.size, font }));
    if (footnote) {
      page.drawText(spec.footnote!, { x: LEFT, y: TOP - 20, size: 8, font });
      lines.push({ text: spec.footnote!, size: 8 });
    }
    all.push(lines.map((l) => l.text));
  }

  const ctx = doc.context;
  const annots: unknown[] = [];
  const lineY = (line: number) => height - TOP - (line - 1) * LINE_HEIGHT;
  if (spec.annotationAuthor)
    annots.push(
      ctx.register(
        ctx.obj({
          Type: 'Annot',
          Subtype: 'Text',
          Rect: [LEFT + 400, lineY(2) - 2, LEFT + 420, lineY(2) + 10],
          T: PDFHexString.fromText(spec.annotationAuthor),
          Contents: PDFHexString.fromText('Check this paragraph again'),
        }),
      ),
    );
  if (spec.link)
    annots.push(
      ctx.register(
        ctx.obj({
          Type: 'Annot',
          Subtype: 'Link',
          Rect: [LEFT, lineY(3) - 2, LEFT + 200, lineY(3) + 10],
          Border: [0, 0, 0],
          A: { S: 'URI', URI: PDFString.of(spec.link) },
        }),
      ),
    );
  if (spec.launch)
    annots.push(
      ctx.register(
        ctx.obj({
          Type: 'Annot',
          Subtype: 'Link',
          Rect: [LEFT, lineY(4) - 2, LEFT + 200, lineY(4) + 10],
          A: { S: 'Launch', F: PDFString.of('calc.exe') },
        }),
      ),
    );
  if (annots.length) pages[0]!.node.set(PDFName.of('Annots'), ctx.obj(annots as never));
  if (spec.javascript === 'open-action')
    doc.catalog.set(PDFName.of('OpenAction'), ctx.obj({ S: 'JavaScript', JS: PDFString.of('app.alert("hello")') }));
  if (spec.javascript === 'document-script') {
    const action = ctx.register(ctx.obj({ S: 'JavaScript', JS: PDFString.of('this.print()') }));
    doc.catalog.set(PDFName.of('Names'), ctx.obj({ JavaScript: { Names: [PDFString.of('print'), action] } }));
  }
  if (spec.attachment)
    await doc.attach(Buffer.from('x,y\n1,2\n'), spec.attachment.name, {
      mimeType: 'text/csv',
      description: spec.attachment.description ?? '',
    });
  if (spec.infoAuthor) doc.setAuthor(spec.infoAuthor);
  if (spec.outline) {
    const outlines = ctx.nextRef();
    const item = ctx.register(ctx.obj({ Title: PDFHexString.fromText(spec.outline), Parent: outlines, Dest: [pages[0]!.ref, 'Fit'] }));
    ctx.assign(outlines, ctx.obj({ Type: 'Outlines', First: item, Last: item, Count: 1 }));
    doc.catalog.set(PDFName.of('Outlines'), outlines);
  }
  return { bytes: await doc.save({ useObjectStreams: false }), lines: all };
}

/**
 * A PDF that is hostile to a reader: one page whose content stream draws this many tiny paths and text runs, which
 * makes pdf.js work for a long time on its text. Well-formed; small on the wire (compressed).
 */
export async function makeHeavyPdf(operations = 3_000_000): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  page.drawText('x', { x: 10, y: 10, size: 1, font });
  const fontName = [
    ...(page.node
      .Resources()
      ?.lookup(PDFName.of('Font'), (await import('pdf-lib')).PDFDict)
      ?.keys() ?? []),
  ][0]!.decodeText();
  const op = `BT /${fontName} 1 Tf 1 0 0 1 5 5 Tm (ab) Tj ET\n`;
  const content = doc.context.flateStream(op.repeat(operations));
  page.node.set(PDFName.of('Contents'), doc.context.register(content));
  return doc.save({ useObjectStreams: false });
}

/** The names the checks look for in the set below. */
export const AUTHORS = [
  { name: 'Alice Martín', email: 'alice.martin@uni-a.edu', affiliation: 'University of Avalon', orcid: '0000-0002-1825-0097' },
  { name: 'Nguyễn Thị Hằng', email: 'hang@uni-b.edu', affiliation: 'Hanoi Institute of Computing', orcid: null },
];

/** One case of the 20-PDF set (bench/preflight.ts): a paper and the rules it should (and should not) trip. */
export interface PreflightCase {
  label: string;
  spec: PaperSpec;
  /** The rules that must find something; every other rule must find nothing. */
  expect: PreflightRule[];
}

/**
 * The 20 real-shaped PDFs (decision 0072): each problem once with it, and clean papers that look like it without it
 * (a family name cited in the third person, a references heading numbered, a DOI link is external). Rules: 10 pages
 * before the references, Letter, fonts embedded, blind review.
 */
export const PREFLIGHT_SET: PreflightCase[] = [
  { label: 'clean, 8 pages', spec: {}, expect: [] },
  { label: 'clean, 12 pages with 3 of references', spec: { pages: 12, referencesPages: 3 }, expect: [] },
  {
    label: 'clean, numbered heading "7 REFERENCES"',
    spec: { pages: 11, referencesPages: 2, referencesHeading: '7 REFERENCES' },
    expect: [],
  },
  {
    label: 'clean, cites an author in the third person',
    spec: { lines: { 2: ['As Martín et al. [3] showed, the load matters.'] } },
    expect: [],
  },
  {
    label: 'clean, "our results" without a citation',
    spec: { lines: { 3: ['Our results show that the design matters for cost.'] } },
    expect: [],
  },
  { label: 'author named in the byline', spec: { byline: ['Alice Martín'] }, expect: ['anonymity-text'] },
  { label: 'author as "A. Martin" (no accent)', spec: { byline: ['A. Martin and others'] }, expect: ['anonymity-text'] },
  { label: 'author family-first "Nguyen Thi Hang"', spec: { byline: ['Nguyen Thi Hang'] }, expect: ['anonymity-text'] },
  { label: 'e-mail in a footnote', spec: { footnote: '* Contact: alice.martin@uni-a.edu' }, expect: ['anonymity-text'] },
  { label: 'affiliation in the byline', spec: { byline: ['University of Avalon, Camelot'] }, expect: ['anonymity-text'] },
  {
    label: 'self-citation phrase',
    spec: { lines: { 2: ['In our previous work [3] we measured the same systems.'] } },
    expect: ['authorship-phrases'],
  },
  { label: 'annotation by an author', spec: { annotationAuthor: 'Alice Martín' }, expect: ['anonymity-annotations'] },
  { label: 'document properties name an author', spec: { infoAuthor: 'Nguyễn Thị Hằng' }, expect: ['anonymity-metadata'] },
  { label: 'bookmark names an author', spec: { outline: 'Notes for Alice' }, expect: ['anonymity-outline'] },
  { label: 'attached file', spec: { attachment: { name: 'data.csv', description: 'measurements' } }, expect: ['embedded-files'] },
  { label: 'JavaScript when opened', spec: { javascript: 'open-action' }, expect: ['javascript'] },
  { label: 'launch action', spec: { launch: true }, expect: ['launch-action'] },
  { label: '12 pages, 11 before the references (limit 10)', spec: { pages: 12, referencesPages: 1 }, expect: ['page-limit'] },
  { label: 'A4 against Letter', spec: { size: 'A4' }, expect: ['paper-size'] },
  { label: 'fonts not embedded', spec: { embedFonts: false }, expect: ['fonts-embedded'] },
];
