import { rgb } from 'pdf-lib';
import type { ConferenceFacts } from '../../core/conference-facts';
import type { DocumentImage } from '../services/shared/organiser';
import { formatLongDate } from '../../core/format';
import { createDocument, drawLetterhead, drawText, drawVerification, textWidth } from './pdf';

/** What a receipt shows (decision 0048); every amount already written with its currency. */
export interface ReceiptDocument {
  number: string;
  code: string;
  paidAt: Date;
  issuedAt: Date;
  billingName: string;
  billingAddress: string | null;
  email: string;
  registrationCode: string;
  item: string;
  /** The fee's parts (list or early-bird price, extra pages, coupon) when the payment paid the registration's price. */
  lines: { label: string; amount: string }[];
  amount: string;
  currency: string;
  method: string;
  /** A bank transfer's reference. */
  reference: string | null;
  verifyUrl: string;
  /** The conference's current facts: the letterhead names it, dates are days in its time zone. */
  conference: ConferenceFacts;
  /** The logo uploaded for documents; null: the drawn logo. */
  logo: DocumentImage | null;
}

export const NON_REFUNDABLE = 'The registration fee is non-refundable.';

const GREY = rgb(0.35, 0.38, 0.42);
const LINE = rgb(0.8, 0.83, 0.87);
const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;

/** The receipt as an A4 PDF: letterhead, number and date, who paid, what for, how much and how, non-refundable, verification. */
export async function renderReceiptPdf(doc: ReceiptDocument): Promise<Uint8Array> {
  const kit = await createDocument({ title: `Receipt ${doc.number}`, subject: 'Registration fee receipt', conference: doc.conference });
  const day = (d: Date) => formatLongDate(d, doc.conference.timeZone);
  const page = kit.pdf.addPage(A4);
  const width = A4[0] - 2 * MARGIN;
  const right = A4[0] - MARGIN;
  let y = await drawLetterhead(kit, page, { conference: doc.conference, organiser: { logo: doc.logo } });

  y = drawText(kit, page, 'RECEIPT', { x: MARGIN, y: y - 8, size: 20, bold: true });
  const meta: [string, string][] = [
    ['Receipt number', doc.number],
    ['Date of payment', day(doc.paidAt)],
    ['Issued', day(doc.issuedAt)],
    ['Registration code', doc.registrationCode],
  ];
  y -= 6;
  for (const [label, value] of meta) {
    drawText(kit, page, label, { x: MARGIN, y, size: 10, color: GREY });
    y = drawText(kit, page, value, { x: MARGIN + 130, y, size: 10, bold: label === 'Receipt number', maxWidth: width - 130 });
  }

  y -= 14;
  y = drawText(kit, page, 'Received from', { x: MARGIN, y, size: 10, color: GREY });
  y = drawText(kit, page, doc.billingName, { x: MARGIN, y, size: 12, bold: true, maxWidth: width });
  if (doc.billingAddress) y = drawText(kit, page, doc.billingAddress, { x: MARGIN, y, size: 10, maxWidth: width, lineGap: 2 });
  if (doc.email) y = drawText(kit, page, doc.email, { x: MARGIN, y, size: 10, color: GREY, maxWidth: width });

  // The items: description on the left, amount on the right.
  y -= 16;
  page.drawLine({ start: { x: MARGIN, y: y + 4 }, end: { x: right, y: y + 4 }, thickness: 0.8, color: LINE });
  drawText(kit, page, 'Description', { x: MARGIN, y: y - 4, size: 10, bold: true });
  y = drawText(kit, page, 'Amount', { x: right, y: y - 4, size: 10, bold: true, align: 'right' });
  const lines = doc.lines.length > 0 ? doc.lines : [{ label: doc.item, amount: doc.amount }];
  for (const l of lines) {
    const amountWidth = textWidth(kit, l.amount, 10);
    drawText(kit, page, l.amount, { x: right, y: y - 4, size: 10, align: 'right' });
    y = drawText(kit, page, l.label, { x: MARGIN, y: y - 4, size: 10, maxWidth: width - amountWidth - 24 });
  }
  y -= 4;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: right, y }, thickness: 0.8, color: LINE });
  drawText(kit, page, `Total paid (${doc.currency})`, { x: MARGIN, y: y - 8, size: 12, bold: true });
  y = drawText(kit, page, doc.amount, { x: right, y: y - 8, size: 12, bold: true, align: 'right' });

  y -= 12;
  drawText(kit, page, 'Method', { x: MARGIN, y, size: 10, color: GREY });
  y = drawText(kit, page, doc.method, { x: MARGIN + 130, y, size: 10 });
  if (doc.reference) {
    drawText(kit, page, 'Reference', { x: MARGIN, y, size: 10, color: GREY });
    y = drawText(kit, page, doc.reference, { x: MARGIN + 130, y, size: 10, maxWidth: width - 130 });
  }

  y -= 16;
  y = drawText(kit, page, NON_REFUNDABLE, { x: MARGIN, y, size: 11, bold: true });
  drawText(kit, page, 'This receipt was issued electronically and is valid without a signature. Check it at the address below.', {
    x: MARGIN,
    y: y - 4,
    size: 9,
    color: GREY,
    maxWidth: width,
  });

  await drawVerification(kit, page, { code: doc.code, url: doc.verifyUrl, x: MARGIN, y: MARGIN });
  return kit.pdf.save();
}
