import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { ConferenceFacts } from '../../../core/conference-facts';
import { storedConferenceFacts } from '../../../core/important-dates';
import type { Db } from '../../db/connect';
import { pgArray } from '../../db/pg-array';
import { awardNominations, papers, settings, tracks, users } from '../../db/schema';
import { findPaperPage, findPublicPaperFile, type PaperPage } from '../proceedings/paper-page';
import { findPublishedProgram } from '../programme/published-program';
import { findEditionOfYear } from './editions';
import { inEdition } from '../shared/in-edition';

/** A published session as the public record shows it: no presenters' addresses, no online links. */
export interface RecordSession {
  title: string;
  track: string;
  room: string;
  start: string;
  end: string;
  chair: string;
  papers: { id: string; title: string; presenter: string }[];
}

/** What stays online of an edition (decision 0060): its facts, programme, accepted papers and award winners. */
export interface EditionRecord {
  year: number;
  isCurrent: boolean;
  facts: ConferenceFacts;
  sessions: RecordSession[];
  papers: { id: string; title: string; authors: string; track: string }[];
  winners: { category: string; name: string; affiliation: string; awardId: string | null }[];
}

/**
 * The public record of the edition of `year`, read inside that edition (read-only); null when there is none. Only
 * what is public anyway: the programme as published, papers whose acceptance was released, winners awarded.
 */
export async function findEditionRecord(opts: { db: Db; year: number }): Promise<EditionRecord | null> {
  const edition = await findEditionOfYear({ db: opts.db, year: opts.year });
  if (!edition) return null;
  return inEdition({ db: opts.db, editionId: edition.id }, async (tx) => {
    const [row] = await tx.select({ conference: settings.conference }).from(settings).where(eq(settings.id, 1)).limit(1);
    const facts = storedConferenceFacts(row?.conference);
    const published = await findPublishedProgram(tx);
    const accepted = await tx
      .select({ id: papers.id, title: papers.title, author: users.name, track: tracks.name })
      .from(papers)
      .innerJoin(users, eq(users.id, papers.authorId))
      .innerJoin(tracks, eq(tracks.id, papers.trackId))
      .where(and(eq(papers.notifiedDecision, 'Accepted'), isNull(papers.withdrawnAt)))
      .orderBy(asc(tracks.position), asc(papers.title));
    const coAuthors = accepted.length
      ? ((await tx.execute(
          sql`select paper_id as "paperId", string_agg(name, ', ' order by position) as names from paper_co_authors where paper_id = any(${pgArray(accepted.map((p) => p.id))}::text[]) group by paper_id`,
        )) as unknown as { rows: Array<{ paperId: string; names: string }> })
      : { rows: [] };
    const others = new Map(coAuthors.rows.map((r) => [r.paperId, r.names]));
    const winners = await tx
      .select({
        category: awardNominations.category,
        name: awardNominations.nomineeName,
        affiliation: awardNominations.affiliation,
        awardId: awardNominations.awardId,
      })
      .from(awardNominations)
      .where(eq(awardNominations.status, 'awarded'))
      .orderBy(asc(awardNominations.category), asc(awardNominations.nomineeName));
    return {
      year: opts.year,
      isCurrent: edition.isCurrent,
      facts,
      sessions: (published?.sessions ?? []).map((s) => ({
        title: s.title,
        track: s.track,
        room: s.room,
        start: s.start,
        end: s.end,
        chair: s.chair,
        papers: s.papers.map((p) => ({ id: p._id, title: p.title, presenter: p.presenter })),
      })),
      papers: accepted.map((p) => ({
        id: p.id,
        title: p.title,
        authors: [p.author, others.get(p.id)].filter(Boolean).join(', '),
        track: p.track,
      })),
      winners,
    };
  });
}

/** The edition a paper belongs to (paper ids are unique across editions), or null. */
export async function findEditionOfPaper(opts: { db: Db; paperId: string }): Promise<string | null> {
  const { rows } = (await opts.db.execute(sql`select edition_id as "editionId" from papers_all where id = ${opts.paperId}`)) as unknown as {
    rows: Array<{ editionId: string }>;
  };
  return rows[0]?.editionId ?? null;
}

/**
 * An accepted paper's public page (decision 0061) in whichever edition it belongs to, with that edition's facts: a
 * past edition's papers keep their pages (and their DOIs a place to resolve to). Read-only inside the edition.
 */
export async function findPaperPageOfAnyEdition(opts: {
  db: Db;
  paperId: string;
}): Promise<{ page: PaperPage; conference: ConferenceFacts } | null> {
  const editionId = await findEditionOfPaper(opts);
  if (!editionId) return null;
  return inEdition({ db: opts.db, editionId }, async (tx) => {
    const [row] = await tx.select({ conference: settings.conference }).from(settings).where(eq(settings.id, 1)).limit(1);
    const conference = storedConferenceFacts(row?.conference);
    const page = await findPaperPage({ db: tx, conference, paperId: opts.paperId });
    return page ? { page, conference } : null;
  });
}

/**
 * A public file of an accepted paper (decision 0066: its camera-ready PDF once that edition's proceedings are published,
 * or its presenter's slides) in whichever edition the paper belongs to; null for anything else. Read-only inside it.
 */
export async function findPublicPaperFileOfAnyEdition(opts: {
  db: Db;
  paperId: string;
  kind: 'paper' | 'slides';
}): Promise<{ storageKey: string; size: number; fileName: string } | null> {
  const editionId = await findEditionOfPaper(opts);
  if (!editionId) return null;
  return inEdition({ db: opts.db, editionId }, (tx) => findPublicPaperFile({ db: tx, paperId: opts.paperId, kind: opts.kind }));
}
