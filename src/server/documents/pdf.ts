// @pdf-lib/fontkit's shapers (Devanagari, Thai, Arabic) are compiled generators that call a global regeneratorRuntime.
import 'regenerator-runtime/runtime.js';
import fontkit from '@pdf-lib/fontkit';
import bidiFactory from 'bidi-js';
import { deflateSync } from 'node:zlib';
import {
  CustomFontSubsetEmbedder,
  PDFContentStream,
  PDFRawStream,
  type PDFRef,
  PDFDocument,
  PDFFont,
  PDFHexString,
  PDFName,
  PDFOperator,
  PDFOperatorNames,
  rgb,
  type PDFImage,
  type PDFPage,
  type RGB,
} from 'pdf-lib';
import { conferenceTitle, type ConferenceFacts } from '../../core/conference-facts';
import { formatDateRange } from '../../core/format';
import type { Organiser } from '../services/shared/organiser';
import { CffSubsetEmbedder } from './cff-subset';
import { FALLBACK_ORDER, fontBytes, hanForLine, RTL_SCRIPTS, scriptOf, type FontScript } from './fonts';
import { qrMatrix, qrRuns } from './qr';

/**
 * The documents toolkit (decisions 0049, 0053, 0054 and 0073): every PDF the server makes (certificates, receipts,
 * visa letters, badges, the programme, the abstract book) is set in the Noto fonts of src/server/documents/fonts.ts,
 * so that a name in any script is drawn as written. A line is put in visual order by the Unicode bidirectional
 * algorithm (bidi-js), cut into runs by script and direction, each run shaped by fontkit in its font (Arabic
 * joining, Devanagari conjuncts and vowel signs, Thai marks) and wrapped in a marked-content span whose ActualText
 * is the run as written, so that copying, searching and `pdftotext` give the text in logical order even where the
 * glyphs are reordered (Devanagari's i-matra) or joined (Arabic). A font is embedded when a document first draws
 * with it, and only the glyphs used.
 */
export interface DocKit {
  pdf: PDFDocument;
  /** The fonts embedded so far, by script and weight ("latinB"). */
  fonts: Map<string, PDFFont>;
}

export const INK = rgb(0.07, 0.1, 0.16);
export const MUTED = rgb(0.33, 0.37, 0.45);
export const NAVY = rgb(16 / 255, 45 / 255, 85 / 255);
export const GOLD = rgb(242 / 255, 182 / 255, 50 / 255);
const BLUE = rgb(29 / 255, 79 / 255, 145 / 255);

type FontkitFont = ReturnType<typeof fontkit.create>;

/**
 * One parsed font per file for the process: pdf-lib would parse the font again for every document otherwise, and
 * fontkit's shaping caches (GSUB and GPOS lookups) live on the parsed font, so a fresh one made every document cost
 * about 0.8 s (seconds more for a CJK font). pdf-lib only reads the font (layout, glyphs); each document makes its
 * own subset of it.
 */
const parsed = new Map<Uint8Array, FontkitFont>();
function parsedFont(bytes: Uint8Array): FontkitFont {
  let font = parsed.get(bytes);
  if (!font) {
    font = fontkit.create(bytes as Buffer);
    keepCodePoints(font as unknown as GlyphSource);
    rememberLayouts(font as unknown as LayoutSource);
    parsed.set(bytes, font);
  }
  return font;
}

type Glyph = { id: number; codePoints: number[] };
type GlyphSource = { getGlyph(id: number, codePoints?: number[]): Glyph | null };
type LayoutSource = { layout(text: string, features?: unknown, ...rest: unknown[]): { glyphs: Glyph[] } };

/**
 * fontkit's layout (GSUB and GPOS lookups) was most of a long document's time: the abstract book shapes every line
 * it measures and again when it draws it. pdf-lib reads only the glyphs of a layout (their ids, characters and
 * advances), so a line of a left-to-right script is laid out word by word, each word once per process, the words
 * joined by the space's glyph: shaping does not cross a space in these scripts, and kerning across one is a
 * hundredth of a point. Right-to-left text (laid out as a whole by fontkit, which reverses it) is remembered whole.
 */
