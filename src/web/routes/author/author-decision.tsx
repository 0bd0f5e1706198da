import { RECOMMENDATIONS, type Decision } from '../../../core/schemas/review-cycle';
import type { PaperJson } from '../../../core/schemas/paper';

const TONE: Record<Decision, string> = {
  Accepted: 'border-green-300 bg-green-50 text-green-900',
  Rejected: 'border-red-300 bg-red-50 text-red-900',
  Revision: 'border-amber-300 bg-amber-50 text-amber-900',
};

const SAYS: Record<Decision, string> = {
  Accepted: 'Congratulations: your paper has been accepted.',
  Rejected: 'We regret that your paper could not be accepted.',
  Revision: 'The editors ask for a revised version of your paper.',
};

const words = (n: number) => RECOMMENDATIONS[n as keyof typeof RECOMMENDATIONS] ?? String(n);

/** The decision and every review's comments to the authors, once the author was notified (docs/product.md#the-review-cycle); no reviewer identity. */
export function AuthorDecision({ paper }: { paper: PaperJson }) {
  const decision = paper.decision ?? null;
  if (!decision) return null;
  const reviews = paper.reviews ?? [];
  return (
    <section aria-labelledby="decision-heading" className={`space-y-4 rounded-xl border p-5 ${TONE[decision]}`}>
      <div>
        <h2 id="decision-heading" className="text-lg font-bold">
          Decision: {paper.status ?? decision}
        </h2>
        <p className="mt-1">{SAYS[decision]}</p>
      </div>
      {paper.metaReview ? <MetaReview toAuthors={paper.metaReview.toAuthors} /> : null}
      {reviews.length ? (
        <ol className="space-y-3" aria-label="Reviews">
          {reviews.map((r, i) => (
            <li key={i} className="rounded-lg bg-white p-4 text-slate-900 shadow-sm">
              <article aria-labelledby={`review-${i}`}>
                <h3 id={`review-${i}`} className="font-semibold text-brand-900">
                  Reviewer {i + 1}
                </h3>
                <p className="mt-1 text-sm">
                  <span className="font-medium text-slate-600">Recommendation: </span>
                  {words(r.recommendation)}
                </p>
                {r.answers?.length ? (
                  <dl className="mt-1 space-y-1 text-sm">
                    {r.answers.map((a, j) => (
                      <div key={j}>
                        <dt className="inline font-medium text-slate-600">{a.label}: </dt>
                        <dd className="inline whitespace-pre-wrap break-words">{a.text}</dd>
                      </div>
                    ))}
                  </dl>
                ) : null}
                <p className="mt-2 whitespace-pre-wrap break-words">{r.commentsToAuthors}</p>
              </article>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm">No review comments were given.</p>
      )}
    </section>
  );
}

/** The meta-review's text to the authors (decision 0033): never its text to the committee, nor who wrote it. */
function MetaReview({ toAuthors }: { toAuthors: string }) {
  return (
    <article aria-labelledby="meta-review-heading" className="rounded-lg bg-white p-4 text-slate-900 shadow-sm">
      <h3 id="meta-review-heading" className="font-semibold text-brand-900">
        Meta-review
      </h3>
      <p className="mt-2 whitespace-pre-wrap break-words">{toAuthors}</p>
    </article>
  );
}
