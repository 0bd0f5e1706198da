import { inflateSync } from 'node:zlib';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFRef,
  PDFString,
  StandardFonts,
  type PDFObject,
} from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readPdf } from '../support/pdf-text';
import { startTestApp, type TestApp } from '../support/app';
import { submitPaperAnswer } from '../support/multipart';
import { signupAs, type SignedUp } from '../support/users';

/**
 * Under blind review the reviewer's copy of a PDF also leaves out what annotations, attached files, the outline and
 * applications' private page data say about the authors (decision 0021), and the author hears
 * at upload what their PDF holds.
 */
let t: TestApp;
let editor: SignedUp;
let alice: SignedUp;

const ALICE_EMAIL = 'alice@uni-a.edu';
const EMILE = { name: 'Émile Zola', email: 'ezola@uni-b.edu', affiliation: '' };
/** What must not reach a reviewer: the authors' names, name parts and addresses, in any case, with or without accents. */
const AUTHORS = /alice|uni-a|[eé]mile|zola|uni-b/i;
const unique = () => Math.random().toString(36).slice(2, 8);
const get = (url: string, who?: SignedUp) => t.app.inject({ url, headers: who?.auth ?? {} });
const put = (url: string, who: SignedUp, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url, headers: who.auth, payload });
const post = (url: string, who: SignedUp, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: who.auth, payload });
const setSettings = async (patch: Record<string, unknown>) =>
  expect((await put('/api/editor/settings', editor, patch)).statusCode).toBe(200);

/**
 * A two-page paper whose pages say nothing of its authors, but whose annotations, attached files, outline and page
 * data do (written without object streams: most of it is readable in the bytes; the attached files are compressed).
 */