const LAYOUTS_KEPT = 100_000;
function rememberLayouts(font: LayoutSource): void {
  const layout = font.layout.bind(font);
  const known = new Map<string, Glyph[]>();
  const glyphsOf = (text: string): Glyph[] => {
    let glyphs = known.get(text);
    if (!glyphs) {
      glyphs = layout(text).glyphs;
      if (known.size >= LAYOUTS_KEPT) known.clear();
      known.set(text, glyphs);
    }
    return glyphs;
  };
  font.layout = (text, features, ...rest) => {
    if (features !== undefined || rest.length > 0) return layout(text, features, ...rest);
    if (!text.includes(' ') || RTL_LETTERS.test(text)) return { glyphs: glyphsOf(text) };
    const glyphs: Glyph[] = [];
    const space = glyphsOf(' ');
    const words = text.split(' ');
    words.forEach((word, i) => {
      if (word) for (const g of glyphsOf(word)) glyphs.push(g);
      if (i < words.length - 1) for (const g of space) glyphs.push(g);
    });
    return { glyphs };
  };
}

/**
 * fontkit keeps the first glyph object made for a glyph id, with the characters it was first made for. The text
 * layer of the PDF (what a reader copies, searches, or reads aloud) is written from those characters, so a glyph
 * first reached without any (the "A" inside a composite "Å" while subsetting) or for another character sharing
 * it (Cyrillic "А" and Latin "A") would make later text read wrong. Here each layout gets a glyph object carrying
 * the characters it was asked for.
 */
function keepCodePoints(font: GlyphSource): void {
  const getGlyph = font.getGlyph.bind(font);
  font.getGlyph = (id, codePoints = []) => {
    const glyph = getGlyph(id, codePoints);
    if (
      !glyph ||
      codePoints.length === 0 ||
      (glyph.codePoints.length === codePoints.length && glyph.codePoints.every((c, i) => c === codePoints[i]))
    )
      return glyph;
    const Make = glyph.constructor as new (id: number, codePoints: number[], font: GlyphSource) => Glyph;
    return new Make(id, codePoints, font);
  };
}

/**
 * A new PDF (its fonts are embedded as it draws: a document carries only the fonts and glyphs it uses); its author
 * is the conference as its current facts name it.
 */
export async function createDocument(opts: {
  title: string;
  subject?: string;
  conference: Pick<ConferenceFacts, 'edition' | 'name'>;
}): Promise<DocKit> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(opts.title);
  if (opts.subject) pdf.setSubject(opts.subject);
  pdf.setAuthor(conferenceTitle(opts.conference));
  pdf.setCreator('IMSE conference platform');
  pdf.setProducer('IMSE conference platform (pdf-lib)');
  pdf.setLanguage('en');
  return { pdf, fonts: new Map() };
}

/** pdf-lib 1.17's subsetting embedder, made directly: PDFDocument.embedFont is async, drawing is not. */
const SubsetEmbedder = CustomFontSubsetEmbedder as unknown as new (font: FontkitFont, bytes: Uint8Array) => CustomFontSubsetEmbedder;

/**
 * The document's font for a script and weight, embedded (as a subset) the first time it is asked for. What
 * PDFDocument.embedFont does, without its await: the font is registered with the document, which writes it (with
 * the glyphs drawn) when saved.
 */
