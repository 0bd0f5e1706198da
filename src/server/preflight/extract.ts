// What the preflight (decision 0072) reads from a PDF: the pages' text as lines (Mozilla's pdf.js, the reader the
// site's own viewer uses), and the document's structure — fonts, annotations, actions, attached files, metadata —
// with pdf-lib, which the reviewers' copy already uses (storage/pdf-metadata.ts). Runs in the preflight worker only.
import { PDFArray, PDFDict, PDFHexString, PDFName, PDFRef, PDFStream, PDFString, type PDFDocument, type PDFObject } from 'pdf-lib';
import type { PdfFacts } from '../../core/preflight';
import { embeddedFiles, loadPdf, readPdfMetadata, xmlText } from '../storage/pdf-metadata';

const name = (key: string) => PDFName.of(key);
const textOf = (obj: PDFObject | undefined): string => (obj instanceof PDFString || obj instanceof PDFHexString ? obj.decodeText() : '');
/** At most this many of each kind of thing are reported: enough to tell the author what is there. */
const MAX_ITEMS = 200;
/** At most this many objects are walked for actions (a real paper has a few thousand). */
const MAX_OBJECTS = 500_000;

interface TextLine {
  y: number;
  text: string;
}

/** A page's text items grouped into lines by their baseline, top to bottom, words kept apart by the gaps between items. */
export function groupLines(items: Array<{ str: string; x: number; y: number; width: number; height: number }>): TextLine[] {
  const sorted = items.filter((i) => i.str.trim() !== '').sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: Array<{ y: number; items: typeof sorted }> = [];
  for (const item of sorted) {
    const last = lines.at(-1);
    const tolerance = Math.max(2, item.height * 0.4);
    if (last && Math.abs(last.y - item.y) <= tolerance) last.items.push(item);
    else lines.push({ y: item.y, items: [item] });
  }
  return lines.map((line) => {
    const row = line.items.sort((a, b) => a.x - b.x);
    let text = '';
    let end = -Infinity;
    for (const item of row) {
      const gap = item.x - end;
      if (text && gap > Math.max(1, item.height * 0.15) && !/\s$/.test(text) && !/^\s/.test(item.str)) text += ' ';
      text += item.str;
      end = item.x + item.width;
    }
    return { y: line.y, text: text.replace(/\s+/g, ' ').trim() };
  });
}

/** The line nearest to a height on the page (an annotation's middle), 1-based; undefined on a page without text. */
const lineAt = (lines: TextLine[], y: number): number | undefined => {
  let best: number | undefined;
  let distance = Infinity;
  lines.forEach((l, i) => {
    const d = Math.abs(l.y - y);
    if (d < distance) {
      distance = d;
      best = i + 1;
    }
  });
  return best;
};

/** The pages' text lines and sizes, by pdf.js. */
async function readText(bytes: Uint8Array): Promise<Array<{ width: number; height: number; lines: TextLine[] }>> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({
    data: bytes,
    useSystemFonts: false,
    isEvalSupported: false,
    disableFontFace: true,
    stopAtErrors: false,
    verbosity: 0,
  }).promise;
  try {
    const pages = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const page = await doc.getPage(i);
      const [x0, y0, x1, y1] = page.view as [number, number, number, number];
      const content = await page.getTextContent();
      const items = content.items.flatMap((it) =>
        'str' in it
          ? [
              {
                str: it.str,
                x: it.transform[4] as number,
                y: it.transform[5] as number,
                width: it.width,
                height: it.height || Math.abs(it.transform[3] as number),
              },
            ]
          : [],
      );
      pages.push({ width: Math.abs(x1 - x0), height: Math.abs(y1 - y0), lines: groupLines(items) });
      page.cleanup();
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}

/** A font dictionary's program is in the file: /FontFile, /FontFile2 or /FontFile3 in its descriptor (Type 0: its descendant's); Type 3 fonts are drawn by the file itself. */
function isEmbedded(font: PDFDict): boolean {
  const subtype = font.get(name('Subtype'));
  if (subtype === name('Type3')) return true;
  let target: PDFObject | undefined = font;
  if (subtype === name('Type0')) {
    const kids = font.lookup(name('DescendantFonts'));
    target = kids instanceof PDFArray ? kids.lookup(0) : undefined;
  }
  const descriptor = target instanceof PDFDict ? target.lookup(name('FontDescriptor')) : undefined;
  return descriptor instanceof PDFDict && ['FontFile', 'FontFile2', 'FontFile3'].some((k) => descriptor.has(name(k)));
}