async function annotatedPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const pages = ['A study of things', 'Results'].map((text) => {
    const page = doc.addPage([612, 792]);
    page.drawText(text, { x: 72, y: 700, font, size: 12 });
    return page;
  });
  const ctx = doc.context;
  const attached = (name: string, content: string) =>
    ctx.register(
      ctx.obj({
        Type: 'Filespec',
        F: PDFString.of(name),
        UF: PDFHexString.fromText(name),
        EF: { F: ctx.register(ctx.flateStream(content, { Type: 'EmbeddedFile' })) },
      }),
    );
  const annot = (fields: Record<string, unknown>) => ctx.register(ctx.obj({ Type: 'Annot', ...fields } as never));
  const askEmile = 'ask EMILE before we submit';
  const freeTextLook = ctx.register(
    ctx.stream(`BT /Helv 10 Tf 2 6 Td (${askEmile}) Tj ET`, { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 200, 20] }),
  );
  pages[0]!.node.set(
    PDFName.of('Annots'),
    ctx.obj([
      annot({
        Subtype: 'Text',
        Rect: [72, 600, 92, 620],
        T: PDFString.of(ALICE_EMAIL),
        Contents: PDFHexString.fromText('Alice: rewrite this part'),
      }),
      annot({
        Subtype: 'Text',
        Rect: [72, 560, 92, 580],
        T: PDFString.of('Alice Author'),
        Contents: PDFString.of('Check the second proof'),
      }),
      annot({
        Subtype: 'FreeText',
        Rect: [200, 600, 400, 620],
        T: PDFString.of('Alice Author'),
        Contents: PDFString.of(askEmile),
        RC: PDFString.of(`<body xmlns="http://www.w3.org/1999/xhtml"><p>ask <b>&#201;mile</b> before we submit</p></body>`),
        DA: PDFString.of('/Helv 10 Tf 0 g'),
        AP: { N: freeTextLook },
      }),
      annot({
        Subtype: 'FileAttachment',
        Rect: [72, 520, 92, 540],
        T: PDFString.of('Alice Author'),
        Contents: PDFString.of('our data'),
        FS: attached('alice-notes.txt', 'Notes by Alice Author'),
      }),
    ]),
  );
  doc.catalog.set(
    PDFName.of('Names'),
    ctx.obj({
      EmbeddedFiles: ctx.obj({
        Names: [PDFString.of('alice-cv.docx'), attached('alice-cv.docx', 'Curriculum vitae of Alice Author, alice@uni-a.edu')],
      }),
    }),
  );

  const outlines = ctx.nextRef();
  const [intro, notes] = [ctx.nextRef(), ctx.nextRef()];
  ctx.assign(
    intro,
    ctx.obj({ Title: PDFString.of('Introduction'), Parent: outlines, Next: notes, Dest: [pages[0]!.ref, PDFName.of('Fit')] }),
  );
  ctx.assign(
    notes,
    ctx.obj({ Title: PDFHexString.fromText('Notes for Alice'), Parent: outlines, Prev: intro, Dest: [pages[1]!.ref, PDFName.of('Fit')] }),
  );
  ctx.assign(outlines, ctx.obj({ Type: 'Outlines', First: intro, Last: notes, Count: 2 }));
  doc.catalog.set(PDFName.of('Outlines'), outlines);

  pages[0]!.node.set(
    PDFName.of('PieceInfo'),
    ctx.obj({ Illustrator: { LastModified: PDFString.of('D:20250101'), Private: PDFString.of('Drawn by Alice Author') } }),
  );
  doc.catalog.set(PDFName.of('PieceInfo'), ctx.obj({ Word: { Private: ctx.register(ctx.stream('Edited by alice@uni-a.edu')) } }));
  pages[1]!.node.set(
    PDFName.of('Metadata'),
    ctx.register(ctx.stream('<x:xmpmeta><dc:creator>Alice Author</dc:creator></x:xmpmeta>', { Type: 'Metadata', Subtype: 'XML' })),
  );
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** Every string and every stream of a parsed PDF as text, decoded (nothing hides in a hex string or a compressed stream). */
function everyText(doc: PDFDocument): string {
  const parts: string[] = [];
  const visit = (obj: PDFObject | undefined) => {
    if (obj instanceof PDFString || obj instanceof PDFHexString) parts.push(obj.decodeText());
    else if (obj instanceof PDFName) parts.push(obj.decodeText());
    else if (obj instanceof PDFArray) obj.asArray().forEach(visit);
    else if (obj instanceof PDFDict)
      for (const [key, value] of obj.entries()) {
        parts.push(key.decodeText());
        visit(value);
      }
    else if (obj instanceof PDFRawStream) {
      visit(obj.dict);
      const raw = Buffer.from(obj.contents);
      const flate = obj.dict.lookup(PDFName.of('Filter')) === PDFName.of('FlateDecode');
      parts.push((flate ? inflateSync(raw) : raw).toString('latin1'));
    } else if (obj && !(obj instanceof PDFRef)) parts.push(obj.toString());
  };
  for (const [, obj] of doc.context.enumerateIndirectObjects()) visit(obj);
  return parts.join('\n');
}

/** What pdf.js (Mozilla's reader) shows of the PDF: pages, text, first page's annotations, outline, attachments. */
async function asReaderSeesIt(bytes: Buffer) {
  const { pages, text } = await readPdf(bytes);
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  const annotations = (await (await doc.getPage(1)).getAnnotations()) as Array<{
    subtype: string;
    titleObj?: { str: string };
    contentsObj?: { str: string };
  }>;
  const outline = ((await doc.getOutline()) ?? []) as Array<{ title: string }>;
  const attachments = (await doc.getAttachments()) as Record<string, unknown> | null;
  await doc.destroy();
  return {
    pages,
    text,
    annotations: annotations.map((a) => ({ subtype: a.subtype, author: a.titleObj?.str ?? '', text: a.contentsObj?.str ?? '' })),
    outline: outline.map((o) => o.title),
    attachments: Object.keys(attachments ?? {}),
  };
}

