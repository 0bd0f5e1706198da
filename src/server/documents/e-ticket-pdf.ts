import type { ConferenceFacts } from '../../core/conference-facts';
import { conferenceTitle } from '../../core/conference-facts';
import { conferenceWhenWhere, createDocument, drawQrCode, drawText, MUTED, NAVY, saveDocument } from './pdf';

/** What an e-ticket shows (decision 0077): who, what for, and the registration code with its QR code. */
export interface ETicketDocument {
  name: string;
  affiliation: string;
  category: string;
  /** The registration code: the one printed on the badge and scanned at check-in (documents/codes.ts). */
  code: string;
  conference: ConferenceFacts;
}

/** A6 portrait: small enough for a phone screen, printable. */
const PAGE: [number, number] = [297.64, 419.53];
const MARGIN = 22;
const QR = 180;

/** The e-ticket as a one-page PDF: the conference, the person, the category, and the code as text and as a QR code. */
export async function renderETicketPdf(doc: ETicketDocument): Promise<Uint8Array> {
  const kit = await createDocument({ title: `E-ticket ${doc.code}`, subject: 'Registration e-ticket', conference: doc.conference });
  const page = kit.pdf.addPage(PAGE);
  const width = PAGE[0] - 2 * MARGIN;
  let y = PAGE[1] - MARGIN - 12;
  y = drawText(kit, page, conferenceTitle(doc.conference), { x: MARGIN, y, size: 11, bold: true, color: NAVY, maxWidth: width });
  y = drawText(kit, page, conferenceWhenWhere(doc.conference), { x: MARGIN, y, size: 8, color: MUTED, maxWidth: width });
  y -= 6;
  y = drawText(kit, page, doc.name, { x: MARGIN, y, size: 15, bold: true, maxWidth: width });
  if (doc.affiliation) y = drawText(kit, page, doc.affiliation, { x: MARGIN, y, size: 9, maxWidth: width });
  y = drawText(kit, page, doc.category, { x: MARGIN, y, size: 9, color: MUTED, maxWidth: width });
  const qrY = Math.max(MARGIN + 28, y - QR - 4);
  await drawQrCode(kit, page, doc.code, { x: (PAGE[0] - QR) / 2, y: qrY, size: QR });
  drawText(kit, page, doc.code, { x: MARGIN, y: qrY - 14, size: 11, bold: true, align: 'center', maxWidth: width });
  return saveDocument(kit);
}
