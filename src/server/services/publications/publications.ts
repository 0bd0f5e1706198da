import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { newId } from '../../../core/ids';
import type { PublicationBody, PublicationJson, PublicationListJson } from '../../../core/schemas/publications';
import { PublicationBody as PublicationBodySchema } from '../../../core/schemas/publications';
import type { Db } from '../../db/connect';
import { publications, users } from '../../db/schema';
import { AppError, sqlState } from '../../errors';
import { recordAudit, type Actor } from '../shared/audit';
import { requestAffinityRefresh } from '../affinity/refresh';
import { parseInWorker } from './formats/run';
import { dedupKey, normaliseDoi, PublicationFileError, type ImportedPublication } from './formats/entry';

type Row = typeof publications.$inferSelect;

export const DUPLICATE_PUBLICATION = 'This publication is already in the profile (same DOI, or the same title).';
const NOT_FOUND = 'No such publication in your profile';

export function publicationJson(row: Row): PublicationJson {
  return {
    id: row.id,
    title: row.title,
    abstract: row.abstract,
    year: row.year,
    authors: row.authors,
    venue: row.venue,
    doi: row.doi,
    counts: row.counts,
    source: row.source,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A person's publications, newest first (no year: last), then by title. */
export async function listPublications({ db, userId }: { db: Db; userId: string }): Promise<PublicationListJson> {
  const rows = await db
    .select()
    .from(publications)
    .where(eq(publications.userId, userId))
    .orderBy(sql`${publications.year} desc nulls last`, asc(publications.title), asc(publications.id));
  return { publications: rows.map(publicationJson), counted: rows.filter((r) => r.counts).length };
}

/** The editor (or a chair) looks at a person's profile: 404 when there is no such account. */
export async function listPersonPublications({ db, userId }: { db: Db; userId: string }): Promise<PublicationListJson> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('not_found', 'No such person');
  return listPublications({ db, userId });
}

const conflictOnDuplicate = (err: unknown): never => {
  if (sqlState(err) === '23505') throw new AppError('conflict', DUPLICATE_PUBLICATION);
  throw err;
};

const doiOf = (doi: string | null | undefined): string | null => (doi ? normaliseDoi(doi) || null : null);

/** A publication added by hand (decision 0076). */
export async function addPublication(opts: { db: Db; userId: string; body: PublicationBody }): Promise<PublicationJson> {
  const body = PublicationBodySchema.parse(opts.body);
  const doi = doiOf(body.doi);
  const [row] = await opts.db
    .insert(publications)
    .values({
      id: newId(),
      userId: opts.userId,
      ...body,
      doi,
      source: 'manual',
      dedupKey: dedupKey({ doi, title: body.title }),
    })
    .returning()
    .catch(conflictOnDuplicate);
  await requestAffinityRefresh(opts.db);
  return publicationJson(row!);
}

export async function updatePublication(opts: {
  db: Db;
  userId: string;
  publicationId: string;
  changes: Partial<PublicationBody>;
}): Promise<PublicationJson> {
  const { db, userId, publicationId, changes } = opts;
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(publications)
      .where(and(eq(publications.id, publicationId), eq(publications.userId, userId)))
      .for('update');
    if (!row) throw new AppError('not_found', NOT_FOUND);
    const doi = 'doi' in changes ? doiOf(changes.doi) : row.doi;
    const title = changes.title ?? row.title;
    const [next] = await tx
      .update(publications)
      .set({ ...changes, doi, dedupKey: dedupKey({ doi, title }), updatedAt: new Date() })
      .where(eq(publications.id, publicationId))
      .returning()
      .catch(conflictOnDuplicate);
    return next!;
  });
  await requestAffinityRefresh(db);
  return publicationJson(updated);
}

export async function removePublication(opts: { db: Db; userId: string; publicationId: string }): Promise<void> {
  const gone = await opts.db
    .delete(publications)
    .where(and(eq(publications.id, opts.publicationId), eq(publications.userId, opts.userId)))
    .returning({ id: publications.id });
  if (gone.length === 0) throw new AppError('not_found', NOT_FOUND);
  await requestAffinityRefresh(opts.db);
}