/** A paper of its own title, with its co-author list (empty when not given). */
const submit = (who: SignedUp, pdf: Buffer, coAuthors: unknown[] = []) =>
  submitPaperAnswer(t.app, who.auth, { title: `Blind parts ${unique()}`, coAuthors, pdf, filename: 'draft.pdf' });

/** A new reviewer who is sent the paper, and the PDF link their list hands out. */
async function reviewerLinkFor(paperId: string): Promise<string> {
  const reviewer = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
  expect((await post('/api/editor/send-paper', editor, { paperId, reviewerId: reviewer.user._id })).statusCode).toBe(200);
  const res = await get(`/api/reviewer/assigned-papers/${reviewer.user._id}`, reviewer);
  return (res.json() as Array<{ _id: string; pdf: string }>).find((p) => p._id === paperId)!.pdf;
}

async function download(url: string): Promise<Buffer> {
  const res = await get(url);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  return res.rawPayload;
}

beforeAll(async () => {
  t = await startTestApp();
  editor = await signupAs(t.app, 'Editor');
  alice = await signupAs(t.app, 'Author', { name: 'Alice Author', email: ALICE_EMAIL });
});
afterAll(async () => {
  await t?.close();
});

describe("the reviewer's copy under blind review", () => {
  test('leaves out annotation authors, annotation text naming an author, attached files, outline titles naming an author and page data; the pages are unchanged', async () => {
    const original = await annotatedPdf();
    expect(original.toString('latin1')).toMatch(AUTHORS);
    const { paper } = await submit(alice, original, [EMILE]);
    const link = await reviewerLinkFor(paper._id);
    await setSettings({ blindReview: true });
    try {
      const copy = await download(link);
      expect(copy.toString('latin1')).not.toMatch(AUTHORS);
      const parsed = await PDFDocument.load(copy, { updateMetadata: false });
      expect(everyText(parsed)).not.toMatch(AUTHORS);
      expect(everyText(parsed)).not.toContain('PieceInfo');

      const seen = await asReaderSeesIt(copy);
      expect(seen.pages).toBe(2);
      expect(seen.text).toContain('A study of things');
      expect(seen.text).toContain('Results');
      // Every author blanked; the note that names no one keeps its text; the attachment's annotation is gone.
      expect(seen.annotations).toEqual([
        { subtype: 'Text', author: '', text: '' },
        { subtype: 'Text', author: '', text: 'Check the second proof' },
        { subtype: 'FreeText', author: '', text: '' },
      ]);
      expect(seen.outline).toEqual(['Introduction', '']);
      expect(seen.attachments).toEqual([]);

      // The author still gets their own bytes.
      const own = (await get(`/api/author/paper/${paper._id}`, alice)).json().paper.pdf as string;
      expect((await download(own)).equals(original)).toBe(true);
    } finally {
      await setSettings({ blindReview: false });
    }
  });

  test('a note naming someone who becomes a co-author later is blanked in the copy made after', async () => {
    const { paper } = await submit(alice, await annotatedPdf());
    const link = await reviewerLinkFor(paper._id);
    await setSettings({ blindReview: true });
    try {
      // Émile is no author yet: the note that asks for him names no author.
      expect((await asReaderSeesIt(await download(link))).annotations.map((a) => a.text)).toEqual([
        '',
        'Check the second proof',
        'ask EMILE before we submit',
      ]);
      expect((await put(`/api/author/paper/${paper._id}/co-authors`, alice, { coAuthors: [EMILE] })).statusCode).toBe(200);
      expect((await asReaderSeesIt(await download(link))).annotations.map((a) => a.text)).toEqual(['', 'Check the second proof', '']);
    } finally {
      await setSettings({ blindReview: false });
    }
  });

  test('a co-author is also known by the name of their account', async () => {
    const robert = await signupAs(t.app, 'Author', { name: 'Robert Roe', email: 'rr@uni-c.edu' });
    const doc = await PDFDocument.create({ updateMetadata: false });
    const page = doc.addPage([612, 792]);
    page.drawText('Body text', { x: 72, y: 700, font: await doc.embedFont(StandardFonts.Helvetica), size: 12 });
    page.node.set(
      PDFName.of('Annots'),
      doc.context.obj([
        doc.context.register(
          doc.context.obj({
            Type: 'Annot',
            Subtype: 'Text',
            Rect: [72, 600, 92, 620],
            Contents: PDFString.of('ask Robert about the proof'),
          }),
        ),
      ]),
    );
    const { paper } = await submit(alice, Buffer.from(await doc.save()), [{ name: 'Bob Roe', email: robert.user.email, affiliation: '' }]);
    const link = await reviewerLinkFor(paper._id);
    await setSettings({ blindReview: true });
    try {
      expect((await asReaderSeesIt(await download(link))).annotations).toEqual([{ subtype: 'Text', author: '', text: '' }]);
    } finally {
      await setSettings({ blindReview: false });
    }
  });
});

