import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { CertificateJson } from '../../core/schemas/program';

/** Standard fonts use WinAnsi: anything outside it becomes '?', rather than failing the whole PDF. */
function winAnsi(text: string): string {
  return text.normalize('NFC').replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');
}

function wrap(text: string, width: number, size: number, measure: (t: string, s: number) => number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (measure(next, size) > width && line) { lines.push(line); line = word; } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** The certificate as an A4 landscape PDF (pdf-lib), naming the person, the paper and the verification address. */
export async function renderCertificatePdf(input: { certificate: CertificateJson; conferenceTitle: string; verifyUrl: string }): Promise<Uint8Array> {
  const { certificate: c } = input;
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Certificate of ${c.kind} - ${winAnsi(c.name)}`);
  pdf.setCreationDate(new Date(c.issuedAt));
  const page = pdf.addPage([842, 595]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const { width } = page.getSize();
  let y = 500;
  const centre = (text: string, size: number, font = regular, gap = 14) => {
    for (const line of wrap(winAnsi(text), width - 160, size, (t, s) => font.widthOfTextAtSize(t, s))) {
      page.drawText(line, { x: (width - font.widthOfTextAtSize(line, size)) / 2, y, size, font, color: rgb(0.1, 0.1, 0.2) });
      y -= size + gap;
    }
  };
  page.drawRectangle({ x: 30, y: 30, width: width - 60, height: 535, borderColor: rgb(0.1, 0.3, 0.5), borderWidth: 3 });
  centre(c.kind === 'presentation' ? 'Certificate of Presentation' : 'Certificate of Attendance', 32, bold, 24);
  centre('This is to certify that', 16);
  centre(c.name, 26, bold, 18);
  if (c.kind === 'presentation' && c.paperTitle) {
    centre('presented the paper', 16);
    centre(`"${c.paperTitle}"`, 18, bold);
    centre(`Paper ID: ${c.paperId}`, 12);
  } else {
    centre('attended the', 16);
  }
  centre(input.conferenceTitle, 16);
  y = 90;
  centre(`Issued ${c.issuedAt.slice(0, 10)}. Verification code: ${c.code}`, 11, regular, 6);
  centre(`Verify at ${input.verifyUrl}`, 11);
  return pdf.save();
}
