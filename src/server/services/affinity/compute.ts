import { AffinityIndexBuilder, createScratch, explainPair, paperVector, topReviewers } from '../../../core/expertise/affinity';

/** What the refresh reads from the database: the edition's papers and every reviewer's counted publications. */
export interface AffinityInput {
  papers: Array<{ id: string; title: string; abstract: string; keywords: string[] }>;
  reviewers: Array<{ id: string; publications: Array<{ id: string; title: string; abstract: string; year: number | null }> }>;
}

export interface AffinityRow {
  paperId: string;
  reviewerId: string;
  affinity: number;
  closest: Array<{ publicationId: string; title: string; year: number | null; similarity: number }>;
  sharedTerms: string[];
}

/** How many reviewers are kept per paper (decision 0069: the chair's list and the export read these). */
export const TOP_REVIEWERS = 100;
/**
 * How many of them are stored with their explanation (decision 0076): explaining a pair costs about twenty times
 * scoring it (bench/affinity-store.ts), and a chair reads the first ones; the others keep their affinity only.
 */
export const EXPLAINED_REVIEWERS = 20;

/**
 * Every paper's closest reviewers with the core model as it is (decision 0069), each pair explained (decision
 * 0076: stored, not recomputed when read, so a chair's list is one indexed read). Pure: runs in the worker thread.
 */
export function computeAffinities(input: AffinityInput, k = TOP_REVIEWERS, explained = EXPLAINED_REVIEWERS): AffinityRow[] {
  const builder = new AffinityIndexBuilder();
  for (const p of input.papers) builder.addPaper({ id: p.id, title: p.title, abstract: p.abstract, keywords: p.keywords });
  for (const r of input.reviewers) builder.addReviewer({ id: r.id, publications: r.publications });
  const index = builder.build();
  const scratch = createScratch(index);
  const rows: AffinityRow[] = [];
  index.paperIds.forEach((paperId, p) => {
    const vector = paperVector(index, p);
    for (const [rank, { reviewer, affinity }] of topReviewers(index, vector, k, scratch).entries()) {
      if (rank >= explained) {
        rows.push({ paperId, reviewerId: index.reviewerIds[reviewer]!, affinity, closest: [], sharedTerms: [] });
        continue;
      }
      const why = explainPair(index, vector, reviewer);
      const pubs = input.reviewers[reviewer]!.publications;
      rows.push({
        paperId,
        reviewerId: index.reviewerIds[reviewer]!,
        affinity,
        closest: why.publications.map((c) => ({
          publicationId: pubs[c.index]!.id,
          title: c.title,
          year: c.year,
          similarity: Math.round(c.similarity * 1e4) / 1e4,
        })),
        sharedTerms: why.sharedTerms,
      });
    }
  });
  return rows;
}