describe("the chair's setting for annotation text", () => {
  test('defaults to keeping the text that names no author; set to remove, no annotation keeps its text; bad values name the field', async () => {
    expect((await get('/api/editor/settings', editor)).json().blindAnnotationText).toBe('keep-unless-naming-author');
    const bad = await put('/api/editor/settings', editor, { blindAnnotationText: 'sometimes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Text of comments in the reviewers\u2019 PDF must be keep-unless-naming-author or remove');

    const { paper } = await submit(alice, await annotatedPdf(), [EMILE]);
    const link = await reviewerLinkFor(paper._id);
    await setSettings({ blindReview: true, blindAnnotationText: 'remove' });
    try {
      const removed = await asReaderSeesIt(await download(link));
      expect(removed.annotations).toEqual([
        { subtype: 'Text', author: '', text: '' },
        { subtype: 'Text', author: '', text: '' },
        { subtype: 'FreeText', author: '', text: '' },
      ]);
      expect(removed.text).toContain('A study of things');
      // Changed back, the same link gives a copy made by the setting now in force.
      await setSettings({ blindAnnotationText: 'keep-unless-naming-author' });
      expect((await asReaderSeesIt(await download(link))).annotations.map((a) => a.text)).toEqual(['', 'Check the second proof', '']);
    } finally {
      await setSettings({ blindReview: false, blindAnnotationText: 'keep-unless-naming-author' });
    }
  });
});

describe("the upload tells the author what the reviewers' copy leaves out", () => {
  test('names the annotations by them or naming them, the attached files, the outline entry and the page data', async () => {
    const { metadataWarning } = await submit(alice, await annotatedPdf());
    expect(metadataWarning).toBe(
      'Your PDF names you in an annotation by alice@uni-a.edu, 3 annotations by Alice Author, the text of an annotation, ' +
        'an outline entry \u2018Notes for Alice\u2019 and private data an application left in it (PieceInfo), ' +
        'and has attached files \u2018alice-cv.docx\u2019 and \u2018alice-notes.txt\u2019. ' +
        'Reviewers get a copy without them under blind review, but you may want to remove them.',
    );
  });

  test('an attached file alone is named, though it names no one; a PDF with none of these has no warning', async () => {
    const doc = await PDFDocument.create({ updateMetadata: false });
    doc.addPage([612, 792]);
    await doc.attach(Buffer.from('1,2,3'), 'data.csv', { mimeType: 'text/csv' });
    expect((await submit(alice, Buffer.from(await doc.save()))).metadataWarning).toBe(
      'Your PDF has an attached file \u2018data.csv\u2019. Reviewers get a copy without it under blind review, but you may want to remove it.',
    );

    const plain = await PDFDocument.create({ updateMetadata: false });
    plain.addPage([612, 792]);
    expect((await submit(alice, Buffer.from(await plain.save()))).metadataWarning).toBeUndefined();
  });
});
