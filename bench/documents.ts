// Decision 0073: the documents' renderers at scale, with names in every script (Latin, Greek, Cyrillic, Vietnamese,
// Devanagari, Thai, Chinese, Japanese, Korean, Arabic, Hebrew): the abstract book and the programme at 3,000 papers
// (BENCH_DOC_PAPERS) and badges for 3,000 attendees (BENCH_DOC_BADGES), each in a fresh process-wide sample of RSS
// and V8 heap every 50 ms; then one certificate and one page of badges, the cost of one document on request. The
// renderers are called directly (the database's share is bench/abstract-book.ts). DOCUMENTS_SRC=<dir> runs the
// same against another tree's src/ (the code before a change). Figures, not a test.
// Run alone: node --expose-gc --import tsx bench/documents.ts
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { fmt, printMachine, printTable, runBench } from './lib/util';

const PAPERS = Number(process.env.BENCH_DOC_PAPERS ?? 3000);
const BADGES = Number(process.env.BENCH_DOC_BADGES ?? 3000);
const SRC = path.resolve(process.env.DOCUMENTS_SRC ?? path.join(import.meta.dirname, '..', 'src'));
const MiB = 1024 * 1024;
/** BENCH_DOC_ONLY=book (or badges, programme, certificate): one kind alone, so that its peak RSS is its own. */
const ONLY = process.env.BENCH_DOC_ONLY;
const wanted = (kind: string) => !ONLY || ONLY.split(',').includes(kind);

const NAMES = [
  'Zoë Ångström-Núñez',
  'Αλέξανδρος Παπαδόπουλος',
  'Анна Кузнецова',
  'Nguyễn Thị Hằng',
  'प्रिया शर्मा',
  'สมชาย ใจดี',
  '王芳',
  '山田 花子',
  '김민준',
  'محمد العلي',
  'דוד לוי',
  'José García',
  'Łukasz Kowalski',
  'Ravi Kumar',
];
const AFFILIATIONS = ['Sultan Qaboos University, مسقط', 'Chulalongkorn University', '东京大学', 'भारतीय विज्ञान संस्थान', 'ETH Zürich'];
const WORDS = (
  'analysis model data network energy system learning method results performance materials study proposed approach optimisation control ' +
  'simulation experimental design structure dynamic thermal efficiency signal algorithm framework evaluation sustainable management process'
).split(' ');
let seed = 42;
const rand = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
const sentence = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
function abstract(): string {
  let text = '';
  while (text.length < 1450) text += `${sentence(8 + Math.floor(rand() * 14))}. `;
  return text.trim();
}

async function measure<T>(work: () => Promise<T>): Promise<{ value: T; seconds: number; cpu: number; peakRss: number; peakHeap: number }> {
  global.gc?.();
  const cpu0 = process.cpuUsage();
  let rss = process.memoryUsage().rss;
  let heap = process.memoryUsage().heapUsed;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
  }, 50);
  const t0 = performance.now();
  const value = await work();
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(timer);
  const m = process.memoryUsage();
  const cpu = process.cpuUsage(cpu0);
  return { value, seconds, cpu: (cpu.user + cpu.system) / 1e6, peakRss: Math.max(rss, m.rss), peakHeap: Math.max(heap, m.heapUsed) };
}

const load = (file: string) => import(pathToFileURL(path.join(SRC, file)).href);