export function fontOf(kit: DocKit, script: FontScript, bold: boolean): PDFFont {
  const key = `${script}${bold ? 'B' : 'R'}`;
  let font = kit.fonts.get(key);
  if (!font) {
    const bytes = fontBytes(script, bold);
    const parsedBytes = parsedFont(bytes);
    // CFF-flavoured fonts (the CJK ones) go through HarfBuzz's subsetter: fontkit's writes CID fonts readers reject.
    const embedder = (parsedBytes as unknown as { directory: { tables: Record<string, unknown> } }).directory.tables['CFF ']
      ? new CffSubsetEmbedder(parsedBytes, bytes)
      : new SubsetEmbedder(parsedBytes, bytes);
    font = PDFFont.of(kit.pdf.context.nextRef(), kit.pdf, embedder);
    (kit.pdf as unknown as { fonts: PDFFont[] }).fonts.push(font);
    kit.fonts.set(key, font);
  }
  return font;
}

/**
 * The bytes of the finished document. Pages' content streams are compressed by Node's zlib first: pdf-lib's own
 * (pako, in JavaScript) was a third of the abstract book's time.
 */
export function saveDocument(kit: DocKit): Promise<Uint8Array> {
  compressContentStreams(kit.pdf);
  return kit.pdf.save();
}

/** Every page content stream drawn so far replaced by its bytes, deflated (the document is not drawn on after this). */
function compressContentStreams(pdf: PDFDocument): void {
  for (const [ref, object] of pdf.context.enumerateIndirectObjects()) {
    if (object instanceof PDFContentStream) compressContentStream(pdf, ref, object);
  }
}

function compressContentStream(pdf: PDFDocument, ref: PDFRef, stream: PDFContentStream): void {
  const dict = stream.dict.clone(pdf.context);
  dict.set(PDFName.of('Filter'), PDFName.of('FlateDecode'));
  pdf.context.assign(ref, PDFRawStream.of(dict, deflateSync(stream.getUnencodedContents())));
}

/**
 * What has been drawn on the page so far, deflated now: pdf-lib keeps every drawing operation of every page as
 * objects until the document is saved (the abstract book's 3,000 papers held 450 MB of them). Drawing on the page
 * afterwards (the running header and page number, drawn once the page count is known) goes to a new content stream.
 */
export function sealPage(kit: DocKit, page: PDFPage): void {
  const p = page as unknown as { contentStream?: PDFContentStream; contentStreamRef?: PDFRef };
  if (!p.contentStream || !p.contentStreamRef) return;
  compressContentStream(kit.pdf, p.contentStreamRef, p.contentStream);
  p.contentStream = undefined;
  p.contentStreamRef = undefined;
}

/** Whether a script's font has a glyph for the character (asked for every character drawn: kept per font and character). */
const coverage = new Map<FontScript, Map<number, boolean>>();
function covers(script: FontScript, cp: number): boolean {
  let known = coverage.get(script);
  if (!known) coverage.set(script, (known = new Map()));
  let has = known.get(cp);
  if (has === undefined) {
    has = (parsedFont(fontBytes(script, false)) as unknown as { hasGlyphForCodePoint(cp: number): boolean }).hasGlyphForCodePoint(cp);
    known.set(cp, has);
  }
  return has;
}

/** Text as it is drawn: NFC, no control characters, tabs as spaces. */
function clean(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\t/g, ' ')
    .replace(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/g, '');
}

const bidi = bidiFactory();

/** A run of one font, one direction: the text as written (logical order) and its bidi embedding level. */
interface LogicalRun {
  script: FontScript;
  text: string;
  level: number;
}

/** Characters of the right-to-left scripts, and the bidi controls: a line without any is laid out left to right as it is. */
const BIDI_TEXT = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
/** The letters fontkit lays out right to left (it takes a run's direction from its script). */
const RTL_LETTERS = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;

/**
 * The text cut into runs of one font and one bidi level, in logical order: letters go to their script's font (Han
 * to the Chinese, Japanese or Korean font as the line's kana or Hangul tell), spaces, marks and punctuation stay
 * with their neighbours, a character its font lacks goes to the first font that has it ("≥" to the CJK font).
 */
