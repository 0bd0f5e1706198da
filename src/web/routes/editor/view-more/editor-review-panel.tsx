import type { ConflictedReviewerJson } from '../../../../core/schemas/editor-stats';
import type { PaperJson } from '../../../../core/schemas/paper';
import {
  CONFIDENCES,
  CONFLICT_WORDS,
  RECOMMENDATIONS,
  type ConflictReason,
  type EditorReviewJson,
} from '../../../../core/schemas/review-cycle';
import { DecisionControl, notifiedText } from '../../../components/editor-decision-control';
import { Alert } from '../../../components/ui/alert';
import { cardClass } from '../../../components/ui/card';
import { formatDateTime, formatDecimal } from '../../../lib/format';
import { ScrollBox } from '../shared/scroll-box';
import { RETIRED_MARK, VISIBILITY_WORDS, type AnswerJson } from '../../../../core/review-form';
import { ReviewHistories } from './review-history';

type Conflict = ConflictedReviewerJson;
const words = <T extends Record<number, string>>(table: T, n: number) => table[n as keyof T] ?? String(n);
const when = formatDateTime;

/** A review's answers to the conference's own questions (decision 0031), each with who may read it. */
function Answers({ answers }: { answers: AnswerJson[] }) {
  if (answers.length === 0) return <span className="text-slate-500">None</span>;
  return (
    <dl className="space-y-1">
      {answers.map((a) => (
        <div key={a.questionId}>
          <dt className="font-medium">
            {a.label}
            {a.retired ? <span className="font-normal text-slate-600"> {RETIRED_MARK}</span> : null}
            <span className={`ml-1 text-xs font-normal ${a.visibility === 'committee' ? 'text-amber-800' : 'text-slate-600'}`}>
              ({VISIBILITY_WORDS[a.visibility]})
            </span>
          </dt>
          <dd className="whitespace-pre-wrap break-words">{a.text}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The editor's review-cycle panel on a paper's page (docs/product.md#the-review-cycle): the reviews with their scores, the
 * conflicts of interest in words, the decision control and the camera-ready version when there is one.
 * The host route's loader reads the reviews and conflicts; a failed read leaves them empty beside `error`.
 */
export function EditorReviewPanel({
  paper,
  reviews,
  conflicts,
  error,
}: {
  paper: PaperJson;
  reviews: EditorReviewJson[];
  conflicts: Conflict[];
  error: string | null;
}) {
  const nameOf = (c: Conflict) => c.name || reviews.find((r) => r.reviewerId === c.reviewerId)?.name;
  const s = paper.reviewSummary;

  return (
    <section aria-labelledby="review-panel-title" className={cardClass('mt-6 shadow-sm')}>
      <h2 id="review-panel-title" className="text-xl font-semibold text-brand-900">
        Reviews and decision
      </h2>
      <Alert className="mt-2">{error}</Alert>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center sm:gap-6">
        <DecisionControl paperId={paper._id} title={paper.title} decision={paper.decision} />
        <p className="text-sm text-slate-700">{notifiedText(paper.decision, paper.notifiedDecision)}</p>
        {s && s.count > 0 ? (
          <p className="text-sm text-slate-700">
            Mean recommendation {s.mean === null ? null : formatDecimal(s.mean)} (from {s.min} to {s.max})
          </p>
        ) : null}
      </div>
      {paper.cameraReady ? (
        <p className="mt-3 text-sm">
          <a href={paper.cameraReady.pdf} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-700 underline">
            Camera-ready version (PDF)
          </a>
          <span className="text-slate-600"> · uploaded {when(paper.cameraReady.uploadedAt)}</span>
        </p>
      ) : null}

      <h3 className="mt-5 text-lg font-semibold text-brand-900">Reviews</h3>
      {reviews.length === 0 ? <p className="mt-2 text-slate-700">No reviews yet.</p> : null}
      {reviews.length > 0 ? (
        <ScrollBox label="Reviews" className="mt-2">
          <table className="w-full min-w-[48rem] border-collapse text-left text-sm">
            <caption className="sr-only">Reviews of {paper.title}</caption>
            <thead>
              <tr className="border-b border-slate-300 text-slate-700">
                <th scope="col" className="py-2 pr-3">
                  Reviewer
                </th>
                <th scope="col" className="py-2 pr-3">
                  Recommendation
                </th>
                <th scope="col" className="py-2 pr-3">
                  Confidence
                </th>
                <th scope="col" className="py-2 pr-3">
                  Comments to authors
                </th>
                <th scope="col" className="py-2 pr-3">
                  Comments to editor
                </th>
                <th scope="col" className="py-2 pr-3">
                  Form answers
                </th>
                <th scope="col" className="py-2">
                  Submitted
                </th>
              </tr>
            </thead>
            <tbody>
              {reviews.map((r) => (
                <tr key={r.reviewerId} className={`border-b border-slate-200 align-top${r.counted ? '' : ' bg-slate-50 text-slate-600'}`}>
                  <th scope="row" className="py-2 pr-3 font-medium">
                    {r.name}
                    <br />
                    <span className="break-all font-normal text-slate-600">{r.email}</span>
                    {/* docs/product.md#assignments-declines-and-withdrawals: the reviewer declined after saving it; it is in no summary, chart or mail. */}
                    {r.counted ? null : (
                      <>
                        <br />
                        <span className="font-semibold text-red-800">Declined: not counted</span>
                      </>
                    )}
                  </th>
                  <td className="py-2 pr-3">
                    {words(RECOMMENDATIONS, r.recommendation)} ({r.recommendation})
                  </td>
                  <td className="py-2 pr-3">
                    {words(CONFIDENCES, r.confidence)} ({r.confidence})
                  </td>
                  <td className="whitespace-pre-wrap py-2 pr-3">{r.commentsToAuthors}</td>
                  <td className="whitespace-pre-wrap py-2 pr-3">{r.commentsToEditor || <span className="text-slate-500">None</span>}</td>
                  <td className="py-2 pr-3">
                    <Answers answers={r.answers} />
                  </td>
                  <td className="py-2">{when(r.submittedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      ) : null}

      <ReviewHistories paperId={paper._id} reviews={reviews} />
      <h3 className="mt-5 text-lg font-semibold text-brand-900">Conflicts of interest</h3>
      {conflicts.length === 0 ? <p className="mt-2 text-slate-700">No reviewer is in conflict with this paper.</p> : null}
      {conflicts.length > 0 ? (
        <ul aria-label="Conflicts of interest" className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-800">
          {conflicts.map((c) => (
            <li key={`${c.reviewerId}-${c.reason}`}>
              <span className="font-medium">
                {nameOf(c) ?? (
                  <>
                    Reviewer <span className="font-mono text-xs">{c.reviewerId}</span>
                  </>
                )}
              </span>
              {c.email ? <span className="text-slate-600"> ({c.email})</span> : null}:{' '}
              {CONFLICT_WORDS[c.reason as ConflictReason] ?? c.reason}
              {c.explanation ? <span className="text-slate-600"> — {c.explanation}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
