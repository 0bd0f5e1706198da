import { useState } from 'react';
import type { PaperJson } from '../../../../core/schemas/paper';
import type { AssignedReviewerJson, RankedReviewersJson } from '../../../../core/schemas/ranked-reviewers';
import { RECOMMENDATIONS } from '../../../../core/schemas/review-cycle';
import { PaperStateBadge, StatusBadge } from '../../../components/status-badge';
import { Button } from '../../../components/ui/button';
import { cardClass } from '../../../components/ui/card';
import { formatDate } from '../../../lib/format';
import { ScrollBox } from '../shared/scroll-box';
import { DiscussionPanel, type DiscussionRead } from '../../reviewer/discussion-panel';

const words = (n: number) => RECOMMENDATIONS[n as keyof typeof RECOMMENDATIONS] ?? String(n);

/**
 * The paper whole, as the chair reads it (decision 0025): its state (in the words of docs/product.md#statuses), track, id, dates, PDF,
 * topics and free keywords, abstract, who wrote it, the reviewers' bids and the discussion. `ranked` and
 * `discussion` are absent for a chair conflicted with the paper.
 */
export function PaperDetails({
  paper,
  ranked,
  discussion,
}: {
  paper: PaperJson;
  ranked: RankedReviewersJson | null;
  discussion: DiscussionRead | null;
}) {
  const bids = ranked?.bids;
  return (
    <section aria-labelledby="paper-details-title" className={cardClass('shadow-sm')}>
      <h2 id="paper-details-title" className="text-xl font-semibold text-brand-900">
        The paper
      </h2>
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm text-slate-700 sm:grid-cols-[auto_minmax(0,1fr)]">
        <dt className="font-medium">State</dt>
        <dd>
          <PaperStateBadge paper={paper} />
        </dd>
        <dt className="font-medium">Paper ID</dt>
        <dd className="break-all font-mono text-xs sm:text-sm">{paper._id}</dd>
        <dt className="font-medium">Track</dt>
        <dd>{paper.track?.name ?? '—'}</dd>
        <dt className="font-medium">Submitted</dt>
        <dd>{formatDate(paper.submittedAt)}</dd>
        {paper.withdrawnAt ? (
          <>
            <dt className="font-medium">Withdrawn</dt>
            <dd className="font-semibold text-red-800">{formatDate(paper.withdrawnAt)}: it takes no assignments</dd>
          </>
        ) : null}
        <dt className="font-medium">Topics</dt>
        <dd>{paper.keywords.join(', ') || 'none'}</dd>
        <dt className="font-medium">Free keywords</dt>
        <dd>{paper.freeKeywords?.join(', ') || 'none'}</dd>
        <dt className="font-medium">PDF</dt>
        <dd>
          {paper.pdf ? (
            <a href={paper.pdf} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-700 underline">
              View PDF<span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : (
            'No PDF'
          )}
        </dd>
      </dl>

      <h3 className="mt-4 text-lg font-semibold text-brand-900">Abstract</h3>
      <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-800">{paper.abstract}</p>

      <h3 className="mt-4 text-lg font-semibold text-brand-900">Authors</h3>
      {!ranked && !(paper.coAuthors ?? []).length ? (
        <p className="text-sm text-slate-700">No co-authors listed.</p>
      ) : (
        <ol aria-label="Authors" className="mt-1 list-decimal space-y-1 pl-5 text-sm text-slate-800">
          {ranked ? (
            <li>
              <span className="font-medium">{ranked.submitter.name}</span>{' '}
              <span className="break-all text-slate-600">({ranked.submitter.email})</span>, submitted the paper
            </li>
          ) : null}
          {(paper.coAuthors ?? []).map((c) => (
            <li key={c.email}>
              <span className="font-medium">{c.name}</span> <span className="break-all text-slate-600">({c.email})</span>
              {c.affiliation ? `, ${c.affiliation}` : ''}
            </li>
          ))}
        </ol>
      )}

      {bids ? (
        <>
          <h3 className="mt-4 text-lg font-semibold text-brand-900">Bids</h3>
          <p className="mt-1 text-sm text-slate-800">
            Eager {bids.eager} · Willing {bids.willing} · Not willing {bids.notWilling} · Conflict {bids.conflict}
          </p>
        </>
      ) : null}
      {ranked && discussion ? (
        <div className="mt-4">
          <DiscussionPanel key={paper._id} discussion={discussion} pollPath={`/editor/view-more/${paper._id}/discussion`} />
        </div>
      ) : null}
    </section>
  );
}

/**
 * Everyone the paper is assigned to, with their state, load and review; Unassign (after a confirmation) for
 * those who have not saved a review. The table scrolls inside its box on a phone.
 */
export function AssignedReviewers({
  ranked,
  busy,
  unassigning,
  onUnassign,
}: {
  ranked: RankedReviewersJson;
  busy: boolean;
  unassigning: string | null;
  onUnassign: (r: AssignedReviewerJson) => void;
}) {
  const [confirming, setConfirming] = useState<string | null>(null);
  const { assigned, limits, paperReviewers } = ranked;
  return (
    <section aria-labelledby="assigned-title" className={cardClass('shadow-sm')}>
      <h2 id="assigned-title" className="text-xl font-semibold text-brand-900">
        Assigned reviewers
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {paperReviewers} of {limits.reviewersPerPaper} reviewers (assigned, not declined); each reviewer takes at most{' '}
        {limits.maxPapersPerReviewer} papers.
      </p>
      {assigned.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">Nobody is assigned yet.</p>
      ) : (
        <ScrollBox label="Assigned reviewers" className="mt-2">
          <table className="w-full min-w-[26rem] border-collapse text-left text-sm">
            <caption className="sr-only">Reviewers assigned to this paper</caption>
            <thead>
              <tr className="border-b border-slate-300 text-slate-700">
                <th scope="col" className="py-2 pr-3">
                  Reviewer
                </th>
                <th scope="col" className="py-2 pr-3">
                  State
                </th>
                <th scope="col" className="py-2 pr-3">
                  Load
                </th>
                <th scope="col" className="py-2 pr-3">
                  Review
                </th>
                <th scope="col" className="py-2">
                  <span className="sr-only">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {assigned.map((a) => (
                <tr key={a._id} className="border-b border-slate-200 align-top">
                  <th scope="row" className="py-2 pr-3 font-medium">
                    {a.name}
                    <br />
                    <span className="break-all font-normal text-slate-600">{a.email}</span>
                    {a.conflicted ? (
                      <>
                        <br />
                        <span className="font-semibold text-red-800">Conflict of interest</span>
                      </>
                    ) : null}
                  </th>
                  <td className="py-2 pr-3">
                    <StatusBadge status={a.status} />
                  </td>
                  <td className="py-2 pr-3">
                    {a.load} / {limits.maxPapersPerReviewer}
                  </td>
                  <td className="py-2 pr-3">
                    {a.review
                      ? `${words(a.review.recommendation)} (${a.review.recommendation}), confidence ${a.review.confidence}`
                      : 'No review yet'}
                  </td>
                  <td className="py-2">
                    {a.review ? (
                      <span className="text-slate-600">Reviewed</span>
                    ) : confirming === a._id ? (
                      <div className="flex flex-col gap-1">
                        <span>Unassign {a.name}? They are told by e-mail.</span>
                        <span className="flex gap-2">
                          <Button
                            size="sm"
                            variant="danger"
                            disabled={busy}
                            onClick={() => {
                              setConfirming(null);
                              onUnassign(a);
                            }}
                          >
                            Unassign
                          </Button>
                          <Button size="sm" variant="quiet" onClick={() => setConfirming(null)}>
                            Keep
                          </Button>
                        </span>
                      </div>
                    ) : (
                      <Button size="sm" variant="danger" disabled={busy} onClick={() => setConfirming(a._id)}>
                        {unassigning === a._id ? 'Unassigning…' : 'Unassign'}
                        <span className="sr-only"> {a.name}</span>
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
    </section>
  );
}
