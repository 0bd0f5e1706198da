import { Readable } from 'node:stream';
import { inflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFRawStream, PDFString, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { blindCopyInputsSql, blindCopyKey } from '../../src/server/storage/derived-keys';
import { sweepUnreferencedFiles } from '../../src/server/storage/pg-file-store';
import { startTestApp, type TestApp } from '../support/app';
import { injectMultipart, pdfBytes, submitPaper, submitPaperAnswer } from '../support/multipart';
import { signupAs, uniqueAddress, type SignedUp } from '../support/users';

/**
 * Decision 0021: under blind review the PDF a reviewer downloads carries no document information and no XMP
 * packet (a full rewrite, so the old bytes are gone); the author and the editor keep the original bytes; the
 * author is told at upload when the PDF's metadata names them.
 */
let t: TestApp;
let editor: SignedUp;
let alice: SignedUp;

const ALICE_EMAIL = 'alice@uni-a.edu';
const unique = () => Math.random().toString(36).slice(2, 8);
const get = (url: string, who?: SignedUp) => t.app.inject({ url, headers: who?.auth ?? {} });
const put = (url: string, who: SignedUp, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url, headers: who.auth, payload });
const post = (url: string, who: SignedUp, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: who.auth, payload });
const setBlind = async (on: boolean) => expect((await put('/api/editor/settings', editor, { blindReview: on })).statusCode).toBe(200);

/** A two-page PDF whose Info and XMP packet name Alice (written without object streams: her name is in the bytes). */
async function alicePdf(opts: { info?: boolean; xmp?: string | null } = {}): Promise<Buffer> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of ['A study of things', 'Results']) doc.addPage([612, 792]).drawText(text, { x: 72, y: 700, font, size: 12 });
  if (opts.info !== false) {
    doc.setAuthor('Alice Author <alice@uni-a.edu>');
    doc.setCreator('LaTeX with hyperref, typeset by alice');
    doc.setProducer('pdfTeX-1.40 on alice-laptop');
    doc.setTitle('Things, by Alice Author');
    doc.setSubject('Draft of alice');
    doc.setKeywords(['alice', 'things']);
  }
  const xmp =
    opts.xmp === undefined
      ? '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
        '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Alice Author (alice@uni-a.edu)</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>'
      : opts.xmp;
  if (xmp !== null)
    doc.catalog.set(PDFName.of('Metadata'), doc.context.register(doc.context.stream(xmp, { Type: 'Metadata', Subtype: 'XML' })));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** A PDF whose trailer says it is encrypted (pdf-lib refuses to read it). */
async function encryptedPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.addPage([612, 792]);
  doc.setAuthor('Alice Author');
  doc.context.trailerInfo.Encrypt = doc.context.register(
    doc.context.obj({
      Filter: 'Standard',
      V: 1,
      R: 2,
      P: -4,
      O: PDFString.of('x'.repeat(32)),
      U: PDFString.of('y'.repeat(32)),
    }),
  );
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** Every object of a parsed PDF as text, streams decoded (so nothing hides in a compressed object stream). */
function allText(doc: PDFDocument): string {
  const parts: string[] = [];
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    parts.push(obj.toString());
    if (obj instanceof PDFRawStream) {
      const raw = Buffer.from(obj.contents);
      const filter = obj.dict.lookup(PDFName.of('Filter'));
      parts.push((filter === PDFName.of('FlateDecode') ? inflateSync(raw) : raw).toString('latin1'));
    }
  }
  return parts.join('\n');
}

/** A paper of its own title, its PDF's file name naming the author as a draft's might. */
const submit = (who: SignedUp, pdf: Buffer) =>
  submitPaperAnswer(t.app, who.auth, { title: `Blind study ${unique()}`, pdf, filename: 'alice-author-draft.pdf' });

async function sendToNewReviewer(paperId: string): Promise<SignedUp> {
  const reviewer = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
  expect((await post('/api/editor/send-paper', editor, { paperId, reviewerId: reviewer.user._id })).statusCode).toBe(200);
  return reviewer;
}

/** The paper's PDF link as the reviewer's list hands it out. */
async function reviewerLink(reviewer: SignedUp, paperId: string): Promise<string> {
  const res = await get(`/api/reviewer/assigned-papers/${reviewer.user._id}`, reviewer);
  expect(res.statusCode).toBe(200);
  return (res.json() as Array<{ _id: string; pdf: string }>).find((p) => p._id === paperId)!.pdf;
}

const authorLink = async (who: SignedUp, paperId: string) => (await get(`/api/author/paper/${paperId}`, who)).json().paper.pdf as string;
const editorLink = async (paperId: string) => (await get(`/api/editor/papers/${paperId}`, editor)).json().pdf as string;
const download = async (url: string) => {
  const res = await get(url);
  return { status: res.statusCode, body: res.rawPayload, json: () => res.json() as { message: string }, headers: res.headers };
};

