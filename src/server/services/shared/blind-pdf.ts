import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { sql } from 'drizzle-orm';
import { PDF_NAMES_YOU, pdfUploadWarning } from '../../../core/messages';
import { mentionsOf, type NamedPerson } from '../../../core/person-mentions';
import type { Db } from '../../db/connect';
import { AppError } from '../../errors';
import { blindCopyInputsSql, blindCopyKey } from '../../storage/derived-keys';
import type { FileStore } from '../../storage/file-store';
import { pdfJobs } from '../../storage/pdf-jobs';
import { INFO_FIELDS, xmlText, type BlindCopyRules, type PdfMetadata } from '../../storage/pdf-metadata';

/** Decision 0021: what a reviewer hears when the PDF cannot be rewritten; the editor can act on it. */
export const UNREADABLE_FOR_REVIEWERS =
  'This PDF cannot be given to reviewers under blind review: the server cannot read it (it is encrypted or damaged), ' +
  'so its document properties, which may name the authors, cannot be removed. Please tell the editor: the author needs to upload a new version without a password.';

/**
 * How long an upload waits for its turn to have its metadata read, and for the reading, before it is answered
 * without a warning (a 20 MB paper takes under a second; bench/blind-pdf.ts).
 */
const UPLOAD_WAIT_MS = 5000;
const UPLOAD_READ_MS = 10_000;

const making = new Map<string, Promise<void>>();
/** Originals that could not be rewritten (by key): asked again, they are refused without parsing them again. */
const unreadable = new Set<string>();

/**
 * The key of the copy of a stored PDF that reviewers get under blind review (storage/pdf-metadata.ts saveBlindCopy: no
 * document information, XMP, attached files or private page data; annotations' authors blanked, and their text where
 * it names an author of the paper or the chair's setting says so). Made on the first request for it and kept in the
 * file store under a key derived from the original's and from the rules it was made by (decision 21), so a change of
 * the setting or of the authors makes a new one; concurrent first requests wait for the same making. 409 when the
 * PDF cannot be read.
 */
export async function ensureBlindCopy(opts: { db: Db; files: FileStore; paperId: string; storageKey: string }): Promise<string> {
  const { files, storageKey } = opts;
  if (unreadable.has(storageKey)) throw new AppError('conflict', UNREADABLE_FOR_REVIEWERS);
  const res = await opts.db.execute(
    sql`select ${sql.raw(blindCopyInputsSql('p.id'))} as inputs from papers p where p.id = ${opts.paperId}`,
  );
  const [row] = (res as unknown as { rows: Array<{ inputs: string }> }).rows;
  if (!row) throw new AppError('not_found', 'PDF not found');
  const key = blindCopyKey(storageKey, row.inputs);
  if (await files.exists(key)) return key;
  let pending = making.get(key);
  if (!pending) {
    pending = makeBlindCopy(files, storageKey, key, JSON.parse(row.inputs) as BlindCopyRules).finally(() => making.delete(key));
    making.set(key, pending);
  }
  await pending;
  return key;
}

async function makeBlindCopy(files: FileStore, storageKey: string, key: string, rules: BlindCopyRules): Promise<void> {
  const result = await pdfJobs.run({ read: () => buffer(files.get(storageKey)), strip: rules });
  if (!result.ok || !result.stripped) {
    if (unreadable.size >= 10_000) unreadable.clear();
    unreadable.add(storageKey);
    throw new AppError('conflict', UNREADABLE_FOR_REVIEWERS);
  }
  await files.put(Readable.from([Buffer.from(result.stripped)]), undefined, { key });
}

/**
 * At upload: the warning for the author when the stored PDF names them (its /Info or XMP packet, an annotation, an
 * outline entry, private page data) or has files attached; undefined when it has none of these, or when the PDF
 * cannot be read or read in time.
 */
export async function findMetadataWarning(opts: {
  files: FileStore;
  key: string | undefined;
  person: NamedPerson;
}): Promise<string | undefined> {
  const { files, key } = opts;
  if (!key) return undefined;
  const result = await pdfJobs.run({
    read: () => buffer(files.get(key)),
    path: files.localPath?.(key),
    strip: false,
    maxWaitMs: UPLOAD_WAIT_MS,
    timeLimitMs: UPLOAD_READ_MS,
  });
  return result.ok ? metadataWarning({ metadata: result.metadata, person: opts.person }) : undefined;
}

const normalise = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
/** A value as the warning shows it: no control or format characters (a bidi override would reorder the sentence), at most 100 characters. */
const shown = (value: string) => {
  const clean = value
    .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return clean.length > 100 ? `${clean.slice(0, 100)}…` : clean;
};

export function metadataWarning({ metadata, person }: { metadata: PdfMetadata; person: NamedPerson }): string | undefined {
  // A name of one or two letters would be found everywhere.
  const needles = [person.name, person.email].map(normalise).filter((n) => n.length >= 3);
  const names = (text: string) => needles.some((n) => normalise(text).includes(n));
  const fields: string[] = [];
  for (const field of INFO_FIELDS) {
    const value = metadata.info[field];
    if (value && names(value)) fields.push(`${field}: ${value.length > 100 ? `${value.slice(0, 100)}…` : value}`);
  }
  if (metadata.xmp && names(xmlText(metadata.xmp))) fields.push('XMP metadata');

  // The other parts, by the rule the reviewers' copy applies to annotations (name parts and address, accents folded).
  const { parts } = metadata;
  const mentions = mentionsOf([person]);
  const byAuthor = new Map<string, number>();
  for (const { author } of parts.annotations)
    if (author && mentions(author)) byAuthor.set(shown(author), (byAuthor.get(shown(author)) ?? 0) + 1);
  const texts = parts.annotations.filter((a) => mentions(a.text)).length;
  const titles = parts.outline.filter(mentions).map(shown);
  const places = [
    ...(fields.length ? [PDF_NAMES_YOU.documentProperties(fields)] : []),
    ...[...byAuthor].map(([author, count]) => PDF_NAMES_YOU.annotationsBy(author, count)),
    ...(texts ? [PDF_NAMES_YOU.annotationText(texts)] : []),
    ...(titles.length ? [PDF_NAMES_YOU.outlineEntries(titles)] : []),
    ...(mentions(parts.pieceInfo) ? [PDF_NAMES_YOU.pieceInfo] : []),
  ];
  return pdfUploadWarning({ places, files: [...new Set(parts.files.map(shown))] });
}