runBench(`Documents in every script (${PAPERS} papers, ${BADGES} badges)`, async () => {
  printMachine();
  console.log(
    `source: ${SRC}\nload average at start: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}\n`,
  );
  const { CONFERENCE_FACTS_DEFAULTS: conference } = await load('core/conference-facts.ts');
  const { renderAbstractBookPdf } = await load('server/documents/abstract-book-pdf.ts');
  const { renderProgrammePdf } = await load('server/documents/programme-pdf.ts');
  const { renderBadgesPdf } = await load('server/documents/badges-pdf.ts');
  const { renderCertificatePdf } = await load('server/documents/certificate-pdf.ts');

  const papers = new Map<string, { title: string; abstract: string; authors: { name: string; affiliation: string; country: string }[] }>();
  const entries: { id: string; title: string; presenter: string }[] = [];
  for (let i = 0; i < PAPERS; i++) {
    const authors = Array.from({ length: 3 + (i % 4) }, () => ({ name: pick(NAMES), affiliation: pick(AFFILIATIONS), country: 'TH' }));
    const title = `${sentence(6 + (i % 8))} ${pick(NAMES)}`;
    papers.set(`P-${i}`, { title, abstract: abstract(), authors });
    entries.push({ id: `P-${i}`, title, presenter: authors[0]!.name });
  }
  const sessions: unknown[] = [];
  for (let s = 0; s * 6 < PAPERS; s++) {
    const start = new Date(Date.UTC(2023, 11, 27 + Math.floor(s / 10), 2 + (s % 10)));
    sessions.push({
      _id: `s${s}`,
      title: `Session ${s + 1}`,
      kind: 'papers',
      track: `Track ${1 + (s % 4)}`,
      room: `Room ${1 + (s % 5)}`,
      link: '',
      start: start.toISOString(),
      end: new Date(start.getTime() + 50 * 60_000).toISOString(),
      chair: pick(NAMES),
      papers: entries.slice(s * 6, s * 6 + 6).map((e) => ({ _id: e.id, title: e.title, presenter: e.presenter, presenterEmail: '' })),
    });
  }
  const sections = [0, 1, 2, 3].map((t) => ({
    title: `Track ${t + 1}`,
    subtitle: '',
    papers: entries.filter((_, i) => i % 4 === t),
  }));
  const badges = Array.from({ length: BADGES }, (_, i) => ({
    name: pick(NAMES),
    affiliation: pick(AFFILIATIONS),
    category: 'Author',
    code: `REG-${i}`,
  }));

  const rows: (string | number)[][] = [];
  const row = (what: string, r: { seconds: number; cpu: number; peakRss: number; peakHeap: number; value: Uint8Array }) =>
    rows.push([what, fmt(r.seconds, 2), fmt(r.cpu, 2), fmt(r.peakRss / MiB, 0), fmt(r.peakHeap / MiB, 0), fmt(r.value.length / MiB, 2)]);

  // One attendance certificate for `name`, and the book's input: the same for the in-process and the worker rows.
  const certificateInput = (code: string, name: string) => ({
    certificate: {
      code,
      kind: 'attendance' as const,
      name,
      paperId: null,
      paperTitle: null,
      issuedAt: '2023-12-28T10:00:00.000Z',
    },
    details: { award: null, workshop: null },
    organiser: { name: 'Dr. Somchai Prasert', title: 'Organising Secretary', signature: null, logo: null },
    verifyUrl: `https://conference.example.org/verify/${code}`,
    conference,
  });
  const bookInput = {
    conference,
    organiser: { name: 'Dr. Somchai Prasert', title: 'Organising Secretary', logo: null },
    by: 'track' as const,
    sections,
    loadPapers: async (ids: string[]) => new Map(ids.map((id) => [id, papers.get(id)!])),
    generatedAt: new Date('2023-12-01T00:00:00Z'),
  };
  if (wanted('certificate'))
    row('one certificate (first, fonts cold)', await measure(() => renderCertificatePdf(certificateInput('ABCD', '王芳'))));
  if (wanted('certificate'))
    row('one certificate (warm)', await measure(() => renderCertificatePdf(certificateInput('ABCE', 'محمد العلي'))));
  if (wanted('badges')) row('badges, one page of 8', await measure(() => renderBadgesPdf(badges.slice(0, 8), { conference })));
  if (wanted('badges')) row(`badges for ${BADGES} attendees`, await measure(() => renderBadgesPdf(badges, { conference })));
  if (wanted('programme'))
    row(
      `programme, ${PAPERS} papers`,
      await measure(() => renderProgrammePdf({ conference, sessions, publishedAt: '2023-12-01T00:00:00.000Z', logo: null })),
    );
  if (wanted('book')) row(`abstract book, ${PAPERS} papers`, await measure(() => renderAbstractBookPdf(bookInput)));
  if (ONLY?.split(',').includes('book-worker')) {
    // As the background maker draws it (decision 0073): in a worker thread with a bounded heap, the papers read by the parent.
    const { renderAbstractBookInWorker } = await load('server/documents/abstract-book-in-worker.ts');
    row(`abstract book, ${PAPERS} papers, in a worker`, await measure(() => renderAbstractBookInWorker(bookInput)));
  }
  printTable(['document', 'seconds', 'CPU seconds', 'peak RSS MiB', 'peak heap MiB', 'size MiB'], rows);
});
