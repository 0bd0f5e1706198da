import { entryOf, PublicationFileError, type ImportedPublication, type ParsedFile } from './entry';

const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const value = (v: unknown): unknown => obj(v).value;

export function looksLikeOrcid(json: unknown): boolean {
  return Array.isArray(obj(json).group);
}

/**
 * ORCID's works (the public API's `/v3.0/<orcid>/works` JSON): `group[]`, each the same work from several
 * sources, `work-summary[]` each with `title.title.value`, `publication-date.year.value`, `journal-title.value`
 * and `external-ids.external-id[]` (a DOI among them). The first summary of a group is the preferred one.
 * ORCID's works summaries carry no abstract and no authors.
 */
export function parseOrcid(text: string): ParsedFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new PublicationFileError('The file is not valid JSON, so not an ORCID works export.');
  }
  if (!looksLikeOrcid(json)) throw new PublicationFileError('The JSON file is not an ORCID works export (it has no "group" list).');
  const entries: ImportedPublication[] = [];
  let skipped = 0;
  for (const group of arr(obj(json).group)) {
    const summaries = arr(obj(group)['work-summary']);
    const work = obj(summaries[0]);
    const ids = [...arr(obj(work['external-ids'])['external-id']), ...arr(obj(obj(group)['external-ids'])['external-id'])].map(obj);
    const doi = ids.find((id) => String(id['external-id-type']).toLowerCase() === 'doi');
    const entry = entryOf({
      title: value(obj(work.title).title),
      year: value(obj(work['publication-date']).year),
      venue: value(work['journal-title']),
      doi: doi ? (obj(doi['external-id-normalized']).value ?? doi['external-id-value']) : '',
    });
    if (entry) entries.push(entry);
    else skipped++;
  }
  return { format: 'orcid', entries, skipped };
}
