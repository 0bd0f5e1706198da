import { useEffect, useId, useState } from 'react';
import { labelAnswers, type QuestionJson } from '../../../core/review-form';
import type { OtherReviewsJson } from '../../../core/schemas/discussion';
import { CONFIDENCES, RECOMMENDATIONS } from '../../../core/schemas/review-cycle';
import { getOtherReviews } from '../../api/discussion';
import { messageOf } from '../../api/client';
import { Alert } from '../../components/ui/alert';
import { cardClass } from '../../components/ui/card';
import { formatDateTime } from '../../lib/format';

const recommendation = (n: number) => `${RECOMMENDATIONS[n as keyof typeof RECOMMENDATIONS] ?? n} (${n})`;
const confidence = (n: number) => `${CONFIDENCES[n as keyof typeof CONFIDENCES] ?? n} (${n})`;

/**
 * The other reviews of the paper (issue 23.2), when the chairs' setting allows: each under its "Reviewer n" label,
 * or the sentence saying when they will show. `version` changes when the reviewer saves their own review, so the
 * section reads again (the default setting shows them after that).
 */
export function OtherReviews({ paperId, version, questions }: { paperId: string; version?: string | null; questions: QuestionJson[] }) {
  const headingId = useId();
  const [data, setData] = useState<OtherReviewsJson | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    getOtherReviews(paperId).then((d) => { if (live) { setData(d); setError(null); } })
      .catch((err: unknown) => { if (live && !(err instanceof Response)) setError(messageOf(err, 'The other reviews could not be loaded.')); });
    return () => { live = false; };
  }, [paperId, version]);

  return (
    <section aria-labelledby={headingId} className={cardClass('space-y-3 shadow-sm')}>
      <h2 id={headingId} className="text-xl font-semibold text-brand-900">Other reviews</h2>
      <Alert>{error}</Alert>
      {data ? <p className="text-sm text-slate-700">{data.reason}</p> : error ? null : <p className="text-sm text-slate-700">Loading…</p>}
      {data?.reviews.length ? (
        <ul aria-label="Other reviews of this paper" className="space-y-3">
          {data.reviews.map((r) => (
            <li key={r.reviewer} className="rounded-lg border border-slate-200 p-3">
              <h3 className="font-semibold text-brand-900">{r.reviewer}</h3>
              <dl className="mt-1 grid gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
                <dt className="font-medium text-slate-700">Recommendation</dt><dd>{recommendation(r.recommendation)}</dd>
                <dt className="font-medium text-slate-700">Confidence</dt><dd>{confidence(r.confidence)}</dd>
                {labelAnswers(questions, r.answers ?? {}).map((a) => (
                  <div key={a.questionId} className="contents"><dt className="font-medium text-slate-700">{a.label}</dt><dd className="whitespace-pre-wrap break-words">{a.text}</dd></div>
                ))}
                <dt className="font-medium text-slate-700">Saved</dt><dd><time dateTime={r.submittedAt}>{formatDateTime(r.submittedAt)}</time></dd>
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
