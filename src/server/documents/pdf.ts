// @pdf-lib/fontkit's shapers (Devanagari, Thai) are compiled generators that call a global regeneratorRuntime.
import 'regenerator-runtime/runtime.js';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFImage, type PDFPage, type RGB } from 'pdf-lib';
import { conferenceTitle, type ConferenceFacts } from '../../core/conference-facts';
import { formatDateRange } from '../../core/format';
import type { Organiser } from '../services/shared/organiser';
import { FONT_SCRIPTS, fontBytes, scriptOf, type FontScript } from './fonts';
import { qrMatrix, qrRuns } from './qr';

/**
 * The documents toolkit (decisions 0049, 0053 and 0054): every PDF the server makes (certificates, receipts, visa letters,
 * badges) is set in the Noto fonts of src/server/documents/fonts.ts, so that a name in any of the scripts they
 * cover is drawn as written (the standard PDF fonts turned everything outside WinAnsi into '?'). Text is cut into
 * runs by script, each run drawn in its font; fontkit shapes each run (Devanagari conjuncts and vowel signs,
 * Thai marks). Only the glyphs used are embedded.
 */
export interface DocKit {
  pdf: PDFDocument;
  fonts: Record<FontScript, { regular: PDFFont; bold: PDFFont }>;
}

export const INK = rgb(0.07, 0.1, 0.16);
export const MUTED = rgb(0.33, 0.37, 0.45);
export const NAVY = rgb(16 / 255, 45 / 255, 85 / 255);
export const GOLD = rgb(242 / 255, 182 / 255, 50 / 255);
const BLUE = rgb(29 / 255, 79 / 255, 145 / 255);

/**
 * fontkit for pdf-lib, keeping one parsed font per file for the process: pdf-lib parses the font again for every
 * document otherwise, and fontkit's shaping caches (GSUB and GPOS lookups) live on the parsed font, so a fresh
 * one made every document cost about 0.8 s. pdf-lib only reads the font (layout, glyphs); each document makes
 * its own subset of it.
 */
const parsed = new Map<Uint8Array, ReturnType<typeof fontkit.create>>();
const sharedFontkit: typeof fontkit = {
  ...fontkit,
  create(bytes: Uint8Array, postscriptName?: string) {
    let font = parsed.get(bytes);
    if (!font) {
      font = fontkit.create(bytes as Buffer, postscriptName);
      keepCodePoints(font as unknown as GlyphSource);
      parsed.set(bytes, font);
    }
    return font;
  },
};

type Glyph = { id: number; codePoints: number[] };
type GlyphSource = { getGlyph(id: number, codePoints?: number[]): Glyph | null };

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
 * A new PDF with the fonts embedded (as subsets: a document carries only the glyphs it draws); its author is the
 * conference as its current facts name it.
 */
export async function createDocument(opts: {
  title: string;
  subject?: string;
  conference: Pick<ConferenceFacts, 'edition' | 'name'>;
}): Promise<DocKit> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(sharedFontkit);
  pdf.setTitle(opts.title);
  if (opts.subject) pdf.setSubject(opts.subject);
  pdf.setAuthor(conferenceTitle(opts.conference));
  pdf.setCreator('IMSE conference platform');
  pdf.setProducer('IMSE conference platform (pdf-lib)');
  pdf.setLanguage('en');
  const fonts = {} as DocKit['fonts'];
  for (const script of FONT_SCRIPTS) {
    fonts[script] = {
      regular: await pdf.embedFont(fontBytes(script, false), { subset: true }),
      bold: await pdf.embedFont(fontBytes(script, true), { subset: true }),
    };
  }
  return { pdf, fonts };
}

/** The bytes of the finished document. */
export function saveDocument(kit: DocKit): Promise<Uint8Array> {
  return kit.pdf.save();
}

type Coverage = { hasGlyphForCodePoint(cp: number): boolean };
const coverage = new Map<FontScript, Coverage>();
function covers(script: FontScript, cp: number): boolean {
  let font = coverage.get(script);
  if (!font) {
    font = fontkit.create(fontBytes(script, false) as Buffer) as unknown as Coverage;
    coverage.set(script, font);
  }
  return font.hasGlyphForCodePoint(cp);
}

/** Text as it is drawn: NFC, no control characters, tabs as spaces. */
function clean(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\t/g, ' ')
    .replace(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/g, '');
}

/** The text cut into runs of one font: letters go to their script's font, spaces, marks and punctuation stay with their neighbours. */
export function scriptRuns(text: string): { script: FontScript; text: string }[] {
  const runs: { script: FontScript; text: string }[] = [];
  let current: FontScript | null = null;
  let buffer = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    let script = scriptOf(ch);
    if (script === null) {
      script = current && covers(current, cp) ? current : covers('latin', cp) ? 'latin' : (current ?? 'latin');
    } else if (!covers(script, cp)) {
      script = FONT_SCRIPTS.find((s) => covers(s, cp)) ?? script;
    }
    if (script !== current && buffer) {
      runs.push({ script: current ?? 'latin', text: buffer });
      buffer = '';
    }
    current = script;
    buffer += ch;
  }
  if (buffer) runs.push({ script: current ?? 'latin', text: buffer });
  return runs;
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
    w = kit.fonts[script][bold ? 'bold' : 'regular'].widthOfTextAtSize(text, 1);
    if (widths.size >= 20_000) widths.clear();
    widths.set(key, w);
  }
  return w * size;
}

function lineWidth(kit: DocKit, text: string, size: number, bold: boolean): number {
  let width = 0;
  for (const run of scriptRuns(text)) width += runWidth(kit, run.script, bold, run.text, size);
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
    const runs = scriptRuns(line);
    // A left-aligned line needs the widths of its runs but the last: a line in one script (most of a long text)
    // is shaped once, by pdf-lib's drawing, not a second time to be measured.
    const aligned = opts.align === 'center' || opts.align === 'right';
    const widthOf = (i: number) => runWidth(kit, runs[i]!.script, bold, runs[i]!.text, opts.size);
    let x = opts.x;
    if (aligned) {
      let total = 0;
      for (let i = 0; i < runs.length; i++) total += widthOf(i);
      const box = opts.maxWidth ?? 0;
      x = opts.align === 'center' ? opts.x + (box - total) / 2 : opts.x + box - total;
    }
    runs.forEach((run, i) => {
      page.drawText(run.text, { x, y, size: opts.size, font: kit.fonts[run.script][bold ? 'bold' : 'regular'], color: opts.color ?? INK });
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
  page.drawText('IMSE', { x: x + 52 * scale, y: top - 22 * scale, size: 17 * scale, font: kit.fonts.latin.bold, color: NAVY });
  page.drawText('World Conference', {
    x: x + 52 * scale,
    y: top - 37 * scale,
    size: 10.5 * scale,
    font: kit.fonts.latin.regular,
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
