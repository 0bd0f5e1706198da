import { looksLikeBibtex, parseBibtex } from './bibtex';
import { parseDblp } from './dblp';
import { PublicationFileError, type ParsedFile } from './entry';
import { parseOrcid } from './orcid';

/** At most 2 MB a file (decision 0076): a person's whole DBLP page with a few hundred entries is far below. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;

/**
 * A publications file read by its content, whatever its name (decision 0076): JSON is an ORCID works export,
 * XML a DBLP person page, text with `@type{` entries BibTeX. Anything else, or a file without one usable entry,
 * is a PublicationFileError with a message for the person.
 */
export function parsePublicationsFile(bytes: Uint8Array): ParsedFile {
  if (bytes.length === 0) throw new PublicationFileError('The file is empty.');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new PublicationFileError('The file is not text in UTF-8: send a BibTeX (.bib), DBLP XML or ORCID JSON file.');
  }
  if (text.includes('\u0000')) throw new PublicationFileError('The file is not text: send a BibTeX (.bib), DBLP XML or ORCID JSON file.');
  const start = text.replace(/^\uFEFF/, '').trimStart();
  const parsed = start.startsWith('{')
    ? parseOrcid(start)
    : start.startsWith('<')
      ? parseDblp(start)
      : looksLikeBibtex(start)
        ? parseBibtex(start)
        : null;
  if (!parsed) throw new PublicationFileError('The file is neither BibTeX, DBLP XML nor ORCID JSON.');
  if (parsed.entries.length === 0) throw new PublicationFileError('The file holds no publication with a title.');
  return parsed;
}
