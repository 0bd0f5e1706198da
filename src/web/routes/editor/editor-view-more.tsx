import { useEffect } from 'react';
import { Link, useFetcher } from 'react-router';
import { toast } from 'sonner';
import { isId } from '../../../core/ids';
import { mailFailed, MESSAGES } from '../../../core/messages';
import type { ConflictedReviewerJson } from '../../../core/schemas/editor-stats';
import type { PersonConflictJson } from '../../../core/schemas/accounts';
import type { PaperJson } from '../../../core/schemas/paper';
import type { EditorReviewJson } from '../../../core/schemas/review-cycle';
import type { ReviewerSuggestionJson } from '../../../core/schemas/review';
import { getPersonConflicts } from '../../api/accounts';
import { getConflictedReviewers, getEditorPaper, getReviewerStatuses, getSuggestedReviewers, sendMail, sendPaper } from '../../api/assignment';
import { getPaperReviews, setDecision } from '../../api/review';
import type { DecisionBody } from '../../components/editor-decision-control';
import { EditorReviewPanel } from './editor-review-panel';
import { conflictsByReviewer, PersonConflictNote } from './person-conflict-note';
import { actOr, jsonBody, loadPart } from '../../lib/route-data';
import { requireRole } from '../../lib/session';
import { StatusBadge } from '../../components/status-badge';
import { Button } from '../../components/ui/button';
import { cardClass } from '../../components/ui/card';
import { VerifiedMark } from './verified-mark';
import type { Route } from './+types/editor-view-more';

export const meta = () => [{ title: 'Suggested reviewers | IMSE 2025' }];

/** The paper, its suggested reviewers with what was done for each, the conflicts, and the review panel's reads. */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  requireRole('Editor');
  const { paperId } = params;
  if (!isId(paperId)) {
    return { badId: true, paper: null, reviewers: [], statuses: {}, conflicts: {}, reviews: [], conflicted: [], panelError: null };
  }
  // Each part may fail without hiding the others (SPEC §8: a failed list load is only logged).
  const panel = 'Could not load the reviews. Please try again.';
  const [paper, reviewers, statuses, conflicts, reviews, conflicted] = await Promise.all([
    loadPart<PaperJson | null>(getEditorPaper(paperId), null),
    loadPart<ReviewerSuggestionJson[]>(getSuggestedReviewers(paperId), []),
    loadPart<Record<string, string>>(getReviewerStatuses(paperId).then((list) => Object.fromEntries(list.map((s) => [s.reviewerId, s.status]))), {}),
    loadPart<Record<string, PersonConflictJson[]>>(getPersonConflicts(paperId).then((r) => conflictsByReviewer(r.conflicts)), {}),
    loadPart<EditorReviewJson[]>(getPaperReviews(paperId), [], panel),
    loadPart<ConflictedReviewerJson[]>(getConflictedReviewers(paperId), [], panel),
  ]);
  return {
    badId: false, paper: paper.data, reviewers: reviewers.data, statuses: statuses.data, conflicts: conflicts.data,
    reviews: reviews.data, conflicted: conflicted.data, panelError: reviews.error ?? conflicted.error,
  };
}

type Body =
  | { intent: 'mail' | 'paper'; reviewerId: string; name: string; email: string; paperTitle: string }
  | DecisionBody;

/** Send Mail, Send Paper, and the decision control's change; the loader then reads the statuses again. */
export async function clientAction({ request, params }: Route.ClientActionArgs) {
  const body = await jsonBody<Body>(request);
  const { paperId } = params;
  switch (body.intent) {
    case 'mail': {
      const res = await actOr(sendMail(body.email, { name: body.name, paperTitle: body.paperTitle, paperId, reviewerId: body.reviewerId }), '', body.intent);
      // SPEC §8: whatever went wrong, the editor reads 'Failed to send mail to {email}'.
      return res.ok ? res : { ...res, error: mailFailed(body.email) };
    }
    case 'paper':
      return actOr(sendPaper({ paperId, reviewerId: body.reviewerId }), 'Could not send the paper. Please try again.', body.intent);
    case 'decision':
      return actOr(setDecision(body.paperId, body.decision), 'Could not save the decision. Please try again.', body.intent);
  }
}

