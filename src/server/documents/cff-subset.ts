import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { CustomFontEmbedder, PDFHexString } from 'pdf-lib';

/**
 * Subsets of CFF-flavoured OpenType fonts (the Noto Sans CJK regional subsets of decision 0073), cut by HarfBuzz's
 * subsetter (harfbuzzjs's harfbuzz-subset.wasm, a registry package, no native code). fontkit's own CFF subsetter
 * writes CID-keyed fonts that PDF readers reject ("Embedded font file may be invalid": the CJK names came out as
 * boxes), so these fonts are embedded by CffSubsetEmbedder below instead.
 */

type HbExports = {
  memory: WebAssembly.Memory;
  malloc(size: number): number;
  free(ptr: number): void;
  _initialize?: () => void;
  hb_blob_create(data: number, length: number, mode: number, userData: number, destroy: number): number;
  hb_blob_destroy(blob: number): void;
  hb_blob_get_data(blob: number, lengthPtr: number): number;
  hb_blob_get_length(blob: number): number;
  hb_face_create(blob: number, index: number): number;
  hb_face_destroy(face: number): void;
  hb_face_reference_blob(face: number): number;
  hb_set_add(set: number, value: number): void;
  hb_subset_input_create_or_fail(): number;
  hb_subset_input_destroy(input: number): void;
  hb_subset_input_glyph_set(input: number): number;
  hb_subset_input_set_flags(input: number, flags: number): void;
  hb_subset_or_fail(face: number, input: number): number;
};

const HB_MEMORY_MODE_READONLY = 1;
/** hb_subset_flags_t: drop hinting (the glyphs are renumbered; a CID-keyed font keeps its CIDs, the PDF's codes). */
const HB_SUBSET_FLAGS_NO_HINTING = 0x1;

let hb: HbExports | null = null;
function harfbuzz(): HbExports {
  if (!hb) {
    let file: string;
    try {
      file = createRequire(import.meta.url).resolve('harfbuzzjs/dist/harfbuzz-subset.wasm');
    } catch {
      file = path.resolve('node_modules/harfbuzzjs/dist/harfbuzz-subset.wasm');
    }
    const instance = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(file)), {});
    hb = instance.exports as unknown as HbExports;
    hb._initialize?.();
  }
  return hb;
}

/**
 * The font cut down to the glyphs given (and those they are built from): an OpenType file. The font is copied into
 * the subsetter's memory for the call and freed after it: WebAssembly memory never shrinks, so keeping every CJK
 * font there (35 MB for the three, two weights each) cost more than copying one (a few milliseconds) per document.
 */
export function subsetFont(fontData: Uint8Array, glyphIds: Iterable<number>): Uint8Array {
  const h = harfbuzz();
  const ptr = h.malloc(fontData.byteLength);
  if (!ptr) throw new Error('The font subsetter is out of memory');
  new Uint8Array(h.memory.buffer, ptr, fontData.byteLength).set(fontData);
  const blob = h.hb_blob_create(ptr, fontData.byteLength, HB_MEMORY_MODE_READONLY, 0, 0);
  const face = h.hb_face_create(blob, 0);
  h.hb_blob_destroy(blob);
  const input = h.hb_subset_input_create_or_fail();
  try {
    if (!input) throw new Error('The font subsetter could not start');
    const glyphs = h.hb_subset_input_glyph_set(input);
    h.hb_set_add(glyphs, 0);
    for (const id of glyphIds) h.hb_set_add(glyphs, id);
    h.hb_subset_input_set_flags(input, HB_SUBSET_FLAGS_NO_HINTING);
    const subset = h.hb_subset_or_fail(face, input);
    if (!subset) throw new Error('The font subsetter failed');
    const out = h.hb_face_reference_blob(subset);
    const bytes = new Uint8Array(h.memory.buffer, h.hb_blob_get_data(out, 0), h.hb_blob_get_length(out)).slice();
    h.hb_blob_destroy(out);
    h.hb_face_destroy(subset);
    return bytes;
  } finally {
    if (input) h.hb_subset_input_destroy(input);
    h.hb_face_destroy(face);
    h.free(ptr);
  }
}

