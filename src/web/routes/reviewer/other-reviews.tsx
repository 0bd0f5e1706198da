import { useId } from 'react';
import { labelAnswers, type QuestionJson } from '../../../core/review-form';
import type { OtherReviewsJson } from '../../../core/schemas/discussion';
import { CONFIDENCES, RECOMMENDATIONS } from '../../../core/schemas/review-cycle';
import { getOtherReviews } from '../../api/discussion';
import { Alert } from '../../components/ui/alert';
import { cardClass } from '../../components/ui/card';
import { formatDateTime } from '../../lib/format';
import { loadPart } from '../../lib/route-data';

const recommendation = (n: number) => `${RECOMMENDATIONS[n as keyof typeof RECOMMENDATIONS] ?? n} (${n})`;
const confidence = (n: number) => `${CONFIDENCES[n as keyof typeof CONFIDENCES] ?? n} (${n})`;

/** The other reviews as the host route's loader read them, or the message when they could not be. */
export type OtherReviewsRead = { data: OtherReviewsJson | null; error: string | null };

/** For the host route's clientLoader (read again after the reviewer saves their own review). */
export const readOtherReviews = (paperId: string): Promise<OtherReviewsRead> =>
  loadPart<OtherReviewsJson | null>(getOtherReviews(paperId), null, 'The other reviews could not be loaded.');

/**
 * The other reviews of the paper (decision 0032), when the chairs' setting allows: each under its "Reviewer n" label,
 * or the sentence saying when they will show. The host route reads them again when the reviewer saves their own
 * review (the default setting shows them after that).
 */
export function OtherReviews({ reviews: { data, error }, questions }: { reviews: OtherReviewsRead; questions: QuestionJson[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cardClass('space-y-3 shadow-sm')}>
      <h2 id={headingId} className="text-xl font-semibold text-brand-900">
        Other reviews
      </h2>
      <Alert>{error}</Alert>
      {data ? <p className="text-sm text-slate-700">{data.reason}</p> : null}
      {data?.reviews.length ? (
        <ul aria-label="Other reviews of this paper" className="space-y-3">
          {data.reviews.map((r) => (
            <li key={r.reviewer} className="rounded-lg border border-slate-200 p-3">
              <h3 className="font-semibold text-brand-900">{r.reviewer}</h3>
              <dl className="mt-1 grid gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
                <dt className="font-medium text-slate-700">Recommendation</dt>
                <dd>{recommendation(r.recommendation)}</dd>
                <dt className="font-medium text-slate-700">Confidence</dt>
                <dd>{confidence(r.confidence)}</dd>
                {labelAnswers(questions, r.answers ?? {}).map((a) => (
                  <div key={a.questionId} className="contents">
                    <dt className="font-medium text-slate-700">{a.label}</dt>
                    <dd className="whitespace-pre-wrap break-words">{a.text}</dd>
                  </div>
                ))}
                <dt className="font-medium text-slate-700">Saved</dt>
                <dd>
                  <time dateTime={r.submittedAt}>{formatDateTime(r.submittedAt)}</time>
                </dd>
              </dl>
              <p className="mt-2 text-sm font-medium text-slate-700">Comments to the authors</p>
              <p className="whitespace-pre-wrap break-words text-slate-800">{r.commentsToAuthors}</p>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
