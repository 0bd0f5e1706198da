import {
  decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFRef, PDFStream, PDFString,
  type PDFObject,
} from 'pdf-lib';

/** At most this much of an XMP packet is looked at (a real one is a few KB). */
const MAX_XMP_CHARS = 1 << 20;

/** A PDF that pdf-lib cannot read (encrypted, or broken though it starts like a PDF). */
export class UnreadablePdfError extends Error {
  constructor(readonly reason: 'encrypted' | 'broken', cause?: unknown) {
    super(`unreadable PDF (${reason})`, { cause });
  }
}

/** The document-information fields that can name a person, as read from the trailer's /Info. */
export const INFO_FIELDS = ['Author', 'Creator', 'Producer', 'Title', 'Subject', 'Keywords'] as const;
export type InfoField = (typeof INFO_FIELDS)[number];

export interface PdfMetadata {
  info: Partial<Record<InfoField, string>>;
  /** The XMP packet of the catalog's /Metadata stream, decoded as text; null when there is none. */
  xmp: string | null;
}

/** Parse a whole PDF. Throws UnreadablePdfError, never anything else. */
export async function loadPdf(bytes: Uint8Array): Promise<PDFDocument> {
  try {
    // updateMetadata: false, or pdf-lib writes its own Producer and dates into a new /Info.
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    doc.getPageCount();
    return doc;
  } catch (err) {
    // pdf-lib's EncryptedPDFError is compiled to ES5: `instanceof` does not find it, its message does.
    throw new UnreadablePdfError(/is encrypted/.test(String((err as Error)?.message)) ? 'encrypted' : 'broken', err);
  }
}

/** What the PDF says about itself: its /Info strings and its XMP packet. */
export function readPdfMetadata(doc: PDFDocument): PdfMetadata {
  const info: Partial<Record<InfoField, string>> = {};
  const dict = doc.context.lookup(doc.context.trailerInfo.Info);
  if (dict instanceof PDFDict) {
    for (const field of INFO_FIELDS) {
      const value = dict.lookup(PDFName.of(field));
      if (value instanceof PDFString || value instanceof PDFHexString) info[field] = value.decodeText().slice(0, 2000);
    }
  }
  const stream = doc.catalog.lookup(PDFName.of('Metadata'));
  let xmp: string | null = null;
  if (stream instanceof PDFRawStream) {
    try {
      xmp = Buffer.from(decodePDFRawStream(stream).decode()).toString('utf8');
    } catch {
      // A filter pdf-lib does not know: the raw bytes are all we can look at.
      xmp = Buffer.from(stream.contents).toString('latin1');
    }
  } else if (stream instanceof PDFStream) {
    xmp = Buffer.from(stream.getContents()).toString('utf8');
  }
  return { info, xmp: xmp === null ? null : xmp.slice(0, MAX_XMP_CHARS) };
}

/**
 * The document without its metadata: no /Info in the trailer, no /Metadata (XMP) in the catalog nor in any
 * other dictionary (pages, images and fonts may carry their own packet), and every object nothing refers to
 * any more dropped, so that neither the old /Info nor the XMP stream, nor what earlier revisions of an
 * incrementally updated file left behind, is written out. A full rewrite: none of the original's bytes
 * outside the kept objects survives. Mutates `doc`.
 */
export async function saveWithoutMetadata(doc: PDFDocument): Promise<Uint8Array> {
  const { context } = doc;
  context.trailerInfo.Info = undefined;
  const reachable = new Set<string>();
  const pending: PDFObject[] = [];
  const visit = (obj: PDFObject | undefined) => {
    if (!obj) return;
    if (obj instanceof PDFRef) {
      if (reachable.has(obj.tag)) return;
      reachable.add(obj.tag);
      const target = context.lookup(obj);
      if (target) pending.push(target);
      return;
    }
    pending.push(obj);
  };
  visit(context.trailerInfo.Root);
  while (pending.length) {
    const obj = pending.pop()!;
    const dict = obj instanceof PDFStream ? obj.dict : obj instanceof PDFDict ? obj : null;
    if (dict) {
      dict.delete(PDFName.of('Metadata'));
      for (const [, value] of dict.entries()) visit(value);
    } else if (obj instanceof PDFArray) {
      for (let i = 0; i < obj.size(); i++) visit(obj.get(i));
    }
  }
  for (const [ref] of context.enumerateIndirectObjects()) if (!reachable.has(ref.tag)) context.delete(ref);
  return doc.save({ useObjectStreams: true, addDefaultPage: false, updateFieldAppearances: false });
}