/**
 * A file's publications into a person's profile (decision 0076), all in one transaction or none: each entry is
 * matched with the profile's (and the file's own earlier ones) by its DOI, else its normalised title; a match only
 * fills the fields it lacks (abstract, year, authors, venue, DOI). `actor` set: the editor imports for the person,
 * and the audit row commits with the entries.
 */
export async function importPublications(opts: {
  db: Db;
  userId: string;
  bytes: Uint8Array;
  actor?: Actor & { role: string };
}): Promise<{ format: 'bibtex' | 'dblp' | 'orcid'; added: number; merged: number; skipped: number; publications: PublicationJson[] }> {
  const { db, userId } = opts;
  let parsed;
  try {
    parsed = await parseInWorker(opts.bytes);
  } catch (err) {
    if (err instanceof PublicationFileError) throw new AppError('bad_request', err.message);
    throw err;
  }
  const byKey = new Map<string, ImportedPublication>();
  for (const entry of parsed.entries) {
    const key = dedupKey(entry);
    const earlier = byKey.get(key);
    byKey.set(key, earlier ? fillIn(earlier, entry) : entry);
  }
  const result = await db.transaction(async (tx) => {
    const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (!owner) throw new AppError('not_found', 'No such person');
    const keys = [...byKey.keys()];
    const existing = new Map<string, Row>();
    for (let i = 0; i < keys.length; i += 1000) {
      const rows = await tx
        .select()
        .from(publications)
        .where(and(eq(publications.userId, userId), inArray(publications.dedupKey, keys.slice(i, i + 1000))));
      for (const r of rows) existing.set(r.dedupKey, r);
    }
    // An entry whose DOI is new but whose title is already there (the profile's entry has no DOI) is that entry.
    const byTitle = new Map<string, Row>();
    const titleKeys = [...byKey.values()].map((e) => dedupKey({ doi: null, title: e.title }));
    for (let i = 0; i < titleKeys.length; i += 1000) {
      const rows = await tx
        .select()
        .from(publications)
        .where(and(eq(publications.userId, userId), inArray(publications.dedupKey, titleKeys.slice(i, i + 1000))));
      for (const r of rows) byTitle.set(r.dedupKey, r);
    }
    let added = 0;
    let merged = 0;
    const inserts: Array<typeof publications.$inferInsert> = [];
    for (const [key, entry] of byKey) {
      const match = existing.get(key) ?? byTitle.get(dedupKey({ doi: null, title: entry.title }));
      if (match) {
        merged++;
        const filled = fillIn(match, entry);
        const changed =
          filled.abstract !== match.abstract ||
          filled.year !== match.year ||
          filled.venue !== match.venue ||
          filled.doi !== match.doi ||
          filled.authors.length !== match.authors.length;
        if (changed) {
          await tx
            .update(publications)
            .set({
              abstract: filled.abstract,
              year: filled.year,
              venue: filled.venue,
              authors: filled.authors,
              doi: filled.doi,
              dedupKey: dedupKey(filled),
              updatedAt: new Date(),
            })
            .where(eq(publications.id, match.id));
        }
        continue;
      }
      added++;
      inserts.push({ id: newId(), userId, ...entry, source: parsed.format, dedupKey: key });
    }
    for (let i = 0; i < inserts.length; i += 500) await tx.insert(publications).values(inserts.slice(i, i + 500));
    if (opts.actor) {
      await recordAudit(tx, {
        actorId: opts.actor.id,
        actorRole: opts.actor.role,
        ip: opts.actor.ip,
        action: 'publications.import',
        details: { userId, format: parsed.format, added, merged },
      });
    }
    return { added, merged };
  });
  await requestAffinityRefresh(db);
  const list = await listPublications({ db, userId });
  return { format: parsed.format, ...result, skipped: parsed.skipped, publications: list.publications };
}

/** `base` with the fields it lacks taken from `more`. */
function fillIn<T extends ImportedPublication | Row>(base: T, more: ImportedPublication): T {
  return {
    ...base,
    abstract: base.abstract || more.abstract,
    year: base.year ?? more.year,
    authors: base.authors.length > 0 ? base.authors : more.authors,
    venue: base.venue || more.venue,
    doi: base.doi ?? more.doi,
  };
}