function logicalRuns(text: string, levels: Uint8Array | null): LogicalRun[] {
  const runs: LogicalRun[] = [];
  const han = hanForLine(text);
  let current: FontScript | null = null;
  let level = 0;
  let buffer = '';
  let index = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    const chLevel = levels ? (levels[index] ?? 0) : 0;
    index += ch.length;
    let script = scriptOf(ch);
    if (script === 'sc') script = han;
    if (script === null) {
      // Punctuation between right-to-left text and what follows it ("مسقط, Oman": the comma is left to right) is
      // set in the Latin font: readers place it on the line by its font, and a comma in the Arabic font reads apart.
      const keep: boolean = current !== null && !(RTL_SCRIPTS.has(current) && chLevel % 2 === 0) && covers(current, cp);
      script = keep ? current : covers('latin', cp) ? 'latin' : (current ?? 'latin');
    } else if (!covers(script, cp)) {
      script = FALLBACK_ORDER.find((s) => covers(s, cp)) ?? script;
    }
    if ((script !== current || chLevel !== level) && buffer) {
      runs.push({ script: current ?? 'latin', text: buffer, level });
      buffer = '';
    }
    current = script;
    level = chLevel;
    buffer += ch;
  }
  if (buffer) runs.push({ script: current ?? 'latin', text: buffer, level });
  return runs;
}

/** The text cut into runs of one font (in logical order): letters go to their script's font, spaces, marks and punctuation stay with their neighbours. */
export function scriptRuns(text: string): { script: FontScript; text: string }[] {
  const runs: { script: FontScript; text: string }[] = [];
  for (const run of logicalRuns(text, null)) runs.push({ script: run.script, text: run.text });
  return runs;
}

/** A run as drawn: its font, the string handed to the shaper (so that its glyphs come out left to right), the text as written. */
interface VisualRun {
  script: FontScript;
  drawn: string;
  text: string;
  /** Whether the run's glyphs do not map one to one, in order, onto its text: it carries its text as ActualText. */
  actualText: boolean;
}

const SHAPED_SCRIPTS: ReadonlySet<FontScript> = new Set(['devanagari', 'thai', 'arabic', 'hebrew']);

/**
 * One line's runs in the order they are drawn, left to right (Unicode bidirectional algorithm, UAX #9, by bidi-js:
 * "Sultan Qaboos University, مسقط, Oman" keeps its Latin left to right and its Arabic right to left; a line in
 * Arabic or Hebrew alone reads from the right). fontkit shapes an Arabic or Hebrew run and reverses its glyphs
 * itself; any other run to be drawn right to left (punctuation, brackets inside Arabic text) is reversed here by
 * grapheme, its brackets mirrored.
 */
export function visualRuns(line: string): VisualRun[] {
  const levels = BIDI_TEXT.test(line) ? bidi.getEmbeddingLevels(line).levels : null;
  const runs = logicalRuns(line, levels);
  if (levels) {
    // Rule L2: from the highest level down to the lowest odd one, reverse every sequence of runs at that level or above.
    const max = Math.max(...runs.map((r) => r.level));
    const minOdd = Math.min(...runs.map((r) => (r.level % 2 === 1 ? r.level : r.level + 1)));
    for (let lvl = max; lvl >= minOdd; lvl--) {
      for (let i = 0; i < runs.length; i++) {
        if (runs[i]!.level < lvl) continue;
        let j = i;
        while (j + 1 < runs.length && runs[j + 1]!.level >= lvl) j++;
        runs.splice(i, j - i + 1, ...runs.slice(i, j + 1).reverse());
        i = j;
      }
    }
  }
  return runs.map((run) => {
    const rtl = run.level % 2 === 1;
    const shaperReverses = RTL_SCRIPTS.has(run.script) && RTL_LETTERS.test(run.text);
    let drawn = run.text;
    if (rtl !== shaperReverses) {
      const parts = [...graphemes.segment(run.text)].map(({ segment }) =>
        rtl ? (bidi.getMirroredCharacter(segment) ?? segment) : segment,
      );
      drawn = parts.reverse().join('');
    }
    return { script: run.script, drawn, text: run.text, actualText: !rtl && SHAPED_SCRIPTS.has(run.script) };
  });
}

