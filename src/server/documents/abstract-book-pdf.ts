import type { PDFPage } from 'pdf-lib';
import { conferenceTitle, type ConferenceFacts } from '../../core/conference-facts';
import { countryName } from '../../core/proceedings';
import type { DocumentImage } from '../services/shared/organiser';
import { formatLongDate } from '../../core/format';
import { createDocument, drawText, GOLD, MUTED, NAVY, saveDocument, textWidth, wrapLines, type DocKit } from './pdf';
import { A4, BOTTOM, drawCoverHeading, drawRunningParts, fitLine, PageFlow, TOP } from './page-flow';

export interface BookAuthor {
  name: string;
  affiliation: string;
  country: string;
}
/** A paper's content in the book: read a batch at a time while the book is drawn. */
export interface BookPaper {
  title: string;
  abstract: string;
  authors: BookAuthor[];
}
/** A paper's place in the book, known before any abstract is read (the table of contents needs every title). */
export interface BookEntry {
  id: string;
  title: string;
  presenter?: string;
  note?: string;
}
export interface BookSection {
  title: string;
  subtitle: string;
  papers: BookEntry[];
}

export interface AbstractBookDocument {
  conference: ConferenceFacts;
  organiser: { name: string; title: string; logo: DocumentImage | null };
  by: 'session' | 'track';
  sections: BookSection[];
  /** The content of these papers (a batch of the book's order); a paper missing from the answer is left out. */
  loadPapers: (ids: string[]) => Promise<Map<string, BookPaper>>;
  generatedAt: Date;
  /** Told after each batch of papers drawn: how many of how many (a book made in the background shows it, decision 0073). */
  onProgress?: (done: number, total: number) => Promise<void> | void;
}

const BATCH = 200;
const SIZE = { title: 12, author: 10, sup: 6.5, affiliation: 8.5, abstract: 10, toc: 9.5, tocSection: 10.5 };
const LEAD = { title: 15.5, author: 14, affiliation: 11.5, abstract: 13.6, toc: 12.5, tocSection: 15 };
const NUMBER_COL = 36;

/** Affiliations numbered in order of first appearance ("Chulalongkorn University, Thailand"); each author with their number. */
export function numberAffiliations(authors: BookAuthor[]): { affiliations: string[]; authors: { name: string; sup: string }[] } {
  const affiliations: string[] = [];
  const named = authors.map((a) => {
    const country = a.country ? countryName(a.country) : '';
    const text = [a.affiliation.trim(), country].filter(Boolean).join(', ');
    if (!text) return { name: a.name, sup: '' };
    let n = affiliations.indexOf(text);
    if (n < 0) n = affiliations.push(text) - 1;
    return { name: a.name, sup: String(n + 1) };
  });
  return { affiliations, authors: named };
}

type AuthorRun = { x: number; name: string; nameWidth: number; sup: string; supWidth: number; last: boolean };
/** The authors' names set in lines of this width, each followed by its affiliation's number raised, ", " between them. */
function layoutAuthors(kit: DocKit, authors: { name: string; sup: string }[], width: number): AuthorRun[][] {
  const lines: AuthorRun[][] = [[]];
  const comma = textWidth(kit, ', ', SIZE.author);
  let x = 0;
  authors.forEach((a, i) => {
    const supWidth = a.sup ? textWidth(kit, a.sup, SIZE.sup) + 1 : 0;
    const name = fitLine(kit, a.name, SIZE.author, width - supWidth - comma);
    const nameWidth = textWidth(kit, name, SIZE.author);
    if (x > 0 && x + nameWidth + supWidth > width) {
      lines.push([]);
      x = 0;
    }
    lines[lines.length - 1]!.push({ x, name, nameWidth, sup: a.sup, supWidth, last: i === authors.length - 1 });
    x += nameWidth + supWidth + comma;
  });
  return lines;
}

type TocLine = { text: string; indent: number; bold: boolean; number: number | null; gapBefore: number; lead: number };

/**
 * The abstract book (decision 0053) as an A4 PDF: a cover from the conference's current facts and the organiser, a table
 * of contents, then section by section (a session of the published programme, or a track) each paper's title, its
 * authors with their affiliations numbered, and the abstract flowing across pages under a running header with the
 * section's name, page numbers at the foot. Papers are read a batch at a time, so the book holds its titles and
 * the pages drawn, never every abstract at once.
 */