/** One table of an OpenType file ("CFF "), by its table directory. */
export function fontTable(font: Uint8Array, tag: string): Uint8Array {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const count = view.getUint16(4);
  for (let i = 0; i < count; i++) {
    const at = 12 + i * 16;
    const name = String.fromCharCode(font[at]!, font[at + 1]!, font[at + 2]!, font[at + 3]!);
    if (name === tag) return font.subarray(view.getUint32(at + 8), view.getUint32(at + 8) + view.getUint32(at + 12));
  }
  throw new Error(`The font has no ${tag} table`);
}

type Glyph = { id: number; codePoints: number[] };
type LayoutFont = {
  layout(text: string, features?: unknown): { glyphs: Glyph[] };
  'CFF '?: { isCIDFont: boolean; topDict: { charset?: Charset } };
};
type Charset = { version: 0; glyphs: number[] } | { version: 1 | 2; ranges: { first: number; nLeft: number; offset: number }[] };

/** A CID-keyed CFF font's glyph id to CID map (its charset), for the glyph ids asked. */
function cidLookup(font: LayoutFont): (gid: number) => number {
  const cff = font['CFF '];
  const charset = cff?.isCIDFont ? cff.topDict.charset : undefined;
  if (!charset) return (gid) => gid;
  if (charset.version === 0) return (gid) => (gid === 0 ? 0 : (charset.glyphs[gid - 1] ?? gid));
  const { ranges } = charset;
  return (gid) => {
    if (gid === 0) return 0;
    // Ranges are in glyph order: range i covers glyph ids offset + 1 … offset + 1 + nLeft.
    let lo = 0;
    let hi = ranges.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const r = ranges[mid]!;
      if (gid < r.offset + 1) hi = mid - 1;
      else if (gid > r.offset + 1 + r.nLeft) lo = mid + 1;
      else return r.first + (gid - r.offset - 1);
    }
    return gid;
  };
}

/**
 * pdf-lib's embedder of a CFF font, writing only the glyphs drawn: HarfBuzz's subset, its CFF table as the FontFile3
 * (CIDFontType0C). A CID-keyed font (the Noto CJK fonts) is shown by CID: the PDF's codes, widths and ToUnicode
 * map are by the CIDs of the glyphs drawn (the subset keeps them), not by glyph ids, which the subset renumbers.
 */
export class CffSubsetEmbedder extends CustomFontEmbedder {
  private readonly used = new Map<number, Glyph>();
  private readonly cid: (gid: number) => number;

  constructor(font: unknown, fontData: Uint8Array) {
    // pdf-lib's constructor is protected (its static `for` is async); the subclass calls it.
    super(font as never, fontData);
    this.cid = cidLookup(font as LayoutFont);
    const used = this.used;
    let sorted: Glyph[] | null = null;
    this.glyphCache = {
      access: () => (sorted ??= [...used.values()].sort((a, b) => this.cid(a.id) - this.cid(b.id))),
      invalidate: () => {
        sorted = null;
      },
    } as unknown as typeof this.glyphCache;
  }

  override encodeText(text: string): ReturnType<CustomFontEmbedder['encodeText']> {
    const { glyphs } = (this.font as unknown as LayoutFont).layout(text, this.fontFeatures);
    let hex = '';
    for (const glyph of glyphs) {
      if (!this.used.has(glyph.id)) this.used.set(glyph.id, glyph);
      hex += this.cid(glyph.id).toString(16).padStart(4, '0');
    }
    this.glyphCache.invalidate();
    return PDFHexString.of(hex);
  }

  protected override glyphId(glyph?: Glyph): number {
    return glyph ? this.cid(glyph.id) : -1;
  }

  protected override isCFF(): boolean {
    return true;
  }

  protected override serializeFont(): Promise<Uint8Array> {
    return Promise.resolve(fontTable(subsetFont(this.fontData, this.used.keys()), 'CFF '));
  }
}
