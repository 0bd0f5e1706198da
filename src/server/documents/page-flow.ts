import type { PDFPage } from 'pdf-lib';
import type { DocumentImage } from '../services/shared/organiser';
import { conferenceTitle, type ConferenceFacts } from '../../core/conference-facts';
import {
  conferenceDatesText,
  conferenceVenueText,
  drawConferenceLogo,
  drawText,
  GOLD,
  MUTED,
  NAVY,
  sealPage,
  textWidth,
  type DocKit,
} from './pdf';

/** A4 portrait, in points. */
export const A4: [number, number] = [595.28, 841.89];
export const MARGIN_X = 56;
/** Where text starts under the running header, and where it must stop above the footer. */
export const TOP = 72;
export const BOTTOM = 64;

/**
 * Text flowing down A4 pages (decision 0053: the programme and the abstract book run to many pages): `y` is the next
 * baseline; `ensure(h)` starts a new page when fewer than h points are left above the footer.
 */
export class PageFlow {
  page!: PDFPage;
  y = 0;
  readonly width = A4[0];
  readonly left = MARGIN_X;
  readonly right = A4[0] - MARGIN_X;
  readonly textWidth = A4[0] - 2 * MARGIN_X;
  /** Every page this flow added, with the running header's right-hand text (a section's title) for it. */
  readonly sections = new Map<PDFPage, string>();
  section = '';

  constructor(readonly kit: DocKit) {}

  newPage(): PDFPage {
    // The page left behind is finished but for its running parts: its drawing is deflated now (memory).
    if (this.page) sealPage(this.kit, this.page);
    this.page = this.kit.pdf.addPage(A4);
    this.sections.set(this.page, this.section);
    this.y = A4[1] - TOP;
    return this.page;
  }

  /** True when a new page was started for the h points asked for. */
  ensure(height: number): boolean {
    if (this.y - height >= BOTTOM) return false;
    this.newPage();
    return true;
  }
}

/** The text cut to one line of this width, with an ellipsis when it was longer. */
export function fitLine(kit: DocKit, text: string, size: number, width: number, bold = false): string {
  if (textWidth(kit, text, size, bold) <= width) return text;
  const chars = [...text];
  let lo = 0;
  let hi = chars.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (textWidth(kit, `${chars.slice(0, mid).join('').trimEnd()}…`, size, bold) <= width) lo = mid;
    else hi = mid - 1;
  }
  return `${chars.slice(0, lo).join('').trimEnd()}…`;
}

/**
 * Running header (the conference's short name and the document's name on the left, the section on the right,
 * a rule under them) and the page number at the foot, on every page but the cover (numbered when `numberCover`).
 */
export function drawRunningParts(
  kit: DocKit,
  pages: PDFPage[],
  opts: {
    left: string;
    sectionOf: (page: PDFPage) => string;
    pageLabel: (n: number, total: number) => string;
    numberCover?: boolean;
  },
): void {
  const [w, h] = A4;
  pages.forEach((page, i) => {
    const label = opts.pageLabel(i + 1, pages.length);
    if (i === 0) {
      if (opts.numberCover)
        drawText(kit, page, label, { x: MARGIN_X, y: 34, size: 8.5, color: MUTED, maxWidth: w - 2 * MARGIN_X, align: 'center' });
      return;
    }
    const section = opts.sectionOf(page);
    const leftWidth = textWidth(kit, opts.left, 8);
    drawText(kit, page, opts.left, { x: MARGIN_X, y: h - 40, size: 8, color: MUTED });
    if (section) {
      const room = w - 2 * MARGIN_X - leftWidth - 24;
      const text = fitLine(kit, section, 8, room);
      drawText(kit, page, text, { x: w - MARGIN_X - textWidth(kit, text, 8), y: h - 40, size: 8, color: MUTED });
    }
    page.drawLine({ start: { x: MARGIN_X, y: h - 46 }, end: { x: w - MARGIN_X, y: h - 46 }, thickness: 0.6, color: GOLD });
    drawText(kit, page, label, { x: MARGIN_X, y: 34, size: 8.5, color: MUTED, maxWidth: w - 2 * MARGIN_X, align: 'center' });
  });
}

/**
 * The cover's heading: the logo (the editor's upload, else the drawn one), the conference's title, dates and venue from its current facts, then the
 * document's name. Returns the baseline below it.
 */
export async function drawCoverHeading(
  kit: DocKit,
  page: PDFPage,
  opts: { conference: ConferenceFacts; logo: DocumentImage | null; heading: string; top?: number },
): Promise<number> {
  const [w, h] = A4;
  const top = opts.top ?? h - 56;
  const logoScale = 1.2;
  await drawConferenceLogo(kit, page, { x: (w - 148 * logoScale) / 2, top, scale: logoScale, logo: opts.logo, align: 'center' });
  const box = { x: MARGIN_X, maxWidth: w - 2 * MARGIN_X, align: 'center' as const };
  let y = drawText(kit, page, conferenceTitle(opts.conference), {
    ...box,
    y: top - 44 * logoScale - 34,
    size: 17,
    bold: true,
    color: NAVY,
    lineGap: 5,
  });
  y = drawText(kit, page, conferenceDatesText(opts.conference), { ...box, y: y - 4, size: 11.5 });
  y = drawText(kit, page, conferenceVenueText(opts.conference), { ...box, y, size: 11.5, color: MUTED });
  page.drawLine({ start: { x: w / 2 - 70, y: y - 4 }, end: { x: w / 2 + 70, y: y - 4 }, thickness: 1.5, color: GOLD });
  return drawText(kit, page, opts.heading, { ...box, y: y - 40, size: 26, bold: true, color: NAVY });
}