export async function renderAbstractBookPdf(doc: AbstractBookDocument): Promise<Uint8Array> {
  const { conference } = doc;
  const docOpts = {
    title: `Abstract Book - ${conference.shortName}`,
    subject: `Abstracts of the ${conferenceTitle(conference)}`,
    conference,
  };
  const kit = await createDocument(docOpts);
  kit.pdf.setCreationDate(doc.generatedAt);
  const flow = new PageFlow(kit);
  const paperCount = doc.sections.reduce((n, s) => n + s.papers.length, 0);
  let drawn = 0;

  // Cover.
  const cover = flow.newPage();
  let y = await drawCoverHeading(kit, cover, { conference, logo: doc.organiser.logo, heading: 'Abstract Book' });
  const box = { x: flow.left, maxWidth: flow.textWidth, align: 'center' as const };
  y = drawText(
    kit,
    cover,
    doc.by === 'session' ? 'Papers by session, in the order of the published programme' : 'Accepted papers by track',
    { ...box, y: y - 6, size: 12, color: MUTED },
  );
  drawText(
    kit,
    cover,
    `${paperCount} ${paperCount === 1 ? 'paper' : 'papers'} in ${doc.sections.length} ${doc.by === 'session' ? (doc.sections.length === 1 ? 'session' : 'sessions') : doc.sections.length === 1 ? 'track' : 'tracks'}`,
    { ...box, y: y - 2, size: 10.5, color: MUTED },
  );
  let foot = drawText(kit, cover, 'Organised by', { ...box, y: 200, size: 9.5, color: MUTED });
  foot = drawText(kit, cover, doc.organiser.name, { ...box, y: foot, size: 12, bold: true });
  foot = drawText(kit, cover, doc.organiser.title, { ...box, y: foot, size: 10.5 });
  drawText(kit, cover, `${conference.venue.address || conference.venue.resort}`, { ...box, y: foot - 14, size: 9, color: MUTED });
  drawText(kit, cover, `Printed ${formatLongDate(doc.generatedAt, 'UTC')}`, { ...box, y: 80, size: 8.5, color: MUTED });

  // The table of contents is laid out first (its length does not depend on page numbers), its pages kept, and
  // drawn once every paper's page is known.
  const toc: TocLine[] = [];
  const numberWidth = flow.textWidth - NUMBER_COL;
  const sectionIndex: number[] = [];
  const paperIndex = new Map<string, number>();
  for (const section of doc.sections) {
    const titleLines = wrapLines(kit, section.title, SIZE.tocSection, true, numberWidth);
    sectionIndex.push(toc.length + titleLines.length - 1);
    titleLines.forEach((text, i, all) =>
      toc.push({ text, indent: 0, bold: true, number: i === all.length - 1 ? 0 : null, gapBefore: i === 0 ? 6 : 0, lead: LEAD.tocSection }),
    );
    for (const p of section.papers) {
      wrapLines(kit, p.title, SIZE.toc, false, numberWidth - 14).forEach((text, i, all) => {
        if (i === all.length - 1) paperIndex.set(`${sectionIndex.length - 1}:${p.id}`, toc.length);
        toc.push({ text, indent: 14, bold: false, number: i === all.length - 1 ? 0 : null, gapBefore: 0, lead: LEAD.toc });
      });
    }
  }
  const tocPages: { page: PDFPage; lines: TocLine[]; top: number }[] = [];
  {
    flow.section = 'Contents';
    let at = 0;
    while (at < toc.length || tocPages.length === 0) {
      const page = flow.newPage();
      const top = tocPages.length === 0 ? A4[1] - TOP - 34 : A4[1] - TOP;
      let yy = top;
      const lines: TocLine[] = [];
      while (at < toc.length && yy - toc[at]!.gapBefore - toc[at]!.lead >= BOTTOM - 8) {
        yy -= toc[at]!.gapBefore + toc[at]!.lead;
        lines.push(toc[at]!);
        at++;
      }
      tocPages.push({ page, lines, top });
    }
  }

  // The papers, section by section.
  const sectionPages: number[] = [];
  const paperPages = new Map<string, number>();
  for (const [si, section] of doc.sections.entries()) {
    flow.section = section.title;
    flow.newPage();
    sectionPages.push(kit.pdf.getPageCount());
    flow.y = drawText(kit, flow.page, section.title, {
      x: flow.left,
      y: flow.y - 4,
      size: 17,
      bold: true,
      color: NAVY,
      maxWidth: flow.textWidth,
      lineGap: 5,
    });
    if (section.subtitle)
      flow.y = drawText(kit, flow.page, section.subtitle, { x: flow.left, y: flow.y, size: 10, color: MUTED, maxWidth: flow.textWidth });
    flow.page.drawLine({ start: { x: flow.left, y: flow.y + 4 }, end: { x: flow.right, y: flow.y + 4 }, thickness: 1.2, color: GOLD });
    flow.y -= 22;
    if (section.papers.length === 0) {
      drawText(kit, flow.page, 'No papers in this section.', { x: flow.left, y: flow.y, size: 10, color: MUTED });
      continue;
    }
    for (let b = 0; b < section.papers.length; b += BATCH) {
      const entries = section.papers.slice(b, b + BATCH);
      const contents = await doc.loadPapers(entries.map((e) => e.id));
      for (const entry of entries) {
        const paper = contents.get(entry.id);
        if (!paper) continue;
        paperPages.set(`${si}:${entry.id}`, drawPaper(kit, flow, entry, paper));
        // A long book is minutes of work: let the server answer others between papers.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      drawn += entries.length;
      await doc.onProgress?.(drawn, paperCount);
    }
  }

  // The table of contents, now that the pages are known.
  toc.forEach((line, i) => {
    if (line.number === null) return;
    const s = sectionIndex.indexOf(i);
    if (s >= 0) line.number = sectionPages[s] ?? null;
  });
  for (const [key, i] of paperIndex) toc[i]!.number = paperPages.get(key) ?? null;
  tocPages.forEach(({ page, lines, top }, n) => {
    if (n === 0) drawText(kit, page, 'Contents', { x: flow.left, y: A4[1] - TOP - 4, size: 17, bold: true, color: NAVY });
    let yy = top;
    for (const line of lines) {
      yy -= line.gapBefore + line.lead;
      const size = line.bold ? SIZE.tocSection : SIZE.toc;
      drawText(kit, page, line.text, { x: flow.left + line.indent, y: yy, size, bold: line.bold, color: line.bold ? NAVY : undefined });
      if (line.number) {
        const num = String(line.number);
        drawText(kit, page, num, { x: flow.right - textWidth(kit, num, size, line.bold), y: yy, size, bold: line.bold });
      }
    }
  });

  drawRunningParts(kit, kit.pdf.getPages(), {
    left: `${conference.shortName} · Abstract Book`,
    sectionOf: (p) => flow.sections.get(p) ?? '',
    pageLabel: (n) => String(n),
  });
  return saveDocument(kit);
}

/**
 * One paper: title, authors with their affiliations' numbers, the affiliations, the presenter or a note, the abstract
 * across pages. Returns the number of the page it starts on.
 */
function drawPaper(kit: DocKit, flow: PageFlow, entry: BookEntry, paper: BookPaper): number {
  const width = flow.textWidth;
  const titleLines = wrapLines(kit, paper.title, SIZE.title, true, width);
  const { affiliations, authors } = numberAffiliations(paper.authors);
  const authorLines = layoutAuthors(kit, authors, width);
  const affiliationLines = affiliations.map((text, i) => ({
    n: String(i + 1),
    lines: wrapLines(kit, text, SIZE.affiliation, false, width - 10),
  }));
  const note = [entry.presenter ? `Presented by ${entry.presenter}` : '', entry.note ?? ''].filter(Boolean).join(' · ');
  const abstractLines = wrapLines(kit, paper.abstract, SIZE.abstract, false, width);
  const head =
    12 +
    titleLines.length * LEAD.title +
    authorLines.length * LEAD.author +
    affiliationLines.reduce((n, a) => n + a.lines.length, 0) * LEAD.affiliation +
    (note ? LEAD.affiliation : 0) +
    10;
  flow.ensure(head + Math.min(3, abstractLines.length) * LEAD.abstract);
  const startsOn = kit.pdf.getPageCount();

  drawText(kit, flow.page, `Paper ${entry.id}`, { x: flow.left, y: flow.y, size: 7.5, color: MUTED });
  flow.y -= 12 + LEAD.title - SIZE.title;
  for (const line of titleLines) {
    drawText(kit, flow.page, line, { x: flow.left, y: flow.y, size: SIZE.title, bold: true, color: NAVY });
    flow.y -= LEAD.title;
  }
  flow.y += LEAD.title - LEAD.author;
  for (const line of authorLines) {
    for (const a of line) {
      const x = flow.left + a.x;
      drawText(kit, flow.page, a.name, { x, y: flow.y, size: SIZE.author });
      if (a.sup) drawText(kit, flow.page, a.sup, { x: x + a.nameWidth + 0.5, y: flow.y + SIZE.author * 0.4, size: SIZE.sup });
      if (!a.last) drawText(kit, flow.page, ',', { x: x + a.nameWidth + a.supWidth, y: flow.y, size: SIZE.author });
    }
    flow.y -= LEAD.author;
  }
  for (const a of affiliationLines) {
    drawText(kit, flow.page, a.n, { x: flow.left, y: flow.y + SIZE.affiliation * 0.35, size: SIZE.sup, color: MUTED });
    for (const line of a.lines) {
      drawText(kit, flow.page, line, { x: flow.left + 10, y: flow.y, size: SIZE.affiliation, color: MUTED });
      flow.y -= LEAD.affiliation;
    }
  }
  if (note) {
    drawText(kit, flow.page, fitLine(kit, note, SIZE.affiliation, width), {
      x: flow.left,
      y: flow.y,
      size: SIZE.affiliation,
      color: MUTED,
    });
    flow.y -= LEAD.affiliation;
  }
  flow.y -= 8;
  for (const line of abstractLines) {
    flow.ensure(LEAD.abstract);
    if (line) drawText(kit, flow.page, line, { x: flow.left, y: flow.y, size: SIZE.abstract });
    flow.y -= LEAD.abstract;
  }
  flow.y -= 10;
  if (flow.y - 30 > BOTTOM) {
    flow.page.drawLine({
      start: { x: flow.left + width / 3, y: flow.y + 6 },
      end: { x: flow.right - width / 3, y: flow.y + 6 },
      thickness: 0.5,
      color: GOLD,
    });
  }
  flow.y -= 14;
  return startsOn;
}
