import { zoneLabel, type ConferenceFacts } from '../../core/conference-facts';
import { dayKey, formatLongDate, formatTime, formatWeekdayDate } from '../../core/format';
import { sessionLabel, type PublishedSession } from '../../core/program';
import type { DocumentImage } from '../services/shared/organiser';
import { createDocument, drawText, GOLD, MUTED, NAVY, saveDocument, wrapLines } from './pdf';
import { drawCoverHeading, drawRunningParts, fitLine, PageFlow } from './page-flow';

export interface ProgrammeDocument {
  conference: ConferenceFacts;
  /** The published sessions in time order (services/programme/published-program.ts). */
  sessions: PublishedSession[];
  publishedAt: string;
  /** The editor's logo for documents (settings), or null for the drawn one. */
  logo: DocumentImage | null;
}

/** Where a session is: its room, or "Online" for a session with only a link (the link itself is for registered people). */
export const sessionPlace = (s: Pick<PublishedSession, 'room' | 'link'>) => s.room.trim() || (s.link.trim() ? 'Online' : '');

/** "Track · Room · Chair: name", what is known of it; a slot without papers says what it is ("Keynote") for its track. */
export const sessionDetails = (s: PublishedSession) =>
  [sessionLabel(s).trim(), sessionPlace(s), s.chair.trim() ? `Chair: ${s.chair.trim()}` : ''].filter(Boolean).join(' · ');

const TIME_COL = 92;
const LINE = { title: 11.5, meta: 9, paper: 9.5, presenter: 8.5 };

/**
 * The published programme as a printable A4 PDF (decision 0053): a cover heading from the conference's current facts,
 * then day by day in its time zone each session with its time range, title, track, room or "Online", chair, and its
 * papers in order with their presenters. Names in any script the documents' fonts cover are drawn as written.
 */
export async function renderProgrammePdf(doc: ProgrammeDocument): Promise<Uint8Array> {
  const { conference } = doc;
  const tz = conference.timeZone;
  const docOpts = { title: `Programme - ${conference.shortName}`, subject: 'Conference programme', conference };
  const kit = await createDocument(docOpts);
  kit.pdf.setCreationDate(new Date(doc.publishedAt));
  const flow = new PageFlow(kit);
  const page = flow.newPage();
  let y = await drawCoverHeading(kit, page, { conference, logo: doc.logo, heading: 'Programme', top: 841.89 - 48 });
  y = drawText(kit, page, `Times are ${zoneLabel(conference)}. Published ${formatLongDate(doc.publishedAt, 'UTC')}.`, {
    x: flow.left,
    y: y - 2,
    size: 9.5,
    color: MUTED,
    maxWidth: flow.textWidth,
    align: 'center',
  });
  flow.y = y - 14;

  const colX = flow.left + TIME_COL;
  const colW = flow.right - colX;
  let day = '';
  for (const s of doc.sessions) {
    const key = dayKey(s.start, tz);
    // Everything a session needs before its first paper, and that paper: kept together on a page.
    const titleLines = wrapLines(kit, s.title, LINE.title, true, colW);
    const details = sessionDetails(s);
    const detailLines = details ? wrapLines(kit, details, LINE.meta, false, colW) : [];
    const papers = s.papers.map((p) => ({ title: wrapLines(kit, p.title, LINE.paper, false, colW - 14), presenter: p.presenter.trim() }));
    const paperHeight = (p: (typeof papers)[number]) => p.title.length * 13 + (p.presenter ? 12 : 0) + 5;
    const headHeight = titleLines.length * 15.5 + detailLines.length * 12.5 + 6;
    const dayHeight = key !== day ? 40 : 0;
    flow.ensure(dayHeight + headHeight + (papers[0] ? paperHeight(papers[0]) : 0));
    if (key !== day) {
      day = key;
      flow.section = formatWeekdayDate(s.start, tz, { comma: false });
      flow.sections.set(flow.page, flow.section);
      flow.y -= 10;
      drawText(kit, flow.page, flow.section, { x: flow.left, y: flow.y, size: 14, bold: true, color: NAVY });
      flow.page.drawLine({ start: { x: flow.left, y: flow.y - 6 }, end: { x: flow.right, y: flow.y - 6 }, thickness: 1.2, color: GOLD });
      flow.y -= 30;
    }
    const drawSessionHead = (continued = false) => {
      drawText(kit, flow.page, `${formatTime(s.start, tz)}–${formatTime(s.end, tz)}`, {
        x: flow.left,
        y: flow.y,
        size: 10,
        bold: true,
        color: NAVY,
      });
      const title = continued ? [fitLine(kit, `${s.title} (continued)`, LINE.title, colW, true)] : titleLines;
      for (const line of title) {
        drawText(kit, flow.page, line, { x: colX, y: flow.y, size: LINE.title, bold: true });
        flow.y -= 15.5;
      }
      if (!continued)
        for (const line of detailLines) {
          drawText(kit, flow.page, line, { x: colX, y: flow.y + 2, size: LINE.meta, color: MUTED });
          flow.y -= 12.5;
        }
      flow.y -= 6;
    };
    drawSessionHead();
    papers.forEach((p, i) => {
      if (flow.ensure(paperHeight(p))) drawSessionHead(true);
      drawText(kit, flow.page, `${i + 1}.`, { x: colX, y: flow.y, size: LINE.paper, color: MUTED });
      for (const line of p.title) {
        drawText(kit, flow.page, line, { x: colX + 14, y: flow.y, size: LINE.paper });
        flow.y -= 13;
      }
      if (p.presenter) {
        drawText(kit, flow.page, p.presenter, { x: colX + 14, y: flow.y + 1.5, size: LINE.presenter, color: MUTED });
        flow.y -= 12;
      }
      flow.y -= 5;
    });
    flow.y -= 12;
  }
  if (doc.sessions.length === 0)
    drawText(kit, flow.page, 'No sessions have been published.', { x: flow.left, y: flow.y, size: 11, color: MUTED });

  drawRunningParts(kit, kit.pdf.getPages(), {
    left: `${conference.shortName} · Programme`,
    sectionOf: (p) => flow.sections.get(p) ?? '',
    pageLabel: (n, total) => `Page ${n} of ${total}`,
    numberCover: true,
  });
  return saveDocument(kit);
}
