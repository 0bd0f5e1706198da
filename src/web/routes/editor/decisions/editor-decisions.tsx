import { useEffect, useMemo, useRef, useState } from 'react';
import { MailPreviewCard } from '../../../components/mail-preview-card';
import { Link, useFetcher, type ShouldRevalidateFunctionArgs } from 'react-router';
import { decisionsPassedOn, decisionsToldLine, type MailCounts } from '../../../../core/mail-states';
import type { Decision } from '../../../../core/schemas/review-cycle';
import { getRegisteredByPaper, remindRegistration } from '../../../api/programme';
import { getEditorPapersUpTo } from '../../../api/assignment';
import { listMails } from '../../../api/editor-desk';
import { notifyAuthors, setDecision } from '../../../api/review';
import { DecisionControl, type DecisionBody } from '../../../components/editor-decision-control';
import { PaperStateBadge } from '../../../components/status-badge';
import { actOr, jsonBody, loadOr, loadPart, revalidateAfterSuccess, type ActionResult } from '../../../lib/route-data';
import { ExportLinks } from '../../../components/export-links';
import { formatScore } from '../../../lib/format';
import { requireRole } from '../../../lib/session';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { cardClass } from '../../../components/ui/card';
import { ChairConflictNote, inTrack, isChair, loadTrackChoices, TrackFilter } from '../shared/track-filter';
import type { Route } from './+types/editor-decisions';
import { appTitle } from '../../../lib/seo';

export const meta = () => [{ title: appTitle('Decisions') }];

type Filter = 'All' | 'Undecided' | Decision | 'Accepted, not registered';
const FILTERS: Filter[] = ['All', 'Undecided', 'Accepted', 'Rejected', 'Revision', 'Accepted, not registered'];
type Sort = 'newest' | 'mean-desc' | 'mean-asc';
type Mail = { to: string; subject: string; text: string };

const DECISION_MAILS = 'decisionAccepted,decisionRejected,decisionRevision';

/**
 * Every paper (page after page, 200 a page) and who has registered (decision 0017; its failure shows only under its
 * filter). A track chair gets their tracks' papers and no registrations (the editor's: decision 0023). The editor
 * also reads what became of the decision e-mails (decision 0041; a chair has no mail log).
 */
export async function clientLoader() {
  const chair = isChair(requireRole('Editor'));
  const [{ papers }, registrations, decisionMails] = await Promise.all([
    loadOr(getEditorPapersUpTo({ count: Infinity }), 'Could not load the papers. Please try again.'),
    chair ? { data: null, error: null } : loadPart(getRegisteredByPaper(), null, 'Could not load the registrations. Please try again.'),
    chair ? { data: null } : loadPart(listMails({ template: DECISION_MAILS, limit: 1 }), null),
  ]);
  const tracks = await loadTrackChoices(chair, papers);
  const mailCounts: MailCounts | null = decisionMails.data?.counts ?? null;
  return { chair, tracks, papers, registered: registrations.data, registrationsError: registrations.error, mailCounts };
}

type Body = { intent: 'preview' } | { intent: 'send' } | { intent: 'remind'; paperIds: string[] } | DecisionBody;

/** The preview (a dry run), the sending, the registration reminders and each paper's decision. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const body = await jsonBody<Body>(request);
  switch (body.intent) {
    case 'preview':
      return actOr(notifyAuthors({ dryRun: true }), 'Could not prepare the preview. Please try again.', body.intent);
    case 'send':
      return actOr(notifyAuthors({}), 'Could not send the notifications. Please try again.', body.intent);
    case 'remind':
      return actOr(remindRegistration(body.paperIds), 'Could not send the reminders. Please try again.', body.intent);
    case 'decision':
      return actOr(setDecision(body.paperId, body.decision), 'Could not save the decision. Please try again.', body.intent);
  }
}

/** A preview or a reminder changes no paper: the list is not read again after them. */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  const intent = (args.actionResult as ActionResult<unknown> | undefined)?.intent;
  if (intent === 'preview' || intent === 'remind') return false;
  return revalidateAfterSuccess(args);
}

export { RouteError as ErrorBoundary } from '../../../lib/route-data';

type Notified = { sent: number; skipped: number; mail?: 'queued' | 'outbox'; preview?: Mail[] };