/**
 * Widths at size 1 of the runs measured lately, by font file and text: shaping (fontkit's GSUB and GPOS lookups) is
 * most of a document's time, and the same words (letterhead, headings, labels) come back in every document.
 */
const widths = new Map<string, number>();
function runWidth(kit: DocKit, script: FontScript, bold: boolean, text: string, size: number): number {
  const key = `${script}${bold ? 'B' : 'R'}${text}`;
  let w = widths.get(key);
  if (w === undefined) {
    w = fontOf(kit, script, bold).widthOfTextAtSize(text, 1);
    if (widths.size >= 20_000) widths.clear();
    widths.set(key, w);
  }
  return w * size;
}

function lineWidth(kit: DocKit, text: string, size: number, bold: boolean): number {
  let width = 0;
  for (const run of logicalRuns(text, null)) width += runWidth(kit, run.script, bold, run.text, size);
  return width;
}

/** How wide the text is drawn at this size (one line). */
export function textWidth(kit: DocKit, text: string, size: number, bold = false): number {
  return lineWidth(kit, clean(text), size, bold);
}

const words = new Intl.Segmenter('en', { granularity: 'word' });
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * The paragraph cut where a line may break: after a space, between two words of a script written without spaces
 * (Thai: the segmenter finds its words), after '/' or '-' (addresses, double names). Punctuation stays with the
 * word before it ("Thailand," never starts a line with ","), an opening bracket or quote with the word after it.
 */
export function breakChunks(paragraph: string): string[] {
  const chunks: string[] = [];
  let prev: { segment: string; isWordLike?: boolean } | null = null;
  for (const s of words.segment(paragraph)) {
    const space = !s.segment.trim();
    const prevSpace = prev !== null && !prev.segment.trim();
    const breakable =
      prev === null ||
      space ||
      prevSpace ||
      (s.isWordLike === true && prev.isWordLike === true) ||
      (/[/\-]$/.test(prev.segment) && !/^[/\-]/.test(s.segment));
    if (breakable || chunks.length === 0) chunks.push(s.segment);
    else chunks[chunks.length - 1] += s.segment;
    prev = s;
  }
  // A space before a chunk belongs to the line it ends: "word " then "next".
  const merged: string[] = [];
  for (const c of chunks) {
    if (!c.trim() && merged.length) merged[merged.length - 1] += c;
    else merged.push(c);
  }
  return merged;
}

/**
 * The text broken into lines no wider than maxWidth: at spaces and word boundaries (Thai has no spaces between
 * words: the segmenter finds them), a word wider than a line at grapheme clusters; '\n' starts a new line.
 */
export function wrapLines(kit: DocKit, text: string, size: number, bold: boolean, maxWidth?: number): string[] {
  const lines: string[] = [];
  for (const paragraph of clean(text).split('\n')) {
    if (!maxWidth) {
      lines.push(paragraph.trim());
      continue;
    }
    // Widths add up segment by segment (kerning across a segment boundary is left out: a point at most).
    let line = '';
    let width = 0;
    const measure = (t: string) => lineWidth(kit, t, size, bold);
    for (const segment of breakChunks(paragraph)) {
      const w = measure(segment);
      if (width + w <= maxWidth || !line.trim()) {
        if (!line.trim() && !segment.trim()) continue;
        line += segment;
        width += w;
        if (width <= maxWidth) continue;
      } else {
        lines.push(line.trim());
        line = segment.trimStart();
        width = measure(line);
        if (width <= maxWidth) continue;
      }
      // One word longer than a line: cut it between grapheme clusters.
      let part = '';
      for (const { segment: g } of graphemes.segment(line)) {
        if (part && measure(part + g) > maxWidth) {
          lines.push(part);
          part = '';
        }
        part += g;
      }
      line = part;
      width = measure(part);
    }
    lines.push(line.trim());
  }
  return lines;
}

