import { XMLParser } from 'fast-xml-parser';
import { entryOf, PublicationFileError, type ImportedPublication, type ParsedFile } from './entry';

/** The record kinds of a DBLP person page that are publications (not `www` home pages or `person`). */
const KINDS = ['article', 'inproceedings', 'proceedings', 'book', 'incollection', 'phdthesis', 'mastersthesis', 'data'];
/** Fields read as raw text (their markup, such as <i>, <sub>, stripped here). */
const FIELDS = ['title', 'author', 'editor', 'year', 'journal', 'booktitle', 'ee', 'publisher', 'series'];

/**
 * No entity is ever resolved (decision 0076): the parser expands none, and a file that declares any in a DTD
 * (an "XML bomb" of nested entities, or an external one naming a file or an address) is refused before it is
 * parsed. The five predefined entities and character references are decoded in the text we keep.
 */
const parser = new XMLParser({
  processEntities: false,
  htmlEntities: false,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  allowBooleanAttributes: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  stopNodes: FIELDS.map((f) => `*.${f}`),
  isArray: (name) => name === 'r' || FIELDS.includes(name),
});

export function looksLikeDblp(text: string): boolean {
  return /^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!DOCTYPE[^>[]*(?:\[[\s\S]*?\])?\s*>\s*)?<dblpperson[\s>]/.test(text);
}

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Markup out, the predefined entities and character references decoded; any other entity reference is left as written. */
function textOf(raw: unknown): string {
  const value =
    typeof raw === 'string' ? raw : raw && typeof raw === 'object' && '#text' in raw ? String((raw as { '#text': unknown })['#text']) : '';
  return value.replace(/<[^>]*>/g, '').replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '';
    }
    return PREDEFINED[name.toLowerCase()] ?? whole;
  });
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);

/**
 * DBLP's XML export of a person page (`https://dblp.org/pid/….xml`): <dblpperson> with one <r> per publication
 * holding an <article>, <inproceedings> … with its <author>s, <title>, <year>, venue and <ee> links (a DOI among
 * them). DBLP has no abstracts.
 */
export function parseDblp(text: string): ParsedFile {
  if (/<!DOCTYPE[^>]*\[/i.test(text) || /<!ENTITY/i.test(text))
    throw new PublicationFileError('The XML file declares entities (a DTD), which are never read: export the DBLP page again as it comes.');
  if (!looksLikeDblp(text)) throw new PublicationFileError('The XML file is not a DBLP person page (it has no <dblpperson> element).');
  let doc: Record<string, unknown>;
  try {
    doc = parser.parse(text, true) as Record<string, unknown>;
  } catch {
    throw new PublicationFileError('The DBLP file is not well-formed XML.');
  }
  const person = doc.dblpperson;
  if (!person || typeof person !== 'object')
    throw new PublicationFileError('The XML file is not a DBLP person page (it has no <dblpperson> element).');
  const entries: ImportedPublication[] = [];
  let skipped = 0;
  for (const r of list((person as Record<string, unknown>).r)) {
    if (!r || typeof r !== 'object') continue;
    const kind = KINDS.find((k) => k in r);
    const record = kind ? (r as Record<string, unknown>)[kind] : undefined;
    if (!record || typeof record !== 'object') {
      skipped++;
      continue;
    }
    const f = record as Record<string, unknown>;
    const links = list(f.ee).map(textOf);
    const entry = entryOf({
      title: textOf(list(f.title)[0]),
      year: textOf(list(f.year)[0]),
      authors: list(f.author).length > 0 ? list(f.author).map(textOf) : list(f.editor).map(textOf),
      venue: textOf(list(f.journal)[0] ?? list(f.booktitle)[0] ?? list(f.series)[0] ?? list(f.publisher)[0]),
      doi: links.find((l) => /doi\.org\/10\./i.test(l)) ?? '',
    });
    if (entry) entries.push(entry);
    else skipped++;
  }
  return { format: 'dblp', entries, skipped };
}
