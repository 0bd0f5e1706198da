// What the blind-review copy of a PDF costs (decision 0021). First pdf-lib alone:
// parse a 20 MB PDF, read its metadata, rewrite it without. Three shapes of 20 MB: figures (a few large
// image streams, the common case), text (2,000 pages of content streams) and a worst case of 150,000 small
// objects. Each row is the median of a few runs in this process; RSS is the peak growth above the start.
// Then through the API (buildApp on a fresh database of the local PostgreSQL server, the child process of
// src/server/storage/pdf-jobs.ts): the upload with its metadata check, the original's download, and the
// reviewer's first (copy made) and second (stored copy) download under blind review.
// Run alone: node --expose-gc --import tsx bench/blind-pdf.ts
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { loadPdf, readPdfMetadata, saveBlindCopy } from '../src/server/storage/pdf-metadata';
import { pdfJobs } from '../src/server/storage/pdf-jobs';
import { multipart } from '../tests/support/multipart';
import { freshPostgresDatabase, postgresAvailable } from './lib/postgres';
import { fmt, onCleanup, printMachine, printTable, runBench } from './lib/util';

const MB = 1024 * 1024;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

async function withMetadata(doc: PDFDocument): Promise<Buffer> {
  doc.setAuthor('Alice Author <alice@uni-a.edu>');
  doc.setTitle('A paper');
  const xmp = doc.context.stream('<?xpacket begin=""?><x:xmpmeta><dc:creator>Alice Author</dc:creator></x:xmpmeta><?xpacket end="w"?>', {
    Type: 'Metadata',
    Subtype: 'XML',
  });
  doc.catalog.set(PDFName.of('Metadata'), doc.context.register(xmp));
  return Buffer.from(await doc.save());
}

async function figures(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < 10; i++) {
    const side = 816;
    const image = doc.context.register(
      doc.context.stream(randomBytes(side * side * 3), {
        Type: 'XObject',
        Subtype: 'Image',
        Width: side,
        Height: side,
        BitsPerComponent: 8,
        ColorSpace: 'DeviceRGB',
      }),
    );
    const page = doc.addPage([612, 792]);
    page.node.setXObject(PDFName.of('Im0'), image);
    page.pushOperators();
  }
  return withMetadata(doc);
}

async function text(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const line = 'BT /F1 10 Tf 72 700 Td (The quick brown fox jumps over the lazy dog, again and again.) Tj ET\n';
  for (let i = 0; i < 2000; i++) {
    const page = doc.addPage([612, 792]);
    page.node.set(PDFName.of('Contents'), doc.context.register(doc.context.stream(line.repeat(Math.ceil((10 * 1024) / line.length)))));
  }
  return withMetadata(doc);
}

async function smallObjects(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]);
  const refs = [];
  for (let i = 0; i < 150_000; i++)
    refs.push(
      doc.context.register(
        doc.context.obj({ Type: 'Annot', Subtype: 'Text', Contents: PDFString.of(`note ${i} ${'x'.repeat(60)}`), Rect: [0, 0, 10, 10] }),
      ),
    );
  doc.catalog.set(PDFName.of('Notes'), doc.context.obj(refs));
  return withMetadata(doc);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

