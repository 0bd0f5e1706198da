import { and, asc, eq, isNull } from 'drizzle-orm';
import type { ConferenceFacts } from '../../../core/conference-facts';
import { familyCommaGiven, hasNameParts, isLatinName, type PersonName } from '../../../core/person-name';
import { countryName } from '../../../core/proceedings';
import type { Db } from '../../db/connect';
import { cameraReady, paperCoAuthors, papers, paperSlides, settings, tracks, users } from '../../db/schema';
import { findPublishedSlot, type PublishedSlot } from '../programme/published-slot';
import { findPaperDoi } from './proceedings';

export interface PaperPageAuthor {
  name: string;
  /** Decision 0074: the name in Latin letters when the name is in another script, else ''. */
  latinName: string;
  /** Decision 0074: "Family, Given" for citation metadata (citation_author) when the parts are known, else the name. */
  citationName: string;
  affiliation: string;
  /** The country's English name, '' when not given. */
  country: string;
}

export interface PaperPage {
  id: string;
  title: string;
  abstract: string;
  track: string;
  /** The submitter, then the co-authors in their order: names as the paper stores them. */
  authors: PaperPageAuthor[];
  /** Where the published programme places the paper; null when it does not. */
  slot: PublishedSlot | null;
  /** The DOI the proceedings assign (a DOI prefix is set and the paper has its camera-ready version); else null. */
  doi: string | null;
  /** True when the camera-ready PDF may be downloaded by anyone (the proceedings are published). */
  pdf: boolean;
  /** True when a presenter uploaded slides (decision 0066): public with the page. */
  slides: boolean;
}

/**
 * Whether the organiser has published the proceedings of this transaction's edition, which makes the camera-ready
 * PDFs public (decisions 0061 and 0066): the editor sets it on the Exports screen.
 */
export async function isProceedingsPublished(opts: { db: Db }): Promise<boolean> {
  const [row] = await opts.db.select({ at: settings.proceedingsPublishedAt }).from(settings).where(eq(settings.id, 1)).limit(1);
  return Boolean(row?.at);
}

/**
 * The paper if anyone may see it: the decision released to its authors (notified) is Accepted, and it is not withdrawn.
 * Anything else is null, the same as an unknown id, so the answer never tells that a paper exists or its decision
 * before release; a decision changed since is not released either, so the page follows the one the authors were told
 * (as the registration quote does, decision 0056).
 */
async function findPublicPaper(db: Db, paperId: string) {
  const [row] = await db
    .select({
      id: papers.id,
      title: papers.title,
      abstract: papers.abstract,
      track: tracks.name,
      name: users.name,
      givenName: users.givenName,
      familyName: users.familyName,
      familyFirst: users.familyFirst,
      latinName: users.latinName,
      affiliation: users.affiliation,
      country: users.country,
      cameraReadyKey: cameraReady.storageKey,
      cameraReadySize: cameraReady.size,
      slidesKey: paperSlides.storageKey,
      slidesSize: paperSlides.size,
    })
    .from(papers)
    .innerJoin(users, eq(users.id, papers.authorId))
    .innerJoin(tracks, eq(tracks.id, papers.trackId))
    .leftJoin(cameraReady, eq(cameraReady.paperId, papers.id))
    .leftJoin(paperSlides, eq(paperSlides.paperId, papers.id))
    .where(and(eq(papers.id, paperId), eq(papers.notifiedDecision, 'Accepted'), isNull(papers.withdrawnAt)))
    .limit(1);
  return row ?? null;
}

/** An accepted paper's public page (decision 0061): what it says and where it is presented; null for any other id. */
export async function findPaperPage(opts: { db: Db; conference: ConferenceFacts; paperId: string }): Promise<PaperPage | null> {
  const { db, paperId } = opts;
  const paper = await findPublicPaper(db, paperId);
  if (!paper) return null;
  const coAuthors = await db
    .select({
      name: paperCoAuthors.name,
      givenName: paperCoAuthors.givenName,
      familyName: paperCoAuthors.familyName,
      familyFirst: paperCoAuthors.familyFirst,
      latinName: paperCoAuthors.latinName,
      affiliation: paperCoAuthors.affiliation,
      country: paperCoAuthors.country,
    })
    .from(paperCoAuthors)
    .where(eq(paperCoAuthors.paperId, paper.id))
    .orderBy(asc(paperCoAuthors.position));
  const author = (a: PersonName & { affiliation: string; country: string }): PaperPageAuthor => ({
    name: a.name,
    latinName: a.latinName && !isLatinName(a.name) ? a.latinName : '',
    // A name without parts is given as written: nothing is guessed for the page.
    citationName: hasNameParts(a) ? familyCommaGiven(a) : a.name,
    affiliation: a.affiliation,
    country: a.country ? countryName(a.country) : '',
  });
  const hasCameraReady = paper.cameraReadyKey !== null;
  return {
    id: paper.id,
    title: paper.title,
    abstract: paper.abstract,
    track: paper.track,
    authors: [author(paper), ...coAuthors.map(author)],
    slot: await findPublishedSlot({ db, paperId: paper.id }),
    // The deposit holds the papers with a camera-ready version only (decision 0042): the others have no DOI. It follows
    // the released decision as the page does, so that it does not vanish before the authors are told of a change.
    doi: hasCameraReady ? await findPaperDoi({ db, conference: opts.conference, paperId: paper.id }) : null,
    pdf: hasCameraReady && (await isProceedingsPublished({ db })),
    slides: paper.slidesKey !== null,
  };
}

/**
 * A public file of a paper with a public page (decision 0066): `paper`, its camera-ready PDF once the proceedings are
 * published; `slides`, the slides its presenter uploaded. Null otherwise: the same answer for an unknown id, an
 * unreleased decision, a missing file and unpublished proceedings, and never a submitted or reviewer's version.
 */
export async function findPublicPaperFile(opts: {
  db: Db;
  paperId: string;
  kind: 'paper' | 'slides';
}): Promise<{ storageKey: string; size: number; fileName: string } | null> {
  const paper = await findPublicPaper(opts.db, opts.paperId);
  if (!paper) return null;
  if (opts.kind === 'slides')
    return paper.slidesKey ? { storageKey: paper.slidesKey, size: paper.slidesSize!, fileName: `${paper.id}-slides.pdf` } : null;
  if (!paper.cameraReadyKey || !(await isProceedingsPublished({ db: opts.db }))) return null;
  return { storageKey: paper.cameraReadyKey, size: paper.cameraReadySize!, fileName: `${paper.id}.pdf` };
}
