import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { afterEach, expect, test } from 'vitest';
import { PdfJobs } from './pdf-jobs';

const runners: PdfJobs[] = [];
afterEach(() => {
  for (const r of runners.splice(0)) r.close();
});
const runner = (opts: ConstructorParameters<typeof PdfJobs>[0]) => {
  const r = new PdfJobs(opts);
  runners.push(r);
  return r;
};

async function smallPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage();
  doc.setAuthor('Alice Author');
  return doc.save();
}

/** Many small objects: pdf-lib needs most of a second to parse these (bench/blind-pdf.ts). Made once. */
let slow: Promise<Uint8Array> | undefined;
function slowPdf(): Promise<Uint8Array> {
  slow ??= (async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    const refs = Array.from({ length: 20_000 }, (_, i) => doc.context.register(doc.context.obj({ Contents: PDFString.of(`note ${i}`) })));
    doc.catalog.set(PDFName.of('Notes'), doc.context.obj(refs));
    return doc.save({ useObjectStreams: false });
  })();
  return slow;
}

test('a job over the time limit is stopped and answered too_slow; the next job gets a new child and its answer', async () => {
  // The slow job gets 100 ms; the next one the runner's 10 s, so a new child's first job on a loaded machine
  // (CI with other suites running) is not taken for a slow one.
  const jobs = runner({ timeLimitMs: 10_000 });
  const bytes = await slowPdf();
  expect(await jobs.run({ read: async () => bytes, strip: true, timeLimitMs: 100 })).toEqual({ ok: false, reason: 'too_slow' });
  const small = await smallPdf();
  const result = await jobs.run({ read: async () => small, strip: false });
  expect(result).toMatchObject({ ok: true, pages: 1, metadata: { info: { Author: 'Alice Author' }, xmp: null } });
}, 30_000);

test('jobs run one at a time: one that cannot start within maxWaitMs is answered busy, without its file being read', async () => {
  const jobs = runner({ timeLimitMs: 10_000 });
  const bytes = await slowPdf();
  let read = false;
  const first = jobs.run({ read: async () => bytes, strip: true });
  const second = await jobs.run({
    read: async () => {
      read = true;
      return bytes;
    },
    strip: false,
    maxWaitMs: 20,
  });
  expect(second).toEqual({ ok: false, reason: 'busy' });
  expect(read).toBe(false);
  expect((await first).ok).toBe(true);
}, 30_000);

test('an encrypted or broken PDF is an answer, not an error', async () => {
  const jobs = runner({});
  expect(await jobs.run({ read: async () => Buffer.from('%PDF-1.7\n% nothing here\n%%EOF\n'), strip: true })).toEqual({
    ok: false,
    reason: 'broken',
  });
  const doc = await PDFDocument.create();
  doc.addPage();
  doc.context.trailerInfo.Encrypt = doc.context.register(doc.context.obj({ Filter: 'Standard', V: 1, R: 2, P: -4 }));
  const encrypted = await doc.save();
  expect(await jobs.run({ read: async () => encrypted, strip: true })).toEqual({ ok: false, reason: 'encrypted' });
}, 30_000);

test("a job given a stored file's path has the child read it, without reading it here; a file gone is answered missing", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pdf-jobs-'));
  const file = path.join(dir, 'paper.pdf');
  writeFileSync(file, await smallPdf());
  const r = runner({});
  let read = 0;
  const result = await r.run({
    read: async () => {
      read++;
      return new Uint8Array();
    },
    path: file,
    strip: false,
  });
  expect(read).toBe(0);
  expect(result.ok && result.metadata.info.Author).toBe('Alice Author');
  expect(await r.run({ read: async () => new Uint8Array(), path: path.join(dir, 'gone.pdf'), strip: false })).toEqual({
    ok: false,
    reason: 'missing',
  });
});