runBench('blind-review copy of a 20 MB PDF (pdf-lib)', async () => {
  printMachine();
  const gc = (globalThis as { gc?: () => void }).gc;
  const rows: Array<Array<string | number>> = [];
  for (const [name, make] of [
    ['figures', figures],
    ['text', text],
    ['150k objects', smallObjects],
  ] as const) {
    const bytes = await make();
    const parse: number[] = [],
      read: number[] = [],
      save: number[] = [],
      rss: number[] = [];
    let outSize = 0;
    for (let run = 0; run < RUNS; run++) {
      gc?.();
      const rss0 = process.memoryUsage().rss;
      let peak = rss0;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 5);
      const t0 = performance.now();
      const doc = await loadPdf(bytes);
      const t1 = performance.now();
      readPdfMetadata(doc);
      const t2 = performance.now();
      const out = await saveBlindCopy(doc, { authors: [{ name: 'Alice Author', email: 'alice@uni-a.edu' }], dropAnnotationText: false });
      const t3 = performance.now();
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);
      outSize = out.length;
      parse.push(t1 - t0);
      read.push(t2 - t1);
      save.push(t3 - t2);
      rss.push((peak - rss0) / MB);
    }
    rows.push([
      name,
      fmt(bytes.length / MB, 1),
      fmt(median(parse), 0),
      fmt(median(read), 1),
      fmt(median(save), 0),
      fmt(median(parse) + median(read) + median(save), 0),
      fmt(outSize / MB, 1),
      fmt(Math.max(...rss), 0),
    ]);
  }
  printTable(['PDF', 'MB', 'parse ms', 'read ms', 'strip+save ms', 'total ms', 'out MB', 'peak RSS growth MB'], rows);

  if (!(await postgresAvailable())) {
    console.log('No PostgreSQL server at BENCH_POSTGRES_URL: the API figures are skipped.');
    return;
  }
  const database = await freshPostgresDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'imse-bench-blind-'));
  onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  const app = await buildApp(
    loadConfig({
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      FILE_STORE: 'disk',
      LOG_LEVEL: 'silent',
      MAX_UPLOAD_MB: '25',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
    }),
    { logger: false },
  );
  onCleanup(async () => {
    pdfJobs.close();
    await app.close();
  });
  await app.ready();
  const signup = async (role: string, name: string, tags: string[] = []) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: {
        name,
        email: `${name.replace(/\W/g, '').toLowerCase()}@${role.toLowerCase()}-${randomBytes(3).toString('hex')}.example`,
        password: 'bench-password-2026',
        confirmPassword: 'bench-password-2026',
        role,
        tags,
      },
    });
    const { token, user } = res.json();
    return { auth: { authorization: `Bearer ${token}` }, id: user._id as string };
  };
  const editor = await signup('Editor', 'Bench Editor');
  const author = await signup('Author', 'Alice Author');
  await app.inject({
    method: 'PUT',
    url: '/api/editor/settings',
    headers: editor.auth,
    payload: { blindReview: true, maxPapersPerReviewer: 100 },
  });
  const timed = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
    const t0 = performance.now();
    const r = await fn();
    return [r, performance.now() - t0];
  };
  const api: Array<Array<string | number>> = [];
  for (const [name, make] of [
    ['figures', figures],
    ['text', text],
    ['150k objects', smallObjects],
  ] as const) {
    const bytes = await make();
    const reviewer = await signup('Reviewer', `Bench Reviewer ${name}`, ['AI']);
    const body = await multipart([
      ['title', `Bench ${name}`],
      ['abstract', 'Measuring the blind copy.'],
      ['keywords', 'AI'],
      ['file', bytes, 'paper.pdf'],
    ]);
    const [submitted, uploadMs] = await timed(() =>
      app.inject({
        method: 'POST',
        url: '/api/author/new-paper',
        payload: body.payload,
        headers: { ...author.auth, 'content-type': body.contentType },
      }),
    );
    const paper = submitted.json().paper;
    await app.inject({
      method: 'POST',
      url: '/api/editor/send-paper',
      headers: editor.auth,
      payload: { paperId: paper._id, reviewerId: reviewer.id },
    });
    const link = (await app.inject({ url: `/api/reviewer/assigned-papers/${reviewer.id}`, headers: reviewer.auth }))
      .json()
      .find((p: { _id: string }) => p._id === paper._id).pdf as string;
    const originals: number[] = [];
    for (let i = 0; i < 3; i++) originals.push((await timed(() => app.inject({ url: paper.pdf })))[1]);
    const [first, firstMs] = await timed(() => app.inject({ url: link }));
    const seconds: number[] = [];
    for (let i = 0; i < 3; i++) seconds.push((await timed(() => app.inject({ url: link })))[1]);
    api.push([
      name,
      fmt(bytes.length / MB, 1),
      fmt(uploadMs, 0),
      submitted.json().metadataWarning ? 'yes' : 'no',
      fmt(median(originals), 0),
      `${first.statusCode}: ${fmt(firstMs, 0)}`,
      fmt(median(seconds), 0),
      fmt(first.rawPayload.length / MB, 1),
    ]);
  }
  printTable(
    [
      'PDF',
      'MB',
      'upload ms',
      'warning',
      'original download ms (median of 3)',
      'reviewer 1st ms (copy made)',
      'reviewer later ms (median of 3)',
      'copy MB',
    ],
    api,
  );
});
