import { Readable } from 'node:stream';
import { and, asc, eq, gt, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import ZipStream from 'zip-stream';
import { CONFERENCE_FACTS_DEFAULTS, conferenceTitle, type ConferenceFacts } from '../../../core/conference-facts';
import { conferencePaperXml, CROSSREF_CLOSING, crossrefOpening, type CrossrefAuthor } from '../../../core/crossref-xml';
import { citationName, hasNameParts, toPersonName } from '../../../core/person-name';
import { bibtexEntry, bibtexKeys, formatDoi, latinFamilyName, sanitiseFileName } from '../../../core/proceedings';
import { paperPagePath } from '../../../core/routes';
import { NO_DOI_PREFIX } from '../../../core/schemas/proceedings';
import type { Db } from '../../db/connect';
import { cameraReady, paperCoAuthors, papers, tracks, users } from '../../db/schema';
import { AppError } from '../../errors';
import type { FileStore } from '../../storage/file-store';
import { csvCell } from '../shared/export-csv';
import { getSettingsRow } from '../shared/settings';

/** Which papers an export covers (services/tracks/proceedings-scope.ts decides it for the caller). */
export interface ProceedingsScope {
  trackIds: string[] | null;
  excludedPaperIds: string[];
}

/**
 * The conference's facts a deposit names, from the current facts (decision 0051): "IMSE" (the short name without
 * its year) as acronym and publisher, "Pattaya, Thailand", the contact address as depositor; the year in DOIs
 * and publication dates is the conference's first day's.
 */
function proceedingsFacts(f: ConferenceFacts = CONFERENCE_FACTS_DEFAULTS) {
  const acronym = f.shortName.replace(/\s*\d{4}$/, '') || f.shortName;
  return {
    title: conferenceTitle(f),
    acronym,
    publisher: acronym,
    depositorEmail: f.contactEmail,
    location: [f.venue.city, f.venue.country].filter(Boolean).join(', '),
    start: f.startDate,
    end: f.endDate,
    year: Number(f.startDate.slice(0, 4)),
  };
}
type ProceedingsFacts = ReturnType<typeof proceedingsFacts>;
const BATCH = 500;

export interface ProceedingsPaper {
  id: string;
  title: string;
  abstract: string;
  track: string;
  keywords: string[];
  authors: CrossrefAuthor[];
  pdf: { storageKey: string; size: number; uploadedAt: Date };
  doi: string | null;
}

/** The PDF's name inside the camera-ready zip (and in the CSV): "<paperId> - <title>.pdf". */
export const bundleFileName = (p: { id: string; title: string }) => `${p.id} - ${sanitiseFileName(p.title)}.pdf`;

/** The DOI the proceedings assign a paper with a camera-ready version, or null when no DOI prefix is set (decision 0042). */
export async function findPaperDoi(opts: { db: Db; conference: ConferenceFacts; paperId: string }): Promise<string | null> {
  const doi = await doiSettings(opts.db, proceedingsFacts(opts.conference));
  return doi.prefix ? formatDoi({ prefix: doi.prefix, pattern: doi.pattern, year: doi.year, paperId: opts.paperId }) : null;
}

async function doiSettings(db: Db, facts: ProceedingsFacts): Promise<{ prefix: string | null; pattern: string; year: number }> {
  const row = await getSettingsRow({ db });
  return { prefix: row?.doiPrefix ?? null, pattern: row?.doiPattern ?? 'imse.{year}.{paperId}', year: facts.year };
}

/**
 * Accepted, not withdrawn papers with a camera-ready version, in id order, read one batch at a time so an
 * export of thousands of papers holds one batch: the submitter first, then the co-authors in their order.
 */
async function* findProceedingsPapers(
  db: Db,
  scope: ProceedingsScope,
  doi: { prefix: string | null; pattern: string; year: number },
): AsyncGenerator<ProceedingsPaper[]> {
  let after = '';
  for (;;) {
    const rows = await db
      .select({
        id: papers.id,
        title: papers.title,
        abstract: papers.abstract,
        keywords: papers.keywords,
        freeKeywords: papers.freeKeywords,
        track: tracks.name,
        name: users.name,
        affiliation: users.affiliation,
        country: users.country,
        orcid: users.orcid,
        givenName: users.givenName,
        familyName: users.familyName,
        familyFirst: users.familyFirst,
        latinName: users.latinName,
        storageKey: cameraReady.storageKey,
        size: cameraReady.size,
        uploadedAt: cameraReady.uploadedAt,
      })
      .from(papers)
      .innerJoin(cameraReady, eq(cameraReady.paperId, papers.id))
      .innerJoin(users, eq(users.id, papers.authorId))
      .innerJoin(tracks, eq(tracks.id, papers.trackId))
      .where(
        and(
          gt(papers.id, after),
          eq(papers.decision, 'Accepted'),
          isNull(papers.withdrawnAt),
          scope.trackIds ? (scope.trackIds.length ? inArray(papers.trackId, scope.trackIds) : sql`false`) : undefined,
          scope.excludedPaperIds.length ? notInArray(papers.id, scope.excludedPaperIds) : undefined,
        ),
      )
      .orderBy(asc(papers.id))
      .limit(BATCH);
    if (rows.length === 0) return;
    const coAuthors = await db
      .select()
      .from(paperCoAuthors)
      .where(
        inArray(
          paperCoAuthors.paperId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(paperCoAuthors.paperId), asc(paperCoAuthors.position));
    const byPaper = new Map<string, typeof coAuthors>();
    for (const c of coAuthors) byPaper.set(c.paperId, [...(byPaper.get(c.paperId) ?? []), c]);
    yield rows.map((r) => ({
      id: r.id,
      title: r.title,
      abstract: r.abstract,
      track: r.track,
      keywords: [...r.keywords, ...r.freeKeywords],
      // Decision 0074: each author's name parts travel with the display name (Crossref, BibTeX and the CSV use them).
      authors: [r, ...(byPaper.get(r.id) ?? [])].map((a) => ({
        name: a.name,
        givenName: a.givenName,
        familyName: a.familyName,
        familyFirst: a.familyFirst,
        latinName: a.latinName,
        affiliation: a.affiliation,
        country: a.country,
        orcid: a.orcid,
      })),
      pdf: { storageKey: r.storageKey, size: r.size, uploadedAt: r.uploadedAt },
      doi: doi.prefix ? formatDoi({ prefix: doi.prefix, pattern: doi.pattern, year: doi.year, paperId: r.id }) : null,
    }));
    after = rows[rows.length - 1]!.id;
    if (rows.length < BATCH) return;
  }
}

/**
 * The Crossref deposit (decision 0042) as a stream; 409 before anything is sent when no DOI prefix is set.
 * `publicUrl` makes each DOI's resource: the paper's public page (docs/decisions/0061-paper-pages.md).
 */
export async function exportCrossrefXml(opts: {
  db: Db;
  scope: ProceedingsScope;
  publicUrl: string;
  now?: Date;
  conference?: ConferenceFacts;
}): Promise<Readable> {
  const facts = proceedingsFacts(opts.conference);
  const doi = await doiSettings(opts.db, facts);
  if (!doi.prefix) throw new AppError('conflict', NO_DOI_PREFIX);
  const at = opts.now ?? new Date();
  async function* parts(): AsyncGenerator<string> {
    yield crossrefOpening({
      batchId: `imse-proceedings-${at.getTime()}`,
      at,
      depositor: { name: facts.publisher, email: facts.depositorEmail },
      registrant: facts.publisher,
      conference: { name: facts.title, acronym: facts.acronym, location: facts.location, start: facts.start, end: facts.end },
      proceedings: { title: `Proceedings of the ${facts.title}`, publisher: facts.publisher, year: facts.year },
    });
    for await (const batch of findProceedingsPapers(opts.db, opts.scope, doi)) {
      yield batch
        .map((p) =>
          conferencePaperXml({
            doi: p.doi!,
            resourceUrl: `${opts.publicUrl}${paperPagePath(p.id)}`,
            title: p.title,
            year: facts.year,
            authors: p.authors,
          }),
        )
        .join('');
    }
    yield CROSSREF_CLOSING;
  }
  return Readable.from(parts(), { objectMode: false });
}

/** The accepted papers as @inproceedings entries (decision 0042): keys unique across the file, UTF-8 names as written. */
export async function exportBibtex(opts: { db: Db; scope: ProceedingsScope; conference?: ConferenceFacts }): Promise<Readable> {
  const facts = proceedingsFacts(opts.conference);
  const doi = await doiSettings(opts.db, facts);
  const used = new Set<string>();
  async function* entries(): AsyncGenerator<string> {
    // Outside an entry BibTeX skips text up to the next "@": the title's own "@" would start one (decision 0074).
    yield `% Proceedings of the ${facts.title.replace(/@/g, '')}: accepted papers with a camera-ready version\n\n`;
    for await (const batch of findProceedingsPapers(opts.db, opts.scope, doi)) {
      const keys = uniqueKeys(batch, used, facts.year);
      let chunk = '';
      batch.forEach((p, i) => {
        chunk += bibtexEntry({
          key: keys[i]!,
          title: p.title,
          authors: p.authors.map(toPersonName),
          booktitle: `Proceedings of the ${facts.title}`,
          publisher: facts.publisher,
          year: facts.year,
          doi: p.doi,
          abstract: p.abstract,
          keywords: p.keywords,
        });
      });
      yield chunk;
    }
  }
  return Readable.from(entries(), { objectMode: false });
}

/** Keys for one batch that differ from every key used before in the file. */
function uniqueKeys(batch: ProceedingsPaper[], used: Set<string>, year: number): string[] {
  // Decision 0074: a first author without a Latin family name is keyed by their Latin name, else by the paper's id.
  const keys = bibtexKeys(
    batch.map((p) => {
      const first = toPersonName(p.authors[0]!);
      return { surname: citationName(first).family, latinSurname: latinFamilyName(first), paperId: p.id, year, title: p.title };
    }),
  );
  return keys.map((key) => {
    let k = key;
    for (let n = 2; used.has(k); n++) k = `${key}${n}`;
    used.add(k);
    return k;
  });
}

export const METADATA_COLUMNS = [
  'paper_id',
  'title',
  'track',
  'authors',
  'affiliations',
  'countries',
  'orcids',
  'doi',
  'keywords',
  'abstract',
  'pdf_file',
  'pdf_bytes',
  'camera_ready_uploaded_at',
  // Decision 0074: added last, so that a reader of the columns above by position keeps working.
  'given_names',
  'family_names',
  'latin_names',
];

/**
 * The authors' given names, family names and Latin-letters names as lists in their order (decision 0074). An author
 * who gave no parts has empty ones here (their display name is in `authors`; nothing is guessed from it).
 */
function namePartColumns(authors: CrossrefAuthor[]): string[][] {
  const people = authors.map(toPersonName);
  return [
    people.map((a) => (hasNameParts(a) ? a.givenName : '')),
    people.map((a) => (hasNameParts(a) ? a.familyName : '')),
    people.map((a) => a.latinName),
  ];
}

/** The metadata CSV (decision 0042): one row per paper, the authors' fields as lists in the authors' order ("; "). */
export async function exportMetadataCsv(opts: { db: Db; scope: ProceedingsScope; conference?: ConferenceFacts }): Promise<Readable> {
  const doi = await doiSettings(opts.db, proceedingsFacts(opts.conference));
  async function* lines(): AsyncGenerator<string> {
    yield `\uFEFF${METADATA_COLUMNS.join(',')}\r\n`;
    for await (const batch of findProceedingsPapers(opts.db, opts.scope, doi)) {
      let chunk = '';
      for (const p of batch) {
        chunk += `${[
          p.id,
          p.title,
          p.track,
          p.authors.map((a) => a.name),
          p.authors.map((a) => a.affiliation),
          p.authors.map((a) => a.country),
          p.authors.map((a) => a.orcid ?? ''),
          p.doi ?? '',
          p.keywords,
          p.abstract,
          bundleFileName(p),
          p.pdf.size,
          p.pdf.uploadedAt,
          ...namePartColumns(p.authors),
        ]
          .map(csvCell)
          .join(',')}\r\n`;
      }
      yield chunk;
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

/**
 * Every camera-ready PDF in one zip (decision 0042), streamed: each PDF is piped from the file store into the
 * archive (stored, not deflated: PDFs are compressed already) only as fast as the client reads, so the server
 * holds a few buffers, never the zip; proceedings.csv (the metadata CSV) is the last entry.
 */
export async function exportCameraReadyZip(opts: {
  db: Db;
  files: FileStore;
  scope: ProceedingsScope;
  conference?: ConferenceFacts;
}): Promise<Readable> {
  const doi = await doiSettings(opts.db, proceedingsFacts(opts.conference));
  const zip = new ZipStream({ zlib: { level: 6 } });
  const add = (source: Readable, name: string, store: boolean) =>
    new Promise<void>((resolve, reject) => {
      source.once('error', reject);
      zip.entry(source, { name, store }, (err) => (err ? reject(err) : resolve()));
    });
  void (async () => {
    for await (const batch of findProceedingsPapers(opts.db, opts.scope, doi)) {
      for (const p of batch) await add(opts.files.get(p.pdf.storageKey), bundleFileName(p), true);
    }
    await add(await exportMetadataCsv(opts), 'proceedings.csv', false);
    zip.finalize();
  })().catch((err: unknown) => zip.destroy(err instanceof Error ? err : new Error(String(err))));
  return zip;
}
