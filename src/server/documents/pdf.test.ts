import jsQR from 'jsqr';
import { PDFDict, PDFDocument, PDFName, type PDFPage } from 'pdf-lib';
import { describe, expect, test } from 'vitest';
import { CONFERENCE_FACTS_DEFAULTS } from '../../core/conference-facts';
import { renderCertificatePdf, type CertificateInput } from './certificate-pdf';
import { breakChunks, createDocument, drawQrCode, drawText, saveDocument, scriptRuns, textWidth, wrapLines } from './pdf';
import { qrMatrix, qrPixels } from './qr';

const DEVANAGARI = 'देवनागरी नाम';
const THAI = 'สมชาย ใจดี';
const LATIN = 'Zoë Ångström-Núñez';

/** The PDF's text, read back by Mozilla's pdf.js (not the library that wrote it). */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  const parts: string[] = [];
  for (let i = 1; i <= doc.numPages; i += 1) {
    const content = await (await doc.getPage(i)).getTextContent();
    parts.push(content.items.map((it) => ('str' in it ? it.str : '')).join(''));
  }
  return parts.join('\n').normalize('NFC');
}

/** The base names of the fonts in the PDF, without the subset tag. */
async function pdfFontNames(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  const names = new Set<string>();
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (obj instanceof PDFDict && obj.get(PDFName.of('Type')) === PDFName.of('Font')) {
      const base = obj.get(PDFName.of('BaseFont'));
      if (base instanceof PDFName)
        names.add(
          base
            .decodeText()
            .replace(/^[A-Z]{6}\+/, '')
            .replace(/-\d+$/, ''),
        );
    }
  }
  return [...names];
}

const base = { paperId: null, paperTitle: null, issuedAt: '2023-12-28T10:00:00.000Z' };
const organiser = { name: 'Dr. Somchai Prasert', title: 'Organising Secretary', signature: null, logo: null };
const verifyUrl = (code: string) => `https://conference.example.org/verify/${code}`;

describe('documents toolkit: any script, read back', () => {
  test('each script goes to its own font; spaces and punctuation stay with their neighbours', () => {
    expect(scriptRuns(`${LATIN} (${DEVANAGARI}) ${THAI}`)).toEqual([
      { script: 'latin', text: `${LATIN} (` },
      { script: 'devanagari', text: `${DEVANAGARI}) ` },
      { script: 'thai', text: THAI },
    ]);
  });

  test('lines break after spaces, between Thai words and after a slash, never before a comma', async () => {
    expect(breakChunks('Pattaya, Thailand.')).toEqual(['Pattaya, ', 'Thailand.']);
    expect(breakChunks('https://a.example/verify/ABCD')).toEqual(['https://', 'a.example/', 'verify/', 'ABCD']);
    expect(breakChunks('ภาษาไทยไม่มีช่องว่าง').length).toBeGreaterThan(2);
    const kit = await createDocument({ title: 'wrap', conference: CONFERENCE_FACTS_DEFAULTS });
    const text = 'The registration fee is non-refundable, and this receipt says so in words long enough to wrap.';
    const lines = wrapLines(kit, text, 11, false, 150);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(textWidth(kit, line, 11)).toBeLessThanOrEqual(150);
    expect(lines.join(' ').replace(/- /g, '-')).toBe(text); // a line may end after a hyphen
    expect(lines.some((l) => l.startsWith(','))).toBe(false);
  });

  test('names in Devanagari, Thai and accented Latin are drawn in embedded Noto subsets and read back as written', async () => {
    const kit = await createDocument({ title: 'Names', conference: CONFERENCE_FACTS_DEFAULTS });
    const page = kit.pdf.addPage([595, 842]);
    let y = 780;
    for (const name of [DEVANAGARI, THAI, LATIN]) y = drawText(kit, page, name, { x: 48, y, size: 24, bold: true });
    const bytes = await saveDocument(kit);
    const text = await pdfText(bytes);
    for (const name of [DEVANAGARI, THAI, LATIN]) expect(text).toContain(name);
    expect(text).not.toContain('?');
    const fonts = await pdfFontNames(bytes);
    expect(fonts).toEqual(expect.arrayContaining(['NotoSans-Bold', 'NotoSansDevanagari-Bold', 'NotoSansThai-Bold']));
    expect(bytes.length).toBeLessThan(200_000); // subsets, not the 1.5 MB of whole fonts
  });

  test.each([
    ['presentation', DEVANAGARI, ['Certificate of Presentation', 'presented the paper', '“Graphene in Sea Water”', 'Paper ID: P-42']],
    ['attendance', THAI, ['Certificate of Attendance', 'attended the', '27–28 December 2023']],
    ['award', LATIN, ['Certificate of Award', 'has been awarded the', 'Best Researcher Award 2026', 'Award ID: 2026/Award/ET/12']],
    [
      'workshop',
      `${LATIN} ${THAI}`,
      ['Certificate of Participation', 'participated in the technical workshop course', 'Internet of Things', '30 December 2022'],
    ],
  ] as const)(
    'a %s certificate names the person in any script, the conference, the signer and how to verify it',
    async (kind, name, expected) => {
      const code = 'ABCD-EFGH-JKMN-PQRS-TV01';
      const input: CertificateInput = {
        certificate: {
          ...base,
          code,
          kind,
          name,
          ...(kind === 'presentation' ? { paperId: 'P-42', paperTitle: 'Graphene in Sea Water' } : {}),
        },
        details: {
          award: kind === 'award' ? { category: 'Best Researcher Award', year: 2026, awardId: '2026/Award/ET/12' } : null,
          workshop: kind === 'workshop' ? { courseId: 'internet-of-things', title: 'Internet of Things', date: '2022-12-30' } : null,
        },
        organiser,
        verifyUrl: verifyUrl(code),
        conference: CONFERENCE_FACTS_DEFAULTS,
      };
      const text = await pdfText(await renderCertificatePdf(input));
      for (const part of [
        name,
        ...expected,
        '5th World Conference on Innovations in Management, Science and Engineering',
        'Sample Beach Resort',
        'Dr. Somchai Prasert',
        'Organising Secretary',
        code,
        'Issued on 28 December 2023',
      ]) {
        expect(text).toContain(part);
      }
      expect(text.replace(/\s+/g, '')).toContain(`Verifyat${verifyUrl(code)}`);
    },
  );
});

