import { conferenceTitle, type ConferenceFacts } from '../../core/conference-facts';
import { formatLongDate } from '../../core/format';
import type { CertificateJson } from '../../core/schemas/program';
import type { Organiser } from '../services/shared/organiser';
import type { CertificateDetails } from '../services/shared/verify-document';
import {
  conferenceWhenWhere,
  conferenceDatesText,
  conferenceVenueText,
  createDocument,
  drawConferenceLogo,
  drawSignature,
  drawText,
  drawVerification,
  GOLD,
  LOGO_BOX,
  MUTED,
  NAVY,
  saveDocument,
} from './pdf';

export const CERTIFICATE_TITLES: Record<CertificateJson['kind'], string> = {
  presentation: 'Certificate of Presentation',
  attendance: 'Certificate of Attendance',
  award: 'Certificate of Award',
  workshop: 'Certificate of Participation',
};

export interface CertificateInput {
  certificate: Omit<CertificateJson, 'email'>;
  /** The award or the workshop course, for those kinds (src/server/services/shared/verify-document.ts certificateDetails). */
  details?: CertificateDetails;
  /** Who signs, and the uploaded logo; without one, the settings' defaults, no image and the drawn logo. */
  organiser?: Organiser;
  verifyUrl: string;
  /** The conference's current facts (decision 0054): its title, dates and venue as the editor last saved them. */
  conference: ConferenceFacts;
}

/** What the person is certified for, after "This is to certify that <name>": the lines and which of them are bold. */
export function certificateStatement(input: CertificateInput): { text: string; bold?: boolean; size?: number }[] {
  const c = input.certificate;
  const title = conferenceTitle(input.conference);
  const held = `held on ${conferenceDatesText(input.conference)} at ${conferenceVenueText(input.conference)}.`;
  switch (c.kind) {
    case 'presentation':
      return [
        { text: 'presented the paper' },
        { text: `“${c.paperTitle ?? ''}”`, bold: true, size: 17 },
        { text: `(Paper ID: ${c.paperId ?? ''}) at the ${title}, ${held}` },
      ];
    case 'award': {
      const a = input.details?.award;
      return [
        { text: 'has been awarded the' },
        { text: a ? `${a.category} ${a.year}` : 'award', bold: true, size: 19 },
        { text: `${a?.awardId ? `Award ID: ${a.awardId}. ` : ''}Presented at the ${title}, ${held}` },
      ];
    }
    case 'workshop': {
      const w = input.details?.workshop;
      return [
        { text: 'participated in the technical workshop course' },
        { text: w?.title ?? c.paperTitle ?? 'of the conference', bold: true, size: 19 },
        { text: `${w ? `on ${formatLongDate(w.date, input.conference.timeZone)}, ` : ''}organised by the ${title}.` },
      ];
    }
    default:
      return [{ text: 'attended the' }, { text: title, bold: true, size: 17 }, { text: held }];
  }
}

/**
 * The certificate as an A4 landscape PDF: the conference's logo, name, dates and venue, the person's name in
 * any script, what it certifies (presentation, attendance, award with its id, workshop course), the organiser's
 * signature, and the verification code, URL and QR code.
 */
export async function renderCertificatePdf(input: CertificateInput): Promise<Uint8Array> {
  const c = input.certificate;
  const heading = CERTIFICATE_TITLES[c.kind];
  const title = conferenceTitle(input.conference);
  const kit = await createDocument({ title: `${heading} - ${c.name}`, subject: title, conference: input.conference });
  kit.pdf.setCreationDate(new Date(c.issuedAt));
  const page = kit.pdf.addPage([842, 595]);
  const { width, height } = page.getSize();
  const inner = { x: 60, width: width - 120 };

  // Frame: a navy border and a gold rule inside it (on white: a signature scanned on white paper shows no box).
  page.drawRectangle({ x: 22, y: 22, width: width - 44, height: height - 44, borderColor: NAVY, borderWidth: 4 });
  page.drawRectangle({ x: 31, y: 31, width: width - 62, height: height - 62, borderColor: GOLD, borderWidth: 1.2 });

  // Logo (the uploaded one, fitted to the drawn logo's box) and the conference, centred.
  const logoScale = 0.95;
  await drawConferenceLogo(kit, page, {
    x: (width - LOGO_BOX.width * logoScale) / 2,
    top: height - 50,
    scale: logoScale,
    logo: input.organiser?.logo,
    align: 'center',
  });
  let y = drawText(kit, page, title, {
    x: inner.x,
    y: height - 112,
    size: 12.5,
    bold: true,
    color: NAVY,
    maxWidth: inner.width,
    align: 'center',
  });
  y = drawText(kit, page, conferenceWhenWhere(input.conference), {
    x: inner.x,
    y: y + 2,
    size: 10,
    color: MUTED,
    maxWidth: inner.width,
    align: 'center',
  });

  y = drawText(kit, page, heading, { x: inner.x, y: y - 30, size: 30, bold: true, color: NAVY, maxWidth: inner.width, align: 'center' });
  page.drawLine({ start: { x: width / 2 - 60, y: y + 18 }, end: { x: width / 2 + 60, y: y + 18 }, thickness: 1.5, color: GOLD });
  y = drawText(kit, page, 'This is to certify that', {
    x: inner.x,
    y: y - 14,
    size: 13.5,
    color: MUTED,
    maxWidth: inner.width,
    align: 'center',
  });
  y = drawText(kit, page, c.name, {
    x: inner.x + 40,
    y: y - 20,
    size: 30,
    bold: true,
    maxWidth: inner.width - 80,
    align: 'center',
    lineGap: 8,
  });
  y -= 8;
  for (const line of certificateStatement(input)) {
    if (line.size) y -= line.size * 0.4; // room for a larger line's capitals under a small one
    y = drawText(kit, page, line.text, {
      x: inner.x + 30,
      y,
      size: line.size ?? 13,
      bold: line.bold,
      color: line.bold ? NAVY : undefined,
      maxWidth: inner.width - 60,
      align: 'center',
      lineGap: 6,
    });
  }

  // Foot: signature on the left, the date in the middle, verification on the right.
  const foot = 58;
  const organiser = input.organiser ?? { name: 'Organising Secretary', title: 'Organising Committee', signature: null, logo: null };
  await drawSignature(kit, page, { x: 70, y: foot + 82, organiser, width: 180 });
  drawText(kit, page, `Issued on ${formatLongDate(c.issuedAt, 'UTC')}`, {
    x: 300,
    y: foot + 6,
    size: 9.5,
    color: MUTED,
    maxWidth: 160,
    align: 'center',
  });
  await drawVerification(kit, page, { code: c.code, url: input.verifyUrl, x: width - 330, y: foot - 10, size: 78 });
  return saveDocument(kit);
}
