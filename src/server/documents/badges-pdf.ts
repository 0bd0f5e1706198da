import {
  fill,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setFillingRgbColor,
  StandardFonts,
  type PDFEmbeddedPage,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';
import type { ConferenceFacts } from '../../core/conference-facts';
import type { DocumentImage } from '../services/shared/organiser';
import { qrMatrix, qrRuns } from './qr';
import {
  conferenceDatesText,
  createDocument,
  drawConferenceLogo,
  drawText,
  GOLD,
  INK,
  MUTED,
  NAVY,
  saveDocument,
  sealPage,
  textWidth,
  wrapLines,
  type DocKit,
} from './pdf';

/** What one badge shows. */
export interface Badge {
  name: string;
  affiliation: string;
  category: string;
  code: string;
}

const MM = 72 / 25.4;
const A4 = { width: 595.28, height: 841.89 };
/** 90 × 65 mm badges, two across and four down: eight an A4 page, cut apart along the crop marks. */
const BADGE = { width: 90 * MM, height: 65 * MM };
const COLUMNS = 2;
const ROWS = 4;
export const BADGES_PER_PAGE = COLUMNS * ROWS;
const MARGIN_X = (A4.width - COLUMNS * BADGE.width) / 2;
const MARGIN_Y = (A4.height - ROWS * BADGE.height) / 2;
const PAD = 11;
const QR = 72;
const MARK = { gap: 3, length: 14 };

/**
 * Text in a box, as large as `lines` lines allow (from sizes[0] down to the last size, where it is cut with an
 * ellipsis). Shaping text is what a badge costs most (fontkit lays out every measure), so one line is measured
 * once, at size 1 (widths scale with the size), and wrapped only when it does not fit on one line.
 */
function fitText(
  kit: DocKit,
  text: string,
  opts: { sizes: number[]; width: number; lines: number; bold: boolean },
): { text: string; size: number; wrapped: boolean } {
  const unit = textWidth(kit, text, 1, opts.bold);
  const oneLine = opts.sizes.find((size) => unit * size <= opts.width);
  if (oneLine !== undefined && (opts.lines === 1 || oneLine === opts.sizes[0])) return { text, size: oneLine, wrapped: false };
  for (const size of opts.sizes) {
    if (unit * size > opts.width * opts.lines * 1.15) continue;
    const lines = wrapLines(kit, text, size, opts.bold, opts.width);
    if (lines.length <= opts.lines) return { text: lines.join('\n'), size, wrapped: true };
  }
  if (oneLine !== undefined) return { text, size: oneLine, wrapped: false };
  const size = opts.sizes[opts.sizes.length - 1]!;
  const kept = wrapLines(kit, text, size, opts.bold, opts.width).slice(0, opts.lines);
  kept[kept.length - 1] = `${[...kept[kept.length - 1]!].slice(0, -2).join('').trimEnd()}…`;
  return { text: kept.join('\n'), size, wrapped: true };
}

/** What every badge of a document shares, measured once: the dates line and each category label's lines. */
interface Shared {
  /** The logo, the dates and the rule: drawn once, placed on every badge as a form. */
  header: PDFEmbeddedPage;
  /** Each category label, wrapped and drawn once, placed as a form. */
  categories: Map<string, PDFEmbeddedPage>;
  /** The code is ASCII: a standard font draws it without shaping. */
  mono: PDFFont;
}

const HEADER_HEIGHT = 30;
const CATEGORY_BOX = { width: BADGE.width - 2 * PAD - QR - 4, height: 3 * (8.5 + 2) + 2 };
const CATEGORY_SIZE = 8.5;

/** Draw once on a scratch page of the document, then keep it as a form XObject placed wherever it is needed. */
async function drawnOnce(
  kit: DocKit,
  size: { width: number; height: number },
  draw: (page: PDFPage) => void | Promise<void>,
): Promise<PDFEmbeddedPage> {
  const scratch = kit.pdf.addPage([size.width, size.height]);
  await draw(scratch);
  const [form] = await kit.pdf.embedPages([scratch]);
  kit.pdf.removePage(kit.pdf.getPageCount() - 1);
  return form!;
}

/**
 * The QR code of the text as vector squares on a white square of side `size` (bottom-left at x, y) with the
 * 4-module quiet zone: one rectangle per run of dark modules, all filled at once (a badge page holds eight codes,
 * and the toolkit's drawQrCode, a filled shape per run, made them most of the file's operators).
 */
function drawQr(page: PDFPage, text: string, opts: { x: number; y: number; size: number }): void {
  const matrix = qrMatrix(text);
  const module = opts.size / (matrix.size + 8);
  const top = opts.y + opts.size - 4 * module;
  page.pushOperators(
    pushGraphicsState(),
    setFillingRgbColor(1, 1, 1),
    rectangle(opts.x, opts.y, opts.size, opts.size),
    fill(),
    setFillingRgbColor(0, 0, 0),
    ...qrRuns(matrix).map((run) => rectangle(opts.x + (4 + run.col) * module, top - (run.row + 1) * module, run.length * module, module)),
    fill(),
    popGraphicsState(),
  );
}

async function drawBadge(kit: DocKit, page: PDFPage, shared: Shared, badge: Badge, x: number, y: number): Promise<void> {
  const { width, height } = BADGE;
  const inner = width - 2 * PAD;
  const top = y + height - PAD;
  page.drawPage(shared.header, { x: x + PAD, y: top - HEADER_HEIGHT });

  // The name as large as two lines allow: it is what people read across a room.
  const name = fitText(kit, badge.name, { sizes: [20, 18, 16, 14, 12], width: inner, lines: 2, bold: true });
  const below = drawText(kit, page, name.text, {
    x: x + PAD,
    y: top - HEADER_HEIGHT - 4 - name.size,
    size: name.size,
    bold: true,
    color: NAVY,
    lineGap: 2,
  });
  if (badge.affiliation) {
    const affiliation = fitText(kit, badge.affiliation, { sizes: [9.5], width: inner, lines: 2, bold: false });
    drawText(kit, page, affiliation.text, { x: x + PAD, y: below + 2, size: 9.5, color: INK, lineGap: 2 });
  }

  // Bottom: the category and the code on the left, the code's QR on the right.
  drawQr(page, badge.code, { x: x + width - PAD - QR + 4, y: y + PAD - 5, size: QR });
  page.drawText(badge.code, { x: x + PAD, y: y + PAD, size: 7.5, font: shared.mono, color: MUTED });
  let category = shared.categories.get(badge.category);
  if (!category) {
    const fitted = fitText(kit, badge.category, { sizes: [CATEGORY_SIZE], width: CATEGORY_BOX.width, lines: 3, bold: true });
    const lines = fitted.text.split('\n').length;
    category = await drawnOnce(kit, CATEGORY_BOX, (p) => {
      drawText(kit, p, fitted.text, {
        x: 0,
        y: 2 + (lines - 1) * (CATEGORY_SIZE + 2),
        size: CATEGORY_SIZE,
        bold: true,
        color: NAVY,
        lineGap: 2,
      });
    });
    shared.categories.set(badge.category, category);
  }
  page.drawPage(category, { x: x + PAD, y: y + PAD + 11 });
}

/** Crop marks in the page margin along every cut line: the badges touch, so one cut separates two. */
function drawCropMarks(page: PDFPage): void {
  const color = rgb(0, 0, 0);
  const thickness = 0.4;
  const bottom = MARGIN_Y;
  const topY = MARGIN_Y + ROWS * BADGE.height;
  const left = MARGIN_X;
  const right = MARGIN_X + COLUMNS * BADGE.width;
  for (let c = 0; c <= COLUMNS; c++) {
    const cx = MARGIN_X + c * BADGE.width;
    page.drawLine({ start: { x: cx, y: bottom - MARK.gap }, end: { x: cx, y: bottom - MARK.gap - MARK.length }, thickness, color });
    page.drawLine({ start: { x: cx, y: topY + MARK.gap }, end: { x: cx, y: topY + MARK.gap + MARK.length }, thickness, color });
  }
  for (let r = 0; r <= ROWS; r++) {
    const cy = MARGIN_Y + r * BADGE.height;
    page.drawLine({ start: { x: left - MARK.gap, y: cy }, end: { x: left - MARK.gap - MARK.length, y: cy }, thickness, color });
    page.drawLine({ start: { x: right + MARK.gap, y: cy }, end: { x: right + MARK.gap + MARK.length, y: cy }, thickness, color });
  }
}

/**
 * Badges to print (decision 0047): A4 pages of eight 90 × 65 mm badges with crop marks, each with the conference's
 * logo and dates, the name in any script (as large as fits), the affiliation, the registration category, the
 * registration code printed and as a QR code (what the check-in desk scans). Dates and logo from the current facts
 * and the settings (decision 0054).
 */
export async function renderBadgesPdf(
  badges: readonly Badge[],
  opts: { conference: ConferenceFacts; logo?: DocumentImage | null },
): Promise<Uint8Array> {
  const kit = await createDocument({ title: 'Badges', subject: `${badges.length} badges`, conference: opts.conference });
  const dates = conferenceDatesText(opts.conference);
  const header = await drawnOnce(kit, { width: BADGE.width - 2 * PAD, height: HEADER_HEIGHT }, async (p) => {
    await drawConferenceLogo(kit, p, { x: 0, top: HEADER_HEIGHT, scale: 0.5, logo: opts.logo });
    drawText(kit, p, dates, { x: BADGE.width - 2 * PAD - textWidth(kit, dates, 7.5), y: HEADER_HEIGHT - 9, size: 7.5, color: MUTED });
    p.drawLine({ start: { x: 0, y: 2 }, end: { x: BADGE.width - 2 * PAD, y: 2 }, thickness: 1.2, color: GOLD });
  });
  const shared: Shared = { header, categories: new Map(), mono: await kit.pdf.embedFont(StandardFonts.Courier) };
  for (let i = 0; i < badges.length; i += BADGES_PER_PAGE) {
    const page = kit.pdf.addPage([A4.width, A4.height]);
    drawCropMarks(page);
    const slice = badges.slice(i, i + BADGES_PER_PAGE);
    for (const [k, badge] of slice.entries()) {
      const col = k % COLUMNS;
      const row = Math.floor(k / COLUMNS);
      await drawBadge(kit, page, shared, badge, MARGIN_X + col * BADGE.width, A4.height - MARGIN_Y - (row + 1) * BADGE.height);
    }
    sealPage(kit, page); // 375 pages for 3,000 attendees: each deflated when done (memory)
  }
  return saveDocument(kit);
}