export { RouteError as ErrorBoundary, revalidateAfterSuccess as shouldRevalidate } from '../../lib/route-data';

export default function EditorViewMore({ loaderData }: Route.ComponentProps) {
  const { badId, paper, reviewers, statuses, conflicts, reviews, conflicted, panelError } = loaderData;
  const fetcher = useFetcher<typeof clientAction>();
  const pending = fetcher.state !== 'idle' ? (fetcher.json as unknown as Body | undefined) : undefined;
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;

  useEffect(() => { if (badId) toast.error(MESSAGES.badPaperId); }, [badId]);
  // SPEC §8's toasts, once the statuses have been read again.
  useEffect(() => {
    if (!result || (result.intent !== 'mail' && result.intent !== 'paper')) return;
    if (result.ok) toast.success((result.data as { message: string }).message);
    else toast.error(result.error);
  }, [result]);

  const send = (intent: 'mail' | 'paper', r: ReviewerSuggestionJson) =>
    fetcher.submit({ intent, reviewerId: r._id, name: r.name, email: r.email, paperTitle: paper?.title ?? '' }, { method: 'post', encType: 'application/json' });
  const sending = (intent: 'mail' | 'paper', r: ReviewerSuggestionJson) => pending?.intent === intent && pending.reviewerId === r._id;

  return (
    <div>
      <Link to="/editor/dashboard" className="text-sm font-semibold text-brand-700 underline">← Research Papers</Link>
      <h1 className="mt-3 text-2xl font-bold tracking-wide text-brand-900">SUGGESTED REVIEWERS</h1>
      {paper ? (
        <p className="mt-2 text-slate-700">For <span className="font-semibold">{paper.title}</span> · tags: {paper.keywords.join(', ') || 'none'}</p>
      ) : null}
      {paper ? <EditorReviewPanel paper={paper} reviews={reviews} conflicts={conflicted} error={panelError} /> : null}
      {reviewers.length === 0 ? <p className="mt-6 text-slate-700">{MESSAGES.noReviewers}</p> : null}
      <div className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {reviewers.map((r) => (
          <article key={r._id} aria-label={r.name} className={cardClass('flex min-w-0 flex-col shadow-sm')}>
            <div className="flex items-center gap-3">
              <span aria-hidden="true" className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-700 text-xl font-bold text-white">{r.name.charAt(0).toUpperCase()}</span>
              <div className="min-w-0">
                <h2 className="truncate text-lg font-semibold text-brand-900">{r.name}</h2>
                <p className="text-sm text-slate-600">{r.role}</p>
              </div>
              <span className="ml-auto"><StatusBadge status={statuses[r._id] ?? 'Waiting'} /></span>
            </div>
            <dl className="mt-3 space-y-1 text-sm text-slate-700">
              <div><dt className="inline font-medium">Email: </dt><dd className="inline break-all">{r.email}</dd></div>
              <VerifiedMark verified={r.verified} />
              <PersonConflictNote conflicts={conflicts[r._id]} />
              <div><dt className="inline font-medium">Reviewer ID: </dt><dd className="inline break-all font-mono text-xs">{r._id}</dd></div>
              <div><dt className="inline font-medium">Matched tags: </dt><dd className="inline">{r.matchedTags?.join(', ')}</dd></div>
            </dl>
            <div className="mt-4 flex flex-wrap gap-2">
              <Button variant="secondary" size="sm" disabled={pending !== undefined} onClick={() => send('mail', r)}>
                {sending('mail', r) ? 'Sending…' : 'Send Mail'}
              </Button>
              <Button size="sm" disabled={pending !== undefined} onClick={() => send('paper', r)}>
                {sending('paper', r) ? 'Sending…' : 'Send Paper'}
              </Button>
            </div>
          </article>
        ))}
      </div>
    </div>
  );
}