describe('QR codes', () => {
  test('the matrix of a verification URL reads back with jsQR', () => {
    const url = verifyUrl('ABCD-EFGH-JKMN-PQRS-TV01');
    const { data, width, height } = qrPixels(qrMatrix(url));
    expect(jsQR(data, width, height)?.data).toBe(url);
  });

  test('the squares drawQrCode puts on the page, rasterised, read back with jsQR', async () => {
    const url = verifyUrl('ZZZZ-0000-1111-2222-3333');
    const kit = await createDocument({ title: 'qr', conference: CONFERENCE_FACTS_DEFAULTS });
    const squares: { x: number; y: number; width: number; height: number; dark: boolean }[] = [];
    const page = {
      drawRectangle: (o: { x: number; y: number; width: number; height: number; color: { red: number } }) =>
        squares.push({ x: o.x, y: o.y, width: o.width, height: o.height, dark: o.color.red < 0.5 }),
    } as unknown as PDFPage;
    const at = { x: 100, y: 200, size: 120 };
    await drawQrCode(kit, page, url, at);
    // Paint them as a 4 px/pt image, PDF y upwards turned into image rows downwards.
    const scale = 4;
    const side = at.size * scale;
    const data = new Uint8ClampedArray(side * side * 4).fill(255);
    for (const s of squares) {
      const v = s.dark ? 0 : 255;
      for (let py = Math.round((at.y + at.size - s.y - s.height) * scale); py < Math.round((at.y + at.size - s.y) * scale); py++) {
        for (let px = Math.round((s.x - at.x) * scale); px < Math.round((s.x - at.x + s.width) * scale); px++) {
          const i = (py * side + px) * 4;
          data[i] = data[i + 1] = data[i + 2] = v;
        }
      }
    }
    expect(squares[0]).toMatchObject({ x: at.x, y: at.y, width: at.size, height: at.size, dark: false }); // the quiet zone's white square
    expect(jsQR(data, side, side)?.data).toBe(url);
  });
});
