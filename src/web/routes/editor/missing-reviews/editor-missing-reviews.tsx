import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link, useFetcher, useNavigation } from 'react-router';
import { toast } from 'sonner';
import type { MissingReviewJson } from '../../../../core/schemas/missing-reviews';
import { getMissingReviewsUpTo, remindReviewers } from '../../../api/review-desk';
import { DeadlineTime } from '../../../components/deadline-time';
import { CONFERENCE_ZONE_NAME, formatDateTime } from '../../../lib/format';
import { actOr, jsonBody, loadOr, pagesShown, revalidateAfterSuccess, useShowMore } from '../../../lib/route-data';
import { ExportLinks } from '../../../components/export-links';
import { requireRole } from '../../../lib/session';
import { Button } from '../../../components/ui/button';
import type { Route } from './+types/editor-missing-reviews';
import { appTitle } from '../../../lib/seo';

export const meta = () => [{ title: appTitle('Missing reviews') }];

const PAGE = 50;

/** How many pages are shown (?pages=) lives in the URL; the pages follow the answer's cursor. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireRole('Editor');
  const pages = pagesShown(new URL(request.url).searchParams);
  return { pages, ...(await loadOr(getMissingReviewsUpTo(PAGE * pages), 'Could not load the missing reviews. Please try again.')) };
}

type Body = { reviewerId: string } | { all: true };

/** One reminder (a reviewer) or all of them; the list is read again after, for its "last reminded". */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const body = await jsonBody<Body>(request);
  return actOr(remindReviewers(body), 'Could not send the reminder. Please try again.');
}

export { RouteError as ErrorBoundary } from '../../../lib/route-data';
export const shouldRevalidate = revalidateAfterSuccess;

