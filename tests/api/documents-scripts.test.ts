import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CONFERENCE_FACTS_DEFAULTS } from '../../src/core/conference-facts';
import type { PublishedSession } from '../../src/core/program';
import { renderAbstractBookPdf, type BookPaper } from '../../src/server/documents/abstract-book-pdf';
import { renderBadgesPdf } from '../../src/server/documents/badges-pdf';
import { renderCertificatePdf } from '../../src/server/documents/certificate-pdf';
import { renderProgrammePdf } from '../../src/server/documents/programme-pdf';
import { renderReceiptPdf } from '../../src/server/documents/receipt-pdf';
import { renderVisaLetterPdf } from '../../src/server/documents/visa-letter-pdf';

/**
 * Every script on every document (decision 0073): names and titles in each script are drawn in an embedded font
 * (poppler's pdftoppm renders every page without a font error) and read back by poppler's pdftotext as written
 * (copy and search give the name: Devanagari through ActualText, Arabic and Hebrew in logical order, a mixed
 * Arabic/Latin affiliation whole). Tools nobody here wrote read the PDFs; only whitespace is normalised, and the
 * directional marks pdftotext puts around right-to-left text (U+202A–U+202E) are dropped.
 */
const run = promisify(execFile);

const NAMES = {
  latin: 'Zoë Ångström-Núñez',
  greek: 'Αλέξανδρος Παπαδόπουλος',
  cyrillic: 'Анна Кузнецова',
  vietnamese: 'Nguyễn Thị Hằng',
  devanagari: 'प्रिया शर्मा',
  thai: 'สมชาย ใจดี',
  chinese: '王芳',
  japanese: '山田 花子',
  korean: '김민준',
  arabic: 'محمد العلي',
  hebrew: 'דוד לוי',
} as const;
const ALL = Object.values(NAMES);
const MIXED = 'Sultan Qaboos University, مسقط, Oman';
const TITLES = [
  'Graphene ≥ 2 layers',
  'ग्राफीन झिल्लियाँ',
  'การกรองน้ำทะเล',
  '海水淡化膜の研究',
  '해수 담수화',
  'تحلية مياه البحر',
  'התפלת מים',
];

let dir: string;
/** DOCUMENTS_SCRIPTS_DIR keeps the PDFs and their rendered pages there to be looked at. */
const keep = process.env.DOCUMENTS_SCRIPTS_DIR;
beforeAll(async () => {
  dir = keep ?? (await mkdtemp(path.join(tmpdir(), 'documents-scripts-')));
});
afterAll(async () => {
  if (!keep) await rm(dir, { recursive: true, force: true });
});