beforeAll(async () => {
  t = await startTestApp();
  editor = await signupAs(t.app, 'Editor');
  alice = await signupAs(t.app, 'Author', { name: 'Alice Author', email: ALICE_EMAIL });
});
afterAll(async () => {
  await t?.close();
});

describe("the reviewer's copy under blind review", () => {
  test('has no document information and no XMP packet, still parses with the same pages; author and editor get the original bytes', async () => {
    const original = await alicePdf();
    expect(original.toString('latin1').toLowerCase()).toContain('alice');
    const { paper } = await submit(alice, original);
    const reviewer = await sendToNewReviewer(paper._id);
    await setBlind(true);
    try {
      const link = await reviewerLink(reviewer, paper._id);
      const copy = await download(link);
      expect(copy.status).toBe(200);
      expect(copy.headers['content-type']).toBe('application/pdf');
      const bytes = copy.body.toString('latin1');
      expect(bytes.toLowerCase()).not.toContain('alice');
      expect(bytes).not.toContain('xpacket');
      expect(bytes).not.toContain('xmpmeta');
      const doc = await PDFDocument.load(copy.body, { updateMetadata: false });
      expect(doc.getPageCount()).toBe(2);
      expect(doc.context.trailerInfo.Info).toBeUndefined();
      expect(doc.catalog.get(PDFName.of('Metadata'))).toBeUndefined();
      const decoded = allText(doc);
      expect(decoded.toLowerCase()).not.toContain('alice');
      // The pages' text is still there (pdf-lib writes it as a hex string).
      expect(decoded).toContain(`<${Buffer.from('A study of things').toString('hex').toUpperCase()}>`);
      // The same copy again (it is kept, not made anew each time).
      expect((await download(link)).body.equals(copy.body)).toBe(true);

      for (const url of [await authorLink(alice, paper._id), await editorLink(paper._id)]) {
        const got = await download(url);
        expect(got.status).toBe(200);
        expect(got.body.equals(original)).toBe(true);
      }
    } finally {
      await setBlind(false);
    }
  });

  test('with blind review off the reviewer gets the original bytes; a link handed out then gives the copy once blind review is on', async () => {
    const original = await alicePdf();
    const { paper } = await submit(alice, original);
    const reviewer = await sendToNewReviewer(paper._id);
    const link = await reviewerLink(reviewer, paper._id);
    const got = await download(link);
    expect(got.status).toBe(200);
    expect(got.body.equals(original)).toBe(true);
    await setBlind(true);
    try {
      const later = await download(link);
      expect(later.status).toBe(200);
      expect(later.body.toString('latin1').toLowerCase()).not.toContain('alice');
    } finally {
      await setBlind(false);
    }
  });

  test('a reviewer who drops or changes the variant in the link is refused (403)', async () => {
    const { paper } = await submit(alice, await alicePdf());
    const reviewer = await sendToNewReviewer(paper._id);
    await setBlind(true);
    try {
      const link = await reviewerLink(reviewer, paper._id);
      expect(link).toMatch(/[?&]variant=reviewer(&|$)/);
      const dropped = link.replace(/&?variant=reviewer/, '').replace('?&', '?');
      for (const url of [dropped, link.replace('variant=reviewer', 'variant=author'), link.replace('variant=reviewer', 'variant=')]) {
        const res = await download(url);
        expect(res.status, url).toBe(403);
        expect(res.body.toString('latin1').toLowerCase()).not.toContain('alice');
      }
    } finally {
      await setBlind(false);
    }
  });

  test('a PDF pdf-lib cannot read (encrypted or broken) is refused to the reviewer with a message for the editor, not a 500', async () => {
    const encrypted = await submit(alice, await encryptedPdf());
    const broken = await submit(alice, pdfBytes('broken but accepted'));
    const reviewers = [await sendToNewReviewer(encrypted.paper._id), await sendToNewReviewer(broken.paper._id)];
    await setBlind(true);
    try {
      for (const [i, paper] of [encrypted.paper, broken.paper].entries()) {
        const res = await download(await reviewerLink(reviewers[i]!, paper._id));
        expect(res.status).toBe(409);
        expect(res.json().message).toMatch(/cannot be given to reviewers under blind review.*editor/i);
        // The author still gets their file.
        expect((await download(await authorLink(alice, paper._id))).status).toBe(200);
      }
    } finally {
      await setBlind(false);
    }
  });
});