/** A page's resources, inherited from the page tree when the page has none of its own. */
function resourcesOf(node: PDFDict): PDFDict | undefined {
  let current: PDFDict | undefined = node;
  for (let depth = 0; current && depth < 64; depth++) {
    const own: PDFObject | undefined = current.lookup(name('Resources'));
    if (own instanceof PDFDict) return own;
    const parent: PDFObject | undefined = current.lookup(name('Parent'));
    current = parent instanceof PDFDict ? parent : undefined;
  }
  return undefined;
}

/** The fonts a page uses, its forms' included (each resource dictionary once), by base name. */
function fontsOf(resources: PDFDict | undefined, seen: Set<PDFObject>, found: Map<string, boolean>): void {
  const pending = resources ? [resources] : [];
  while (pending.length && seen.size < MAX_OBJECTS) {
    const res = pending.pop()!;
    if (seen.has(res)) continue;
    seen.add(res);
    const fonts = res.lookup(name('Font'));
    if (fonts instanceof PDFDict)
      for (const [key] of fonts.entries()) {
        const font = fonts.lookup(key);
        if (!(font instanceof PDFDict) || seen.has(font)) continue;
        seen.add(font);
        const base = font.lookup(name('BaseFont'));
        const label = (base instanceof PDFName ? base.decodeText() : key.decodeText()).replace(/^[A-Z]{6}\+/, '');
        found.set(label, (found.get(label) ?? true) && isEmbedded(font));
      }
    const xobjects = res.lookup(name('XObject'));
    if (xobjects instanceof PDFDict)
      for (const [key] of xobjects.entries()) {
        const x = xobjects.lookup(key);
        const inner = x instanceof PDFStream ? x.dict.lookup(name('Resources')) : undefined;
        if (inner instanceof PDFDict) pending.push(inner);
      }
  }
}

/** Each action dictionary inside an object, nested directly (references are not followed: each indirect object is visited on its own). */
function actionsIn(obj: PDFObject, visit: (action: PDFDict) => void, budget: { left: number }): void {
  const pending: PDFObject[] = [obj];
  while (pending.length && budget.left-- > 0) {
    const o = pending.pop()!;
    const dict = o instanceof PDFStream ? o.dict : o instanceof PDFDict ? o : null;
    if (dict) {
      if (dict.get(name('S')) instanceof PDFName || dict.has(name('JS'))) visit(dict);
      for (const [, value] of dict.entries()) if (!(value instanceof PDFRef)) pending.push(value);
    } else if (o instanceof PDFArray) for (let i = 0; i < o.size(); i++) if (!(o.get(i) instanceof PDFRef)) pending.push(o.get(i));
  }
}

const fileSpecName = (spec: PDFObject | undefined) =>
  spec instanceof PDFDict ? textOf(spec.lookup(name('UF'))) || textOf(spec.lookup(name('F'))) : textOf(spec);
const fileSpecDescription = (spec: PDFObject | undefined) => (spec instanceof PDFDict ? textOf(spec.lookup(name('Desc'))) : '');
const launchTarget = (action: PDFDict): string => {
  const f = action.lookup(name('F'));
  if (f) return fileSpecName(f);
  const win = action.lookup(name('Win'));
  return win instanceof PDFDict ? textOf(win.lookup(name('F'))) : '';
};
const rectMiddle = (annot: PDFDict): number | undefined => {
  const rect = annot.lookup(name('Rect'));
  if (!(rect instanceof PDFArray) || rect.size() < 4) return undefined;
  const [, y0, , y1] = rect.asArray().map((n) => Number((n as { asNumber?: () => number }).asNumber?.() ?? NaN));
  const mid = ((y0 ?? NaN) + (y1 ?? NaN)) / 2;
  return Number.isFinite(mid) ? mid : undefined;
};