/**
 * The start of a marked-content span (ISO 32000-1 §14.9.4) whose ActualText is the text as written: readers copy,
 * search and read aloud that instead of the glyphs' characters (Devanagari's i-matra is drawn before the consonant
 * it follows, Arabic letters are joined and laid right to left).
 */
function beginActualText(kit: DocKit, text: string): PDFOperator {
  // An inline dictionary in the content stream: pdf-lib writes a PDFDict operand as << … >>.
  return PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [
    PDFName.of('Span'),
    // PDFOperatorArg leaves out dictionaries, but an operand is written by its toString: << /ActualText <…> >>.
    kit.pdf.context.obj({ ActualText: PDFHexString.fromText(text) }) as unknown as PDFName,
  ]);
}

/**
 * Draw text in any script. (x, y) is the first line's baseline start; with maxWidth the text wraps within
 * [x, x + maxWidth] and `align` places each line in that box (without maxWidth: centre or right end at x).
 * Returns the baseline for what comes below (y less one line height per line drawn).
 */
export function drawText(
  kit: DocKit,
  page: PDFPage,
  text: string,
  opts: {
    x: number;
    y: number;
    size: number;
    bold?: boolean;
    color?: RGB;
    maxWidth?: number;
    align?: 'left' | 'center' | 'right';
    lineGap?: number;
  },
): number {
  const bold = opts.bold ?? false;
  const lineHeight = opts.size + (opts.lineGap ?? opts.size * 0.35);
  let y = opts.y;
  for (const line of wrapLines(kit, text, opts.size, bold, opts.maxWidth)) {
    const runs = visualRuns(line);
    // A left-aligned line needs the widths of its runs but the last: a line in one script (most of a long text)
    // is shaped once, by pdf-lib's drawing, not a second time to be measured.
    const aligned = opts.align === 'center' || opts.align === 'right';
    const widthOf = (i: number) => runWidth(kit, runs[i]!.script, bold, runs[i]!.drawn, opts.size);
    let x = opts.x;
    if (aligned) {
      let total = 0;
      for (let i = 0; i < runs.length; i++) total += widthOf(i);
      const box = opts.maxWidth ?? 0;
      x = opts.align === 'center' ? opts.x + (box - total) / 2 : opts.x + box - total;
    }
    runs.forEach((run, i) => {
      if (run.actualText) page.pushOperators(beginActualText(kit, run.text));
      page.drawText(run.drawn, { x, y, size: opts.size, font: fontOf(kit, run.script, bold), color: opts.color ?? INK });
      if (run.actualText) page.pushOperators(PDFOperator.of(PDFOperatorNames.EndMarkedContent));
      if (i < runs.length - 1) x += widthOf(i);
    });
    y -= lineHeight;
  }
  return y;
}

/**
 * A QR code of the text, drawn as vector squares (sharp at any print size) on a white square of side `size` whose
 * bottom-left corner is (x, y), with the 4-module quiet zone readers need inside it.
 */
export async function drawQrCode(_kit: DocKit, page: PDFPage, text: string, opts: { x: number; y: number; size: number }): Promise<void> {
  const matrix = qrMatrix(text);
  const module = opts.size / (matrix.size + 8);
  page.drawRectangle({ x: opts.x, y: opts.y, width: opts.size, height: opts.size, color: rgb(1, 1, 1) });
  const top = opts.y + opts.size - 4 * module;
  for (const run of qrRuns(matrix)) {
    page.drawRectangle({
      x: opts.x + (4 + run.col) * module,
      y: top - (run.row + 1) * module,
      width: run.length * module,
      height: module,
      color: rgb(0, 0, 0),
    });
  }
}

/** The conference's dates as one phrase: "27–28 December 2023" (or across months and years when they differ). */
export const conferenceDatesText = (facts: Pick<ConferenceFacts, 'startDate' | 'endDate'>): string =>
  formatDateRange(facts.startDate, facts.endDate);

