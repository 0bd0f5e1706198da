import { conferenceTitle, type ConferenceFacts } from '../../core/conference-facts';
import { countryName } from '../../core/proceedings';
import type { Organiser } from '../services/shared/organiser';
import { formatLongDate } from '../../core/format';
import { createDocument, drawLetterhead, drawSignature, drawText, drawVerification, INK, saveDocument } from './pdf';

export interface VisaLetterContent {
  passportName: string;
  nationality: string;
  /** null once removed after the conference: the letter then says so instead. */
  passportNumber: string | null;
  arrivalDate: string;
  departureDate: string;
  /** 'author of the paper "…" (Paper ID: …)' or 'attendee'. */
  role: string;
  code: string;
  verifyUrl: string;
  issuedAt: Date;
  organiser: Organiser;
  /** The conference's current facts: title, dates, address, country and time zone as the editor last saved them. */
  conference: ConferenceFacts;
}

/** To whom the letter is addressed: the embassy of the conference's country ("Royal Thai Embassy" for Thailand). */
export function visaAddressee(f: Pick<ConferenceFacts, 'venue'>): string {
  return f.venue.countryCode.toUpperCase() === 'TH' ? 'Royal Thai Embassy / Consulate' : `Embassy / Consulate of ${f.venue.country}`;
}

/** The letter's paragraphs, in order (decision 0046): what it says, in one place, read back by the tests. */
export function visaLetterParagraphs(
  c: Pick<VisaLetterContent, 'passportName' | 'nationality' | 'passportNumber' | 'arrivalDate' | 'departureDate' | 'role' | 'conference'>,
): string[] {
  const f = c.conference;
  const passport = c.passportNumber ? `, holder of passport number ${c.passportNumber}` : '';
  return [
    `We are pleased to confirm that ${c.passportName}, a national of ${countryName(c.nationality)}${passport}, is a registered participant ` +
      `of the ${conferenceTitle(f)}, as ${c.role}. The registration fee has been paid.`,
    `The conference takes place from ${formatLongDate(f.startDate, f.timeZone)} to ${formatLongDate(f.endDate, f.timeZone)} at ${f.venue.address}.`,
    `${c.passportName} plans to arrive in ${f.venue.country} on ${formatLongDate(c.arrivalDate, f.timeZone)} and to leave on ${formatLongDate(c.departureDate, f.timeZone)}. ` +
      'We kindly ask you to grant a visa for this stay.',
    'The participant bears the costs of travel, accommodation and stay; this letter does not commit the organisers to any financial support.',
  ];
}

/** The visa invitation letter (decision 0046): A4 portrait, letterhead, addressee, the person and their role, the organiser's signature, the code and its QR. */
export async function renderVisaLetterPdf(c: VisaLetterContent): Promise<Uint8Array> {
  const kit = await createDocument({
    title: `Visa invitation letter - ${c.passportName}`,
    subject: conferenceTitle(c.conference),
    conference: c.conference,
  });
  kit.pdf.setCreationDate(c.issuedAt);
  const page = kit.pdf.addPage([595.28, 841.89]);
  const left = 48;
  const width = 595.28 - 2 * left;
  const ink = INK;
  let y = await drawLetterhead(kit, page, { conference: c.conference, organiser: c.organiser });
  y -= 18;
  y = drawText(kit, page, formatLongDate(c.issuedAt, c.conference.timeZone), {
    x: left,
    y,
    size: 11,
    maxWidth: width,
    align: 'right',
    color: ink,
  });
  y = drawText(kit, page, `Reference: ${c.code}`, { x: left, y: y - 2, size: 10, maxWidth: width, align: 'right', color: ink });
  y -= 10;
  y = drawText(kit, page, 'To the Visa Officer', { x: left, y, size: 11, bold: true, color: ink });
  y = drawText(kit, page, visaAddressee(c.conference), { x: left, y: y - 2, size: 11, color: ink });
  y -= 14;
  y = drawText(kit, page, `Subject: Invitation letter for ${c.passportName}`, {
    x: left,
    y,
    size: 11,
    bold: true,
    maxWidth: width,
    color: ink,
  });
  y -= 10;
  y = drawText(kit, page, 'Dear Sir or Madam,', { x: left, y, size: 11, color: ink });
  for (const paragraph of visaLetterParagraphs(c)) {
    y -= 8;
    y = drawText(kit, page, paragraph, { x: left, y, size: 11, maxWidth: width, lineGap: 4, color: ink });
  }
  y -= 14;
  y = drawText(kit, page, 'Yours faithfully,', { x: left, y, size: 11, color: ink });
  await drawSignature(kit, page, { x: left, y: y - 8, organiser: c.organiser });
  await drawVerification(kit, page, { code: c.code, url: c.verifyUrl, x: left, y: 70 });
  return saveDocument(kit);
}