export default function EditorDecisions({ loaderData }: Route.ComponentProps) {
  const { chair, tracks, papers, registered, registrationsError, mailCounts } = loaderData;
  const fetcher = useFetcher<typeof clientAction>();
  const [filter, setFilter] = useState<Filter>('All');
  const [track, setTrack] = useState('');
  const [sort, setSort] = useState<Sort>('mean-desc');
  const [preview, setPreview] = useState<Mail[] | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [dismissed, setDismissed] = useState<unknown>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);

  const busy = fetcher.state !== 'idle' ? ((fetcher.json as unknown as Body | undefined)?.intent ?? 'send') : null;
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  const done = answer?.ok && answer !== dismissed ? answer : undefined;
  const told = done?.intent === 'send' ? (done.data as Notified) : null;
  const result = told
    ? decisionsPassedOn({ papers: told.sent, skipped: told.skipped, mail: told.mail })
    : done?.intent === 'remind'
      ? (done.data as { message: string }).message
      : null;
  // Green only for what was really sent; kept without SMTP or queued reads amber (decision 0041).
  const kept = told?.mail === 'outbox' || (done?.intent === 'remind' && /kept in the outbox/.test(result ?? ''));
  const error = answer && !answer.ok ? answer.error : filter === 'Accepted, not registered' ? registrationsError : null;

  // The server's answer: the preview opens in the dialog; once sent, the confirmation closes.
  useEffect(() => {
    if (!answer?.ok) return;
    if (answer.intent === 'preview') setPreview((answer.data as Notified).preview ?? []);
    if (answer.intent === 'send') setConfirming(false);
  }, [answer]);
  useEffect(() => {
    if (preview) dialog.current?.showModal();
  }, [preview]);
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  const shown = useMemo(() => {
    const list = papers.filter((p) => {
      if (!inTrack(p, track)) return false;
      if (filter === 'All') return true;
      if (filter === 'Undecided') return !p.decision;
      if (filter === 'Accepted, not registered') return p.decision === 'Accepted' && registered !== null && registered[p._id] !== true;
      return p.decision === filter;
    });
    if (sort === 'newest') return list;
    const dir = sort === 'mean-asc' ? 1 : -1;
    // Papers without reviews last, whichever the direction.
    return [...list].sort((a, b) => {
      const ma = a.reviewSummary?.mean ?? null;
      const mb = b.reviewSummary?.mean ?? null;
      if (ma === null || mb === null) return ma === mb ? 0 : ma === null ? 1 : -1;
      return (ma - mb) * dir;
    });
  }, [papers, filter, sort, registered, track]);

  const pending = papers.filter((p) => p.decision && p.decision !== p.notifiedDecision).length;
  const decided = papers.filter((p) => p.decision).length;
  const submit = (body: Body) => fetcher.submit({ ...body }, { method: 'post', encType: 'application/json' });

  return (
    <div>
      <Link to="/editor/dashboard" className="text-sm font-semibold text-brand-700 underline">
        ← Research Papers
      </Link>
      <div className="mt-3 flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
        <h1 className="text-2xl font-bold text-brand-900">Decisions</h1>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => submit({ intent: 'preview' })} disabled={busy !== null}>
            {busy === 'preview' ? 'Preparing…' : 'Preview notifications'}
          </Button>
          <Button
            size="sm"
            onClick={() => {
              setDismissed(fetcher.data);
              setConfirming(true);
            }}
            disabled={busy !== null || confirming}
          >
            Send…
          </Button>
        </div>
      </div>
      <p className="mt-2 text-slate-700">
        {pending === 0
          ? decided === 0
            ? 'No decision taken yet.'
            : decisionsToldLine(chair ? null : mailCounts)
          : `${pending === 1 ? '1 decision is' : `${pending} decisions are`} not yet sent to the authors.`}
      </p>

      {confirming ? (
        <div
          role="alertdialog"
          aria-labelledby="send-title"
          aria-describedby="send-text"
          className="mt-4 max-w-2xl rounded-xl border border-amber-300 bg-amber-50 p-4"
        >
          <h2 id="send-title" className="text-lg font-semibold text-amber-900">
            Send the decisions?
          </h2>
          <p id="send-text" className="mt-1 text-amber-900">
            Each author whose paper has a decision they have not been told yet gets one e-mail with the decision and the reviewers’ comments
            to the authors. This cannot be undone.
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              ref={confirmButton}
              type="button"
              className={buttonClass({ size: 'sm' })}
              onClick={() => submit({ intent: 'send' })}
              disabled={busy !== null}
            >
              {busy === 'send' ? 'Sending…' : 'Send notifications'}
            </button>
            <Button variant="quiet" size="sm" className="bg-white" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
      <p role="status" className={`mt-2 font-semibold ${kept ? 'text-amber-900' : 'text-green-800'}`}>
        {result}
      </p>
      <Alert className="mt-2">{error}</Alert>

      <div className="mt-4 flex flex-wrap items-end gap-4">
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Show</legend>
          <div className="mt-1 flex flex-wrap gap-1">
            {(chair ? FILTERS.filter((f) => f !== 'Accepted, not registered') : FILTERS).map((f) => (
              <button
                key={f}
                type="button"
                aria-pressed={filter === f}
                onClick={() => setFilter(f)}
                className={`rounded-full border px-3 py-1 text-sm font-semibold ${filter === f ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100'}`}
              >
                {f}
              </button>
            ))}
          </div>
        </fieldset>
        <TrackFilter id="decision-track" tracks={tracks} value={track} onChange={setTrack} />
        <div>
          <label htmlFor="decision-sort" className="block text-sm font-medium text-slate-700">
            Sort
          </label>
          <select
            id="decision-sort"
            value={sort}
            onChange={(e) => setSort(e.target.value as Sort)}
            className="mt-1 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
          >
            <option value="mean-desc">Mean score, highest first</option>
            <option value="mean-asc">Mean score, lowest first</option>
            <option value="newest">Newest first</option>
          </select>
        </div>
      </div>

      <p className="mt-4 text-sm text-slate-600" aria-live="polite">
        {shown.length === 1 ? '1 paper' : `${shown.length} papers`}
      </p>
      <ol aria-label="Papers and decisions" className="mt-2 space-y-3">
        {shown.map((p) => {
          const s = p.reviewSummary;
          return (
            <li key={p._id} className={cardClass('shadow-sm md:grid md:grid-cols-[minmax(0,1fr)_15rem_15rem] md:items-center md:gap-4')}>
              <div className="min-w-0">
                {p.chairConflicted ? (
                  <p className="font-semibold text-slate-900">{p.title}</p>
                ) : (
                  <Link to={`/editor/view-more/${p._id}`} className="font-semibold text-brand-800 underline-offset-2 hover:underline">
                    {p.title}
                  </Link>
                )}
                {p.track ? (
                  <p className="mt-1 text-sm text-slate-700">
                    <span className="font-medium">Track:</span> {p.track.name}
                  </p>
                ) : null}
                <p className="mt-1">
                  <PaperStateBadge paper={p} />
                </p>
              </div>
              <p className="mt-2 text-sm text-slate-800 md:mt-0">
                {p.chairConflicted ? (
                  'Reviews hidden: conflict of interest'
                ) : s && s.count > 0 ? (
                  <>
                    {s.count === 1 ? '1 review' : `${s.count} reviews`} · mean <span className="font-semibold">{formatScore(s.mean)}</span>{' '}
                    ·{' '}
                    <span className="whitespace-nowrap">
                      {formatScore(s.min)}–{formatScore(s.max)}
                    </span>
                  </>
                ) : (
                  'No reviews yet'
                )}
                {!p.chairConflicted && p.questionMeans?.length ? (
                  <span className="mt-1 block text-slate-700">
                    {p.questionMeans.map((m) => `${m.label} ${formatScore(m.mean)}`).join(' · ')}
                  </span>
                ) : null}
              </p>
              <div className="mt-2 md:mt-0">
                {p.chairConflicted ? <ChairConflictNote /> : <DecisionControl paperId={p._id} title={p.title} decision={p.decision} />}
              </div>
            </li>
          );
        })}
      </ol>
      {shown.length === 0 ? <p className="mt-2 text-slate-700">No paper matches this filter.</p> : null}
      {filter === 'Accepted, not registered' && shown.length > 0 ? (
        <Button
          size="sm"
          className="mt-3"
          onClick={() => submit({ intent: 'remind', paperIds: shown.map((p) => p._id) })}
          disabled={busy !== null}
        >
          {shown.length === 1
            ? 'Send a registration reminder to this author'
            : `Send a registration reminder to these ${shown.length} authors`}
        </Button>
      ) : null}
      <div className="mt-8">
        <ExportLinks names={['reviews']} title="Download every review as CSV" more />
      </div>

      <dialog
        ref={dialog}
        aria-labelledby="preview-title"
        onClose={() => setPreview(null)}
        className="m-auto max-h-[85vh] w-[min(48rem,calc(100vw-1.5rem))] rounded-xl p-0 backdrop:bg-slate-900/50"
      >
        <div className="sticky top-0 flex items-center justify-between gap-2 border-b border-slate-200 bg-white px-4 py-3">
          <h2 id="preview-title" className="text-lg font-semibold text-brand-900">
            {preview?.length === 1 ? '1 e-mail would be sent' : `${preview?.length ?? 0} e-mails would be sent`}
          </h2>
          <Button variant="quiet" size="sm" onClick={() => dialog.current?.close()}>
            Close
          </Button>
        </div>
        <div className="space-y-4 p-4">
          {preview?.length === 0 ? <p className="text-slate-700">No decision is waiting to be sent: nothing would be sent now.</p> : null}
          {preview?.map((m, i) => (
            <MailPreviewCard key={`${m.to}-${i}`} mail={m} label={`E-mail to ${m.to}: ${m.subject}`} />
          ))}
        </div>
      </dialog>
    </div>
  );
}