/** Where the conference is, as documents print it: "Sample Beach Resort, Pattaya, Thailand" (the country once). */
export function conferenceVenueText(facts: Pick<ConferenceFacts, 'venue'>): string {
  const { resort, country } = facts.venue;
  if (!country || resort.toLowerCase().endsWith(country.toLowerCase())) return resort || country;
  return resort ? `${resort}, ${country}` : country;
}

/** Where and when, as printed under the letterhead's title. */
export const conferenceWhenWhere = (facts: Pick<ConferenceFacts, 'startDate' | 'endDate' | 'venue'>) =>
  `${conferenceDatesText(facts)} · ${conferenceVenueText(facts)}`;

/**
 * The logo of public/logo.svg drawn as vectors (a navy rounded square with the gold mark, "IMSE" and
 * "World Conference"), its top-left corner at (x, top), `scale` times its 148 × 44 size. Returns its width.
 */
export function drawLogo(kit: DocKit, page: PDFPage, opts: { x: number; top: number; scale: number }): number {
  const { x, top, scale } = opts;
  page.drawSvgPath('M10 0H34A10 10 0 0 1 44 10V34A10 10 0 0 1 34 44H10A10 10 0 0 1 0 34V10A10 10 0 0 1 10 0Z', {
    x,
    y: top,
    scale,
    color: NAVY,
  });
  page.drawSvgPath('M10 31l8-18 8 18M13.5 24h9M29 13v18', {
    x,
    y: top,
    scale,
    borderColor: GOLD,
    borderWidth: 3.2 * scale,
    borderLineCap: 1,
  });
  page.drawText('IMSE', { x: x + 52 * scale, y: top - 22 * scale, size: 17 * scale, font: fontOf(kit, 'latin', true), color: NAVY });
  page.drawText('World Conference', {
    x: x + 52 * scale,
    y: top - 37 * scale,
    size: 10.5 * scale,
    font: fontOf(kit, 'latin', false),
    color: BLUE,
  });
  return 148 * scale;
}

/** The vector logo's size at scale 1: the box an uploaded logo is fitted into. */
export const LOGO_BOX = { width: 148, height: 44 } as const;

const embeddedImages = new WeakMap<DocKit, Map<Uint8Array, PDFImage>>();

/** An image embedded once per document (a logo drawn on every page, or on every badge, is stored once). */
async function embedImage(kit: DocKit, image: { bytes: Uint8Array; type: 'png' | 'jpeg' }): Promise<PDFImage> {
  let images = embeddedImages.get(kit);
  if (!images) embeddedImages.set(kit, (images = new Map()));
  let embedded = images.get(image.bytes);
  if (!embedded) {
    embedded = image.type === 'png' ? await kit.pdf.embedPng(image.bytes) : await kit.pdf.embedJpg(image.bytes);
    images.set(image.bytes, embedded);
  }
  return embedded;
}

/**
 * The conference's logo, its top-left corner at (x, top) in a box `scale` times the vector logo's 148 × 44: the
 * editor's uploaded logo (decision 0054) scaled to fit the box with its aspect kept, or else the drawn IMSE logo.
 * `align` places a narrower uploaded logo in the box (the certificate centres it). Returns the width drawn.
 * An uploaded image pdf-lib cannot read (a damaged file) falls back to the vector logo rather than failing the document.
 */
export async function drawConferenceLogo(
  kit: DocKit,
  page: PDFPage,
  opts: {
    x: number;
    top: number;
    scale: number;
    logo?: { bytes: Uint8Array; type: 'png' | 'jpeg' } | null;
    align?: 'left' | 'center';
  },
): Promise<number> {
  const box = { width: LOGO_BOX.width * opts.scale, height: LOGO_BOX.height * opts.scale };
  if (opts.logo) {
    const image = await embedImage(kit, opts.logo).catch(() => null);
    if (image) {
      const fit = Math.min(box.width / image.width, box.height / image.height);
      const width = image.width * fit;
      const height = image.height * fit;
      const x = opts.align === 'center' ? opts.x + (box.width - width) / 2 : opts.x;
      page.drawImage(image, { x, y: opts.top - box.height + (box.height - height) / 2, width, height });
      return opts.align === 'center' ? box.width : width;
    }
  }
  return drawLogo(kit, page, { x: opts.x, top: opts.top, scale: opts.scale });
}