const normalise = (s: string) =>
  s
    .normalize('NFC')
    .replace(/[\u202A-\u202E]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** The PDF's text as poppler's pdftotext reads it, and the pages rendered by pdftoppm (font errors fail the test). */
async function readBack(name: string, bytes: Uint8Array): Promise<string> {
  const file = path.join(dir, `${name}.pdf`);
  await writeFile(file, bytes);
  const text = await run('pdftotext', ['-enc', 'UTF-8', file, '-']);
  expect(text.stderr).toBe('');
  const shot = await run('pdftoppm', ['-r', '40', '-png', '-l', '3', file, path.join(dir, name)]);
  expect(shot.stderr).toBe('');
  expect((await readdir(dir)).some((f) => f.startsWith(`${name}-`) && f.endsWith('.png'))).toBe(true);
  return normalise(text.stdout);
}

function expectAll(text: string, expected: readonly string[]) {
  for (const part of expected) expect(text, part).toContain(normalise(part));
}

const organiser = { name: 'Dr. Somchai Prasert', title: 'Organising Secretary', signature: null, logo: null };
const conference = CONFERENCE_FACTS_DEFAULTS;

describe('every script on every document, read back by pdftotext', () => {
  test.each(Object.entries(NAMES))('a certificate issued to a %s name', async (script, name) => {
    const code = 'ABCD-EFGH-JKMN-PQRS-TV01';
    const bytes = await renderCertificatePdf({
      certificate: {
        code,
        kind: 'presentation',
        name,
        paperId: 'P-42',
        paperTitle: TITLES[ALL.indexOf(name) % TITLES.length]!,
        issuedAt: '2023-12-28T10:00:00.000Z',
      },
      details: { award: null, workshop: null },
      organiser,
      verifyUrl: `https://conference.example.org/verify/${code}`,
      conference,
    });
    const text = await readBack(`certificate-${script}`, bytes);
    expectAll(text, [name, TITLES[ALL.indexOf(name) % TITLES.length]!, 'Certificate of Presentation']);
  });

  test.each(Object.entries(NAMES))('a receipt for a %s name with a mixed Arabic and Latin address', async (script, name) => {
    const bytes = await renderReceiptPdf({
      number: 'R-2026-0001',
      code: 'RCPT-0000-1111-2222-3333',
      paidAt: new Date('2026-03-01T10:00:00Z'),
      issuedAt: new Date('2026-03-01T10:00:00Z'),
      billingName: name,
      billingAddress: MIXED,
      email: 'payer@example.org',
      registrationCode: 'REG-1',
      item: 'Registration',
      lines: [],
      amount: 'THB 9,000.00',
      currency: 'THB',
      method: 'Card',
      reference: null,
      verifyUrl: 'https://conference.example.org/verify/RCPT-0000-1111-2222-3333',
      conference,
      logo: null,
    });
    const text = await readBack(`receipt-${script}`, bytes);
    expectAll(text, [name, MIXED, 'Received from']);
  });

  test.each(Object.entries(NAMES))('a visa letter for a %s name', async (script, name) => {
    const bytes = await renderVisaLetterPdf({
      passportName: name,
      nationality: 'OM',
      passportNumber: 'Z9876543',
      arrivalDate: '2023-12-26',
      departureDate: '2023-12-30',
      role: 'attendee',
      code: 'VISA-0000-1111-2222-3333',
      verifyUrl: 'https://conference.example.org/verify/VISA-0000-1111-2222-3333',
      issuedAt: new Date('2023-11-01T10:00:00Z'),
      organiser,
      conference,
    });
    const text = await readBack(`visa-${script}`, bytes);
    expectAll(text, [name]);
  });

  test('badges with a name in each script and a mixed affiliation', async () => {
    const bytes = await renderBadgesPdf(
      ALL.map((name, i) => ({ name, affiliation: i === 0 ? MIXED : TITLES[i % TITLES.length]!, category: 'Author', code: `REG-${i}` })),
      { conference },
    );
    const text = await readBack('badges', bytes);
    expectAll(text, [...ALL, MIXED]);
  });

  test('the programme with titles and presenters in each script', async () => {
    const sessions: PublishedSession[] = [
      {
        _id: 's1',
        title: 'Water',
        kind: 'papers',
        track: 'Engineering',
        room: 'Room A',
        link: '',
        start: '2023-12-27T02:00:00.000Z',
        end: '2023-12-27T03:30:00.000Z',
        chair: NAMES.arabic,
        papers: ALL.map((name, i) => ({ _id: `P-${i}`, title: TITLES[i % TITLES.length]!, presenter: name, presenterEmail: '' })),
      },
    ];
    const bytes = await renderProgrammePdf({ conference, sessions, publishedAt: '2023-12-01T00:00:00.000Z', logo: null });
    const text = await readBack('programme', bytes);
    expectAll(text, [...ALL, ...TITLES]);
  });

  test('the abstract book with authors, affiliations and titles in each script', async () => {
    const papers = new Map<string, BookPaper>(
      ALL.map((name, i) => [
        `P-${i}`,
        {
          title: TITLES[i % TITLES.length]!,
          abstract: `${TITLES[(i + 1) % TITLES.length]!}. ${name}.`,
          authors: [{ name, affiliation: i === 0 ? 'Sultan Qaboos University, مسقط' : 'Chulalongkorn University', country: 'OM' }],
        },
      ]),
    );
    const bytes = await renderAbstractBookPdf({
      conference,
      organiser: { name: organiser.name, title: organiser.title, logo: null },
      by: 'track',
      sections: [
        {
          title: 'Engineering',
          subtitle: '',
          papers: ALL.map((name, i) => ({ id: `P-${i}`, title: TITLES[i % TITLES.length]!, presenter: name })),
        },
      ],
      loadPapers: async (ids) => new Map(ids.flatMap((id) => (papers.has(id) ? [[id, papers.get(id)!] as const] : []))),
      generatedAt: new Date('2023-12-01T00:00:00Z'),
    });
    const text = await readBack('abstract-book', bytes);
    expectAll(text, [...ALL, ...TITLES, 'Sultan Qaboos University, مسقط']);
  });
});