describe('the upload tells the author when the PDF names them', () => {
  test("new paper: a warning naming the fields when Info or XMP holds the author's name or e-mail, none otherwise", async () => {
    const named = await submit(alice, await alicePdf());
    expect(named.message).toBe('Paper submitted successfully!');
    expect(named.metadataWarning).toMatch(
      /^Your PDF names you in its document properties \(.*Author: Alice Author <alice@uni-a\.edu>.*\)\. Reviewers get a copy without them under blind review, but you may want to remove them\.$/,
    );

    // Only the XMP packet names her, in capitals: still found.
    const xmpOnly = await submit(
      alice,
      await alicePdf({
        info: false,
        xmp: '<?xpacket begin=""?><x:xmpmeta><dc:creator>ALICE@UNI-A.EDU</dc:creator></x:xmpmeta><?xpacket end="w"?>',
      }),
    );
    expect(xmpOnly.metadataWarning).toContain('XMP');

    // Metadata that names someone else, or none at all, or a PDF that cannot be read: no warning.
    const bob = await signupAs(t.app, 'Author', { name: 'Bob Builder', email: uniqueAddress('bob') });
    expect((await submit(bob, await alicePdf())).metadataWarning).toBeUndefined();
    expect((await submit(alice, await alicePdf({ info: false, xmp: null }))).metadataWarning).toBeUndefined();
    expect((await submit(alice, pdfBytes('plain'))).metadataWarning).toBeUndefined();
  });

  test('a new version and a camera-ready version carry the warning too', async () => {
    const paper = await submitPaper(t.app, alice.auth, { keywords: ['AI'] });
    const version = await injectMultipart(
      t.app,
      'PATCH',
      `/api/author/paper/${paper._id}`,
      [['file', await alicePdf(), 'v2.pdf']],
      alice.auth,
    );
    expect(version.statusCode).toBe(200);
    expect(version.json().message).toBe('Paper saved');
    expect(version.json().metadataWarning).toContain('Alice Author');
    const plain = await injectMultipart(t.app, 'PATCH', `/api/author/paper/${paper._id}`, [['abstract', 'A new abstract.']], alice.auth);
    expect(plain.json().metadataWarning).toBeUndefined();

    expect((await put(`/api/editor/papers/${paper._id}/decision`, editor, { decision: 'Accepted' })).statusCode).toBe(200);
    expect((await post('/api/editor/notify', editor, { paperIds: [paper._id] })).statusCode).toBe(200);
    const cameraReady = await injectMultipart(
      t.app,
      'POST',
      `/api/author/paper/${paper._id}/camera-ready`,
      [['file', await alicePdf(), 'final.pdf']],
      alice.auth,
    );
    expect(cameraReady.statusCode).toBe(201);
    expect(cameraReady.json().metadataWarning).toContain('Alice Author');
  });
});

describe('files in PostgreSQL', () => {
  test("the reviewers' copy is served from the PostgreSQL store and its sweep keeps it while the original is named", async () => {
    const pg = await startTestApp({ FILE_STORE: 'postgres' });
    try {
      const [ed, author, reviewer] = [
        await signupAs(pg.app, 'Editor'),
        await signupAs(pg.app, 'Author', { name: 'Alice Author' }),
        await signupAs(pg.app, 'Reviewer', { tags: ['AI'] }),
      ];
      const original = await alicePdf();
      const paper = await submitPaper(pg.app, author.auth, { keywords: ['AI'], pdf: original });
      expect(
        (
          await pg.app.inject({
            method: 'POST',
            url: '/api/editor/send-paper',
            headers: ed.auth,
            payload: { paperId: paper._id, reviewerId: reviewer.user._id },
          })
        ).statusCode,
      ).toBe(200);
      expect(
        (await pg.app.inject({ method: 'PUT', url: '/api/editor/settings', headers: ed.auth, payload: { blindReview: true } })).statusCode,
      ).toBe(200);
      const assigned = (
        await pg.app.inject({ url: `/api/reviewer/assigned-papers/${reviewer.user._id}`, headers: reviewer.auth })
      ).json() as Array<{ _id: string; pdf: string }>;
      const link = assigned.find((p) => p._id === paper._id)!.pdf;
      const copy = (await pg.app.inject({ url: link })).rawPayload;
      expect(copy.toString('latin1').toLowerCase()).not.toContain('alice');

      const { pool } = pg.app.database;
      // The copy's key as the server derives it: from the original's key and the rules it is made by, read from the database.
      const {
        rows: [file],
      } = await pool.query<{ storage_key: string; inputs: string }>(
        `select p.storage_key, ${blindCopyInputsSql('p.paper_id')} as inputs from paper_files p where p.paper_id = $1`,
        [paper._id],
      );
      const orphan = await pg.app.files.put(Readable.from([pdfBytes('orphan')]));
      // Hold time 0: everything stored before now is old enough to go unless a row names it.
      await sweepUnreferencedFiles(pool, 0);
      expect(await pg.app.files.exists(orphan.key)).toBe(false);
      expect(await pg.app.files.exists(blindCopyKey(file!.storage_key, file!.inputs))).toBe(true);
      expect((await pg.app.inject({ url: link })).rawPayload.equals(copy)).toBe(true);
    } finally {
      await pg.close();
    }
  });
});
