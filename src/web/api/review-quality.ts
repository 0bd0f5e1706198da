import type { BodyOf } from '../../core/api/endpoint';
import { REVIEW_QUALITY } from '../../core/api/review-quality';
import { call, saveDownload, saveFile } from './client';

/** A review's saved versions (newest first, with what changed) and the chairs' rating of it. */
export const getReviewVersions = (paperId: string, reviewerId: string) =>
  call(REVIEW_QUALITY.listReviewVersions, { params: { paperId, reviewerId } });

/** Rate a review (null clears the rating). */
export const rateReview = (paperId: string, reviewerId: string, body: BodyOf<typeof REVIEW_QUALITY.rateReview>) =>
  call(REVIEW_QUALITY.rateReview, { params: { paperId, reviewerId }, body });

const today = () => new Date().toISOString().slice(0, 10);

/** Download the anonymised review export as CSV, with the login token. */
export const saveAnonymisedCsv = (): Promise<void> =>
  saveDownload(REVIEW_QUALITY.exportAnonymisedCsv, { fileName: `reviews-anonymised-${today()}.csv` });

/** Download the anonymised review export as JSON (read through the typed client, saved as a file). */
export async function saveAnonymisedJson(): Promise<void> {
  const data = await call(REVIEW_QUALITY.exportAnonymisedJson);
  saveFile(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), `reviews-anonymised-${today()}.json`);
}