/** Whether the box is narrower than what it holds: the cue to scroll sideways shows only then. */
function useScrollsSideways(ref: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const check = () => setScrolls(el.scrollWidth > el.clientWidth + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}

const STATE_WORDS: Record<MissingReviewJson['state'], string> = { Sent: 'Sent, not answered', Accepted: 'Accepted, not reviewed' };

function LastReminded({ row }: { row: MissingReviewJson }) {
  if (!row.lastRemindedAt) return <span className="text-slate-600">Never</span>;
  return (
    <>
      {formatDateTime(row.lastRemindedAt)}
      <br />
      <span className="text-slate-600">{row.lastReminder === 'automatic' ? 'automatic reminder' : 'by an editor'}</span>
    </>
  );
}

/**
 * Missing reviews (docs/product.md#assignments-declines-and-withdrawals): the assignments still waiting for a review, oldest first, with a reminder per reviewer (one mail
 * listing all their missing reviews) and one for everybody. A track chair sees their tracks' papers only.
 */
export default function EditorMissingReviews({ loaderData }: Route.ComponentProps) {
  const { pages, assignments, nextCursor, total, reviewers } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/editor/missing-reviews';
  const more = useShowMore(pages);
  const fetcher = useFetcher<typeof clientAction>();
  const busy = fetcher.state !== 'idle' ? ((fetcher.json as unknown as Body | undefined) ?? null) : null;
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  useEffect(() => {
    if (!result) return;
    if (!result.ok) toast.error(result.error);
    else if (result.data.result === 'outbox') toast.warning(result.data.message);
    else toast.success(result.data.message);
  }, [result]);

  const box = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(box);
  const remind = (body: Body) => fetcher.submit(body, { method: 'post', encType: 'application/json' });
  const deadline = assignments[0]?.reviewDeadline ?? null;
  const passed = assignments[0]?.deadlinePassed ?? false;

  return (
    <div>
      <Link to="/editor/dashboard" className="text-sm font-semibold text-brand-700 underline">
        ← Research Papers
      </Link>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h1 className="text-2xl font-bold text-brand-900">Missing reviews</h1>
        {total > 0 ? (
          <Button size="sm" onClick={() => remind({ all: true })} disabled={busy !== null}>
            {busy && 'all' in busy ? 'Sending reminders…' : `Remind all (${reviewers === 1 ? '1 reviewer' : `${reviewers} reviewers`})`}
          </Button>
        ) : null}
      </div>
      <p className="mt-2 max-w-3xl text-slate-700">
        Papers assigned to a reviewer who has not declined and has not saved a review, the oldest assignment first. A reminder is one e-mail
        to the reviewer listing every review they owe on your papers.
      </p>
      {total > 0 ? (
        <p className="mt-2 text-slate-800" aria-live="polite">
          <span className="font-semibold">{total === 1 ? '1 review is missing' : `${total} reviews are missing`}</span>
          {` from ${reviewers === 1 ? '1 reviewer' : `${reviewers} reviewers`}. `}
          {deadline ? (
            <>
              Review deadline: <DeadlineTime iso={deadline} className="" />
              {passed ? <span className="font-semibold text-red-800"> (passed)</span> : null}.
            </>
          ) : (
            'No review deadline is set.'
          )}
        </p>
      ) : (
        <p className="mt-6 text-slate-700">No reviews are missing: every assigned reviewer has saved a review or declined.</p>
      )}

      {assignments.length > 0 ? (
        <>
          {scrolls ? <p className="mt-4 text-sm font-medium text-slate-700">Scroll the table sideways to see every column →</p> : null}
          <div
            ref={box}
            tabIndex={0}
            role="region"
            aria-label="Missing reviews (the table scrolls sideways on a narrow screen)"
            className={`relative overflow-x-auto rounded-xl border border-slate-200 bg-white ${scrolls ? 'mt-1 shadow-[inset_-12px_0_10px_-10px_rgba(15,23,42,0.35)]' : 'mt-4'}`}
          >
            <table className="w-full min-w-[62rem] border-collapse text-left text-sm">
              <caption className="sr-only">Assignments without a review, the oldest first</caption>
              <thead>
                <tr className="border-b border-slate-300 bg-slate-50 text-slate-700">
                  <th scope="col" className="px-3 py-2">
                    Paper
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Track
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Reviewer
                  </th>
                  <th scope="col" className="px-3 py-2">
                    State
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Sent <span className="font-normal">({CONFERENCE_ZONE_NAME})</span>
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Deadline
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Last reminded
                  </th>
                  <th scope="col" className="px-3 py-2">
                    <span className="sr-only">Reminder</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {assignments.map((a) => (
                  <tr key={`${a.paperId}-${a.reviewerId}`} className="border-b border-slate-200 align-top last:border-b-0">
                    <th scope="row" className="px-3 py-2 font-normal">
                      <Link
                        to={`/editor/view-more/${a.paperId}`}
                        className="font-semibold text-brand-800 underline-offset-2 hover:underline"
                      >
                        {a.title}
                      </Link>
                      <br />
                      <span className="text-xs text-slate-600">Paper ID: {a.paperId}</span>
                    </th>
                    <td className="px-3 py-2">{a.track}</td>
                    <td className="px-3 py-2">
                      {a.reviewerName}
                      <br />
                      <span className="break-all text-slate-600">{a.reviewerEmail}</span>
                    </td>
                    <td className="px-3 py-2">{STATE_WORDS[a.state]}</td>
                    <td className="px-3 py-2">{formatDateTime(a.sentAt)}</td>
                    <td className="px-3 py-2">
                      {a.reviewDeadline ? formatDateTime(a.reviewDeadline) : <span className="text-slate-600">None set</span>}
                      {a.deadlinePassed ? (
                        <>
                          <br />
                          <span className="font-semibold text-red-800">Passed</span>
                        </>
                      ) : null}
                    </td>
                    <td className="px-3 py-2">
                      <LastReminded row={a} />
                    </td>
                    <td className="px-3 py-2 text-right">
                      <Button
                        variant="secondary"
                        size="sm"
                        disabled={busy !== null}
                        onClick={() => remind({ reviewerId: a.reviewerId })}
                        aria-label={`Remind ${a.reviewerName} of every review they owe`}
                      >
                        {busy && 'reviewerId' in busy && busy.reviewerId === a.reviewerId ? 'Sending…' : 'Remind'}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
      {nextCursor ? (
        <Button variant="quiet" size="sm" className="mt-4" disabled={loading} onClick={more}>
          {loading ? 'Loading…' : 'Show more'}
        </Button>
      ) : null}
      <div className="mt-8">
        <ExportLinks names={['assignments']} title="Download every assignment as CSV" more />
      </div>
    </div>
  );
}
