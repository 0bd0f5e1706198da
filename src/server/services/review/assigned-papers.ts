import type { Db } from '../../db/connect';
import { toPaperJson } from '../submissions/paper-json';
import { findPapersForReviewer } from '../submissions/review-status';
import { getSettingsRow } from '../shared/settings';

/** The papers sent to a reviewer, as they see them (authors hidden under blind review). */
export async function listAssignedPapers(opts: { db: Db; secret: string; reviewerId: string }) {
  const { db, reviewerId } = opts;
  return toPaperJson({
    db,
    secret: opts.secret,
    papers: await findPapersForReviewer({ db, reviewerId }),
    blind: (await getSettingsRow({ db }))?.blindReview,
    reviewerViewerId: reviewerId,
  });
}