/** The structure pdf-lib reads: fonts, annotations, links, actions, attached files and metadata, by page. */
function readStructure(doc: PDFDocument, lines: TextLine[][]): Omit<PdfFacts, 'pages'> {
  const { context, catalog } = doc;
  const meta = readPdfMetadata(doc);
  const facts: Omit<PdfFacts, 'pages'> = {
    unembeddedFonts: [],
    info: Object.fromEntries(Object.entries(meta.info).filter(([, v]) => v)) as Record<string, string>,
    xmp: meta.xmp ? xmlText(meta.xmp.replace(/<[^>]*>/g, ' ')) : '',
    annotations: [],
    outline: meta.parts.outline,
    attachments: embeddedFiles(catalog, MAX_ITEMS).map(([key, spec]) => ({
      name: fileSpecName(spec) || key,
      description: fileSpecDescription(spec),
    })),
    javascript: [],
    launch: [],
    links: [],
  };
  /** Where each page and annotation object is, for the actions found in them. */
  const pageOf = new Map<string, number>();
  const fonts = new Map<string, { embedded: boolean; page: number }>();
  doc.getPages().forEach((page, i) => {
    const number = i + 1;
    const ref = page.ref;
    pageOf.set(ref.tag, number);
    const used = new Map<string, boolean>();
    fontsOf(resourcesOf(page.node), new Set(), used);
    for (const [font, embedded] of used) {
      const known = fonts.get(font);
      if (!known) fonts.set(font, { embedded, page: number });
      else known.embedded &&= embedded;
    }
    const annots = page.node.lookup(name('Annots'));
    if (!(annots instanceof PDFArray)) return;
    const pageLines = lines[i] ?? [];
    for (let a = 0; a < annots.size() && a < MAX_ITEMS * 5; a++) {
      const raw = annots.get(a);
      if (raw instanceof PDFRef) pageOf.set(raw.tag, number);
      const annot = annots.lookup(a);
      if (!(annot instanceof PDFDict)) continue;
      const subtype = annot.get(name('Subtype'));
      const mid = rectMiddle(annot);
      const line = mid === undefined ? undefined : lineAt(pageLines, mid);
      const at = { page: number, ...(line ? { line } : {}) };
      if (subtype === name('Link')) {
        const action = annot.lookup(name('A'));
        if (action instanceof PDFDict && action.get(name('S')) === name('URI') && facts.links.length < MAX_ITEMS)
          facts.links.push({
            ...at,
            url: textOf(action.lookup(name('URI'))) || (action.lookup(name('URI')) as PDFObject | undefined)?.toString() || '',
          });
        continue;
      }
      if (subtype === name('Widget')) continue;
      if (subtype === name('FileAttachment') && facts.attachments.length < MAX_ITEMS) {
        const spec = annot.lookup(name('FS'));
        facts.attachments.push({
          name: fileSpecName(spec) || 'unnamed',
          description: fileSpecDescription(spec) || textOf(annot.lookup(name('Contents'))),
          page: number,
        });
      }
      if (facts.annotations.length < MAX_ITEMS) {
        const text = [textOf(annot.lookup(name('Contents'))), textOf(annot.lookup(name('Subj')))].filter(Boolean).join('\n');
        facts.annotations.push({ ...at, author: textOf(annot.lookup(name('T'))), text });
      }
    }
  });
  for (const [font, { embedded, page }] of fonts)
    if (!embedded && facts.unembeddedFonts.length < MAX_ITEMS) facts.unembeddedFonts.push({ name: font, page });

  // Actions anywhere in the file: JavaScript (an action of type JavaScript, or any /JS) and Launch.
  const catalogRef = context.trailerInfo.Root instanceof PDFRef ? context.trailerInfo.Root.tag : '';
  const names = catalog.lookup(name('Names'));
  if (names instanceof PDFDict && names.has(name('JavaScript')))
    facts.javascript.push({ where: 'a script that runs when the PDF is opened' });
  const budget = { left: MAX_OBJECTS };
  for (const [ref, obj] of context.enumerateIndirectObjects()) {
    if (budget.left <= 0) break;
    const page = pageOf.get(ref.tag);
    actionsIn(
      obj,
      (action) => {
        const type = action.get(name('S'));
        const where =
          ref.tag === catalogRef
            ? 'an action run when the PDF is opened'
            : page
              ? `an action on page ${page}`
              : 'an action in the document';
        if ((type === name('JavaScript') || action.has(name('JS'))) && facts.javascript.length < MAX_ITEMS)
          facts.javascript.push({ where, ...(page ? { page } : {}) });
        else if (type === name('Launch') && facts.launch.length < MAX_ITEMS)
          facts.launch.push({ target: launchTarget(action), ...(page ? { page } : {}) });
      },
      budget,
    );
  }
  return facts;
}

/** Everything the preflight looks at in a PDF. Throws when the PDF cannot be read (pdf-lib's UnreadablePdfError, or pdf.js's errors). */
export async function extractPdfFacts(bytes: Uint8Array): Promise<PdfFacts> {
  // pdf.js may take over the buffer it is given: it reads a copy.
  const text = await readText(new Uint8Array(bytes));
  const doc = await loadPdf(bytes);
  const lines = text.map((p) => p.lines);
  return {
    pages: text.map((p) => ({ width: p.width, height: p.height, lines: p.lines.map((l) => l.text) })),
    ...readStructure(doc, lines),
  };
}
