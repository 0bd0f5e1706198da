import {
  decodePDFRawStream,
  PDFArray,
  PDFContext,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFRef,
  PDFStream,
  PDFString,
  type PDFObject,
} from 'pdf-lib';
import { mentionsOf, type NamedPerson } from '../../core/person-mentions';

/** At most this much of an XMP packet is looked at (a real one is a few KB). */
const MAX_XMP_CHARS = 1 << 20;

/** A PDF that pdf-lib cannot read (encrypted, or broken though it starts like a PDF). */
export class UnreadablePdfError extends Error {
  constructor(
    readonly reason: 'encrypted' | 'broken',
    cause?: unknown,
  ) {
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
  parts: PdfParts;
}

/** What else a PDF carries that may name a person, beside its metadata (decision 0021). */
export interface PdfParts {
  /** The pages' annotations, form fields left out: their author (/T) and their text (/Contents, /RC, /Subj), '' when none. */
  annotations: Array<{ author: string; text: string }>;
  /** The names of the attached files: the catalog's /EmbeddedFiles and the file attachment annotations'. */
  files: string[];
  /** The outline's (bookmarks') titles. */
  outline: string[];
  /** The text in applications' private data (/PieceInfo of the catalog and the pages). */
  pieceInfo: string;
}

/** At most this many of each part are read, and this much of each text: enough to tell the author what is there. */
const MAX_PARTS = 1000;
const MAX_PART_CHARS = 2000;
const MAX_PIECE_STREAM = 64 * 1024;

const name = (key: string) => PDFName.of(key);
/** A text object's text ('' for anything else); a text stream (rich text may be one) decoded. */
function textOf(obj: PDFObject | undefined): string {
  if (obj instanceof PDFString || obj instanceof PDFHexString) return obj.decodeText();
  if (obj instanceof PDFRawStream) {
    try {
      return Buffer.from(decodePDFRawStream(obj).decode()).toString('utf8');
    } catch {
      return Buffer.from(obj.contents).toString('latin1');
    }
  }
  return '';
}
/** XML (an XMP packet, an annotation's rich text) may write a name with character references. */
export const xmlText = (xml: string) =>
  xml
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(Math.min(parseInt(h, 16), 0x10ffff)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Math.min(Number(d), 0x10ffff)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
/** Rich text without its markup: a name split by tags ("Al<b>ice</b>") is one word again. */
const richText = (obj: PDFObject | undefined) => xmlText(textOf(obj).replace(/<[^>]*>/g, ''));

/** A dictionary that is an annotation: one with a /Subtype and a /Rect (/Type /Annot is optional). */
const isAnnotation = (dict: PDFDict) =>
  dict.get(name('Subtype')) instanceof PDFName &&
  dict.has(name('Rect')) &&
  (!dict.has(name('Type')) || dict.get(name('Type')) === name('Annot'));
/** Form fields are widgets: their /T is the field's name, not an author, and they are left as they are. */
const isWidget = (dict: PDFDict) => dict.get(name('Subtype')) === name('Widget');
const annotationText = (dict: PDFDict) =>
  [textOf(dict.lookup(name('Contents'))), richText(dict.lookup(name('RC'))), textOf(dict.lookup(name('Subj')))].filter(Boolean).join('\n');

/** A file specification's name: its Unicode name, else its name; '' when it has neither. */
const fileName = (spec: PDFObject | undefined) =>
  spec instanceof PDFDict ? textOf(spec.lookup(name('UF'))) || textOf(spec.lookup(name('F'))) : textOf(spec);

/** Each item of the outline, every level, once (a crafted outline may loop), in reading order. */
function forEachOutlineItem(context: PDFContext, catalog: PDFDict, visit: (item: PDFDict) => void): void {
  const root = catalog.lookup(name('Outlines'));
  if (!(root instanceof PDFDict)) return;
  const seen = new Set<PDFObject>([root]);
  const stack: Array<PDFObject | undefined> = [root.get(name('First'))];
  while (stack.length) {
    let ref = stack.pop();
    while (ref) {
      const item = context.lookup(ref);
      if (!(item instanceof PDFDict) || seen.has(item)) break;
      seen.add(item);
      visit(item);
      stack.push(item.get(name('Next')));
      ref = item.get(name('First'));
    }
  }
}

/** The /Names /EmbeddedFiles tree's entries as [name, file specification], at most `max` (the blind copy's MAX_PARTS). */
export function embeddedFiles(catalog: PDFDict, max = MAX_PARTS): Array<[string, PDFObject | undefined]> {
  const names = catalog.lookup(name('Names'));
  const tree = names instanceof PDFDict ? names.lookup(name('EmbeddedFiles')) : undefined;
  const found: Array<[string, PDFObject | undefined]> = [];
  const seen = new Set<PDFObject>();
  const pending = tree instanceof PDFDict ? [tree] : [];
  while (pending.length && found.length < max) {
    const node = pending.pop()!;
    if (seen.has(node)) continue;
    seen.add(node);
    const pairs = node.lookup(name('Names'));
    if (pairs instanceof PDFArray) for (let i = 0; i + 1 < pairs.size(); i += 2) found.push([textOf(pairs.lookup(i)), pairs.lookup(i + 1)]);
    const kids = node.lookup(name('Kids'));
    if (kids instanceof PDFArray)
      for (let i = 0; i < kids.size(); i++) {
        const kid = kids.lookup(i);
        if (kid instanceof PDFDict) pending.push(kid);
      }
  }
  return found;
}

/**
 * The text of a /PieceInfo dictionary: its strings, names and decoded streams, at most MAX_PART_CHARS * 5. A large
 * stream (Illustrator keeps a whole drawing there) is not decoded: the copy drops it whoever it names.
 */
function pieceInfoText(context: PDFContext, root: PDFObject | undefined): string {
  const parts: string[] = [];
  let chars = 0;
  const seen = new Set<PDFObject>();
  const pending: Array<PDFObject | undefined> = [root];
  while (pending.length && chars < MAX_PART_CHARS * 5) {
    const obj = context.lookup(pending.pop());
    if (!obj || seen.has(obj)) continue;
    seen.add(obj);
    const text =
      obj instanceof PDFName ? obj.decodeText() : obj instanceof PDFRawStream && obj.contents.length > MAX_PIECE_STREAM ? '' : textOf(obj);
    if (text) {
      parts.push(text.slice(0, MAX_PART_CHARS));
      chars += text.length;
    }
    const dict = obj instanceof PDFStream ? obj.dict : obj instanceof PDFDict ? obj : null;
    if (dict)
      for (const [key, value] of dict.entries()) {
        parts.push(key.decodeText());
        chars += key.decodeText().length;
        pending.push(value);
      }
    else if (obj instanceof PDFArray) for (let i = 0; i < obj.size(); i++) pending.push(obj.get(i));
  }
  return parts.join('\n');
}

/** The annotations, attached files, outline titles and private page data of a parsed PDF, for the upload's warning. */
export function readPdfParts(doc: PDFDocument): PdfParts {
  const { context, catalog } = doc;
  const clip = (text: string) => text.slice(0, MAX_PART_CHARS);
  const annotations: PdfParts['annotations'] = [];
  const files = embeddedFiles(catalog).map(([key, spec]) => clip(fileName(spec) || key));
  const pieces = [pieceInfoText(context, catalog.get(name('PieceInfo')))];
  for (const page of doc.getPages()) {
    if (pieces.length < MAX_PARTS) pieces.push(pieceInfoText(context, page.node.get(name('PieceInfo'))));
    const annots = page.node.lookup(name('Annots'));
    if (!(annots instanceof PDFArray)) continue;
    for (let i = 0; i < annots.size() && annotations.length < MAX_PARTS; i++) {
      const annot = annots.lookup(i);
      if (!(annot instanceof PDFDict) || !isAnnotation(annot) || isWidget(annot)) continue;
      annotations.push({ author: clip(textOf(annot.lookup(name('T')))), text: clip(annotationText(annot)) });
      if (annot.get(name('Subtype')) === name('FileAttachment') && files.length < MAX_PARTS)
        files.push(clip(fileName(annot.lookup(name('FS'))) || 'unnamed'));
    }
  }
  const outline: string[] = [];
  forEachOutlineItem(context, catalog, (item) => {
    if (outline.length < MAX_PARTS) outline.push(clip(textOf(item.lookup(name('Title')))));
  });
  return {
    annotations,
    files: [...new Set(files)],
    outline,
    pieceInfo: pieces
      .filter(Boolean)
      .join('\n')
      .slice(0, MAX_PART_CHARS * 5),
  };
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

/** What the PDF says about itself: its /Info strings, its XMP packet, and the parts that may name someone. */
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
  return { info, xmp: xmp === null ? null : xmp.slice(0, MAX_XMP_CHARS), parts: readPdfParts(doc) };
}

/** How the reviewers' copy treats annotations (decision 0021). */
export interface BlindCopyRules {
  /** The paper's authors: an annotation's text that names one of them is blanked, and so is an outline title. */
  authors: NamedPerson[];
  /** The chair's setting: every annotation's text is blanked, whoever it names. */
  dropAnnotationText: boolean;
}

const BLANK = () => PDFString.of('');

/**
 * An annotation in the reviewers' copy: its author blanked; its text (/Contents, rich text /RC, subject /Subj) blanked
 * when it names an author or the chair drops every annotation's text, and then a free-text annotation's appearance
 * (the text drawn on the page) dropped too, for the reader to draw it again from the blank text; a file attachment's
 * file dropped (one reached other than through a page's /Annots). Form fields are left alone.
 */
function scrubAnnotation(annot: PDFDict, rules: BlindCopyRules, names: (text: string) => boolean): void {
  if (isWidget(annot)) return;
  if (annot.has(name('T'))) annot.set(name('T'), BLANK());
  annot.delete(name('FS'));
  const text = annotationText(annot);
  if (!text || !(rules.dropAnnotationText || names(text))) return;
  if (annot.has(name('Contents'))) annot.set(name('Contents'), BLANK());
  annot.delete(name('RC'));
  annot.delete(name('Subj'));
  if (annot.get(name('Subtype')) === name('FreeText')) annot.delete(name('AP'));
}

/**
 * The copy reviewers get under blind review: a full rewrite of the document (mutates `doc`) without what may name the
 * authors outside the pages' own text:
 * - no /Info in the trailer, no /Metadata (XMP) in the catalog nor in any other dictionary (pages, images and fonts
 *   may carry their own packet), no /PieceInfo (applications' private data) anywhere;
 * - no attached file: the catalog's /EmbeddedFiles and /Collection, every /AF (associated files), the file
 *   attachment annotations, and the embedded file and names of any file specification that had one;
 * - annotations as `scrubAnnotation` says, and outline titles naming an author blanked;
 * then every object nothing refers to any more dropped, so that none of the above, nor what earlier revisions of an
 * incrementally updated file left behind, is written out: none of the original's bytes outside the kept objects
 * survives.
 */
export async function saveBlindCopy(doc: PDFDocument, rules: BlindCopyRules): Promise<Uint8Array> {
  const { context, catalog } = doc;
  const names = mentionsOf(rules.authors);
  context.trailerInfo.Info = undefined;
  const nameTree = catalog.lookup(name('Names'));
  if (nameTree instanceof PDFDict) {
    nameTree.delete(name('EmbeddedFiles'));
    if (!nameTree.keys().length) catalog.delete(name('Names'));
  }
  catalog.delete(name('Collection'));
  for (const page of doc.getPages()) {
    const annots = page.node.lookup(name('Annots'));
    if (!(annots instanceof PDFArray)) continue;
    for (let i = annots.size() - 1; i >= 0; i--) {
      const annot = annots.lookup(i);
      if (annot instanceof PDFDict && annot.get(name('Subtype')) === name('FileAttachment')) annots.remove(i);
    }
  }
  forEachOutlineItem(context, catalog, (item) => {
    if (names(textOf(item.lookup(name('Title'))))) item.set(name('Title'), BLANK());
  });

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
      for (const key of ['Metadata', 'PieceInfo', 'AF']) dict.delete(name(key));
      if (dict.has(name('EF'))) for (const key of ['EF', 'RF', 'F', 'UF', 'DOS', 'Mac', 'Unix', 'Desc']) dict.delete(name(key));
      if (isAnnotation(dict)) scrubAnnotation(dict, rules, names);
      for (const [, value] of dict.entries()) visit(value);
    } else if (obj instanceof PDFArray) {
      for (let i = 0; i < obj.size(); i++) visit(obj.get(i));
    }
  }
  for (const [ref] of context.enumerateIndirectObjects()) if (!reachable.has(ref.tag)) context.delete(ref);
  return doc.save({ useObjectStreams: true, addDefaultPage: false, updateFieldAppearances: false });
}