const MARGIN = 48;

/**
 * The conference's letterhead across the top of the page: logo (the uploaded one when the organiser has one),
 * the conference's title, its dates and venue from the current facts, a rule under them. Returns the y below it
 * where the document's text may start.
 */
export async function drawLetterhead(
  kit: DocKit,
  page: PDFPage,
  opts: { conference: ConferenceFacts; organiser?: Pick<Organiser, 'logo'> | null },
): Promise<number> {
  const { width, height } = page.getSize();
  const top = height - MARGIN + 8;
  const logoWidth = await drawConferenceLogo(kit, page, { x: MARGIN, top, scale: 1.1, logo: opts.organiser?.logo });
  const textX = MARGIN + logoWidth + 18;
  const maxWidth = width - MARGIN - textX;
  let y = drawText(kit, page, conferenceTitle(opts.conference), {
    x: textX,
    y: top - 13,
    size: 12,
    bold: true,
    color: NAVY,
    maxWidth,
    lineGap: 3,
  });
  y = drawText(kit, page, conferenceWhenWhere(opts.conference), { x: textX, y: y - 1, size: 9.5, color: MUTED, maxWidth });
  const ruleY = Math.min(y + 2, top - 44 * 1.1 - 10);
  page.drawLine({ start: { x: MARGIN, y: ruleY }, end: { x: width - MARGIN, y: ruleY }, thickness: 1.2, color: GOLD });
  return ruleY - 28;
}

/**
 * The organiser's signature block, its top-left corner at (x, y): the image (when one is configured, at most
 * 46 pt high) above a line 52 pt below y, the organiser's name and title under the line (about 80 pt in all).
 */
export async function drawSignature(
  kit: DocKit,
  page: PDFPage,
  opts: { x: number; y: number; organiser: Organiser; width?: number },
): Promise<void> {
  const lineWidthPt = opts.width ?? 190;
  const lineY = opts.y - 52;
  const { signature } = opts.organiser;
  const image = signature ? await embedImage(kit, signature).catch(() => null) : null;
  if (image) {
    const scale = Math.min(46 / image.height, lineWidthPt / image.width);
    page.drawImage(image, { x: opts.x, y: lineY + 3, width: image.width * scale, height: image.height * scale });
  }
  page.drawLine({ start: { x: opts.x, y: lineY }, end: { x: opts.x + lineWidthPt, y: lineY }, thickness: 0.8, color: MUTED });
  const y = drawText(kit, page, opts.organiser.name, { x: opts.x, y: lineY - 14, size: 10.5, bold: true, maxWidth: lineWidthPt + 60 });
  drawText(kit, page, opts.organiser.title, { x: opts.x, y, size: 9.5, color: MUTED, maxWidth: lineWidthPt + 60 });
}

/** The verification block: a QR code of the URL (bottom-left at (x, y), 76 pt) and, beside it, the code and "Verify at <url>". */
export async function drawVerification(
  kit: DocKit,
  page: PDFPage,
  opts: { code: string; url: string; x: number; y: number; size?: number },
): Promise<void> {
  const size = opts.size ?? 76;
  await drawQrCode(kit, page, opts.url, { x: opts.x, y: opts.y, size });
  const textX = opts.x + size + 8;
  const maxWidth = Math.max(140, page.getSize().width - MARGIN - textX);
  let y = drawText(kit, page, 'Verification code', { x: textX, y: opts.y + size - 22, size: 8.5, color: MUTED });
  y = drawText(kit, page, opts.code, { x: textX, y, size: 10, bold: true });
  drawText(kit, page, `Verify at ${opts.url}`, { x: textX, y: y - 2, size: 8.5, color: MUTED, maxWidth });
}
