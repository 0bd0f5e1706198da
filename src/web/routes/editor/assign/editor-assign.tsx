import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { PAPERS_PER_REVIEWER, REVIEWERS_PER_PAPER } from '../../../../core/assignment/score';
import { AutoAssignBody, type AutoAssignJson } from '../../../../core/schemas/assignment';
import { autoAssign, getAllReviewers, getEditorPapersUpTo } from '../../../api/assignment';
import { getSettings } from '../../../api/review';
import { formatCount } from '../../../lib/format';
import { actOr, jsonBody, loadOr, revalidateAfterSuccess } from '../../../lib/route-data';
import { requireRole } from '../../../lib/session';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ScrollBox } from '../shared/scroll-box';
import { isChair, loadTrackChoices, TrackFilter, type TrackChoice } from '../shared/track-filter';
import type { Route } from './+types/editor-assign';
import { appTitle } from '../../../lib/seo';

export const meta = () => [{ title: appTitle('Automatic assignment') }];

const PAGE = 30;
type Pair = AutoAssignJson['assignments'][number];
interface PaperGroup {
  paperId: string;
  pairs: Pair[];
  missing: number;
}

const BID_LABEL: Record<string, string> = { eager: 'Eager', willing: 'Willing' };

type PaperName = { title: string; track: TrackChoice | null };

/**
 * The reviewers' and papers' names (and tracks), read once for the tables (the answer carries ids), and the saved
 * limits the fields start from. A track chair may not read the settings (decision 0023): their fields start empty,
 * and an empty field means the editor's saved limit.
 */
async function loadPage(chair: boolean): Promise<{
  papers: Map<string, PaperName>;
  reviewers: Map<string, string>;
  tracks: TrackChoice[];
  limits: { perPaper: number; perReviewer: number } | null;
}> {
  const [papers, reviewers, settings] = await Promise.all([
    getEditorPapersUpTo({ count: Infinity }).then((r) => r.papers),
    getAllReviewers(),
    chair ? null : getSettings(),
  ]);
  return {
    papers: new Map(papers.map((p) => [p._id, { title: p.title, track: p.track ?? null }])),
    reviewers: new Map(reviewers.map((r) => [r._id, r.name])),
    tracks: await loadTrackChoices(chair, papers),
    limits: settings ? { perPaper: settings.reviewersPerPaper, perReviewer: settings.maxPapersPerReviewer } : null,
  };
}

/** The papers' and reviewers' names the tables show (the assignment's answer carries ids), and the settings' limits (docs/product.md#the-review-cycle). */
export async function clientLoader() {
  const chair = isChair(requireRole('Editor'));
  return { chair, ...(await loadOr(loadPage(chair), 'The papers and reviewers could not be loaded. Please try again.')) };
}

/** Preview (apply: false) or apply the assignment; the limits are checked by the contract's schema first. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const body = await jsonBody<{ reviewersPerPaper?: number | null; maxPapersPerReviewer?: number | null; apply: boolean }>(request);
  const intent = body.apply ? 'apply' : 'preview';
  const parsed = AutoAssignBody.safeParse(body);
  if (!parsed.success) return { ok: false as const, intent, error: parsed.error.issues[0]?.message ?? 'Check the limits' };
  return actOr(autoAssign(parsed.data), 'The assignment could not be computed', intent);
}

export { RouteError as ErrorBoundary } from '../../../lib/route-data';
/** A preview changes nothing: the names are read again only after an assignment is applied. */
export const shouldRevalidate: typeof revalidateAfterSuccess = (args) =>
  (args.actionResult as { intent?: string } | undefined)?.intent === 'preview' ? false : revalidateAfterSuccess(args);

export default function EditorAssign({ loaderData: page }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof clientAction>();
  const [perPaper, setPerPaper] = useState(page.limits ? String(page.limits.perPaper) : '');
  const [perReviewer, setPerReviewer] = useState(page.limits ? String(page.limits.perReviewer) : '');
  const [track, setTrack] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [filter, setFilter] = useState('');
  const [shown, setShown] = useState(PAGE);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const summaryRef = useRef<HTMLHeadingElement>(null);
  const busy = fetcher.state === 'idle' ? null : (fetcher.json as { apply?: boolean } | undefined)?.apply ? 'apply' : 'preview';
  // The last answer: a preview, an applied assignment, or the message why neither.
  const answer = fetcher.data;
  const error = answer && !answer.ok && fetcher.state === 'idle' ? answer.error : null;
  const result: AutoAssignJson | null = answer?.ok && answer.intent === 'preview' ? answer.data : null;
  const applied: AutoAssignJson | null = answer?.ok && answer.intent === 'apply' ? answer.data : null;
  useEffect(() => {
    if (!answer?.ok) return;
    setShown(PAGE);
    requestAnimationFrame(() => summaryRef.current?.focus());
  }, [answer]);

  const run = (apply: boolean) => {
    setConfirming(false);
    // An empty field: a message for the editor (who sees the saved values), the saved limit for a chair (left out).
    const limit = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));
    const body: Record<string, number | boolean> = { apply };
    if (page.limits || perPaper.trim()) body.reviewersPerPaper = limit(perPaper);
    if (page.limits || perReviewer.trim()) body.maxPapersPerReviewer = limit(perReviewer);
    fetcher.submit(body, { method: 'post', encType: 'application/json' });
  };

  const groups = useMemo<PaperGroup[]>(() => {
    if (!result) return [];
    const byPaper = new Map<string, PaperGroup>();
    for (const u of result.unfilled) byPaper.set(u.paperId, { paperId: u.paperId, pairs: [], missing: u.missing });
    for (const a of result.assignments) {
      const g = byPaper.get(a.paperId) ?? { paperId: a.paperId, pairs: [], missing: 0 };
      g.pairs.push(a);
      byPaper.set(a.paperId, g);
    }
    return [...byPaper.values()].sort((a, b) => b.missing - a.missing || (a.paperId < b.paperId ? -1 : 1));
  }, [result]);

  const visible = useMemo(() => {
    const q = filter.trim().toLowerCase();
    const ofTrack = track ? groups.filter((g) => page.papers.get(g.paperId)?.track?.id === track) : groups;
    if (!q) return ofTrack;
    return ofTrack.filter((g) =>
      [
        g.paperId,
        page.papers.get(g.paperId)?.title ?? '',
        page.papers.get(g.paperId)?.track?.name ?? '',
        ...g.pairs.flatMap((p) => [p.reviewerId, page.reviewers.get(p.reviewerId) ?? '', ...p.sharedTags, p.bid ?? '']),
      ].some((s) => s.toLowerCase().includes(q)),
    );
  }, [groups, filter, page, track]);

  const input = 'mt-1 w-28 rounded-md border border-slate-400 px-3 py-2';
  return (
    <div className="space-y-8">
      <div>
        <Link to="/editor/dashboard" className="text-sm font-semibold text-brand-700 underline">
          ← Research Papers
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-brand-900">Automatic assignment</h1>
        <p className="mt-2 max-w-3xl text-slate-700">
          Proposes reviewers for every submitted paper: as many new pairs as the limits allow, then the highest total score (10 per shared
          tag, 20 for an eager bid, 10 for a willing one). Conflicted, not-willing and declined pairs are never proposed; papers already
          sent count toward both limits.
        </p>
      </div>

      <form
        className="flex flex-wrap items-end gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          run(false);
        }}
      >
        <label className="block text-sm font-semibold">
          Reviewers per paper
          <input
            className={`${input} block`}
            type="number"
            inputMode="numeric"
            min={REVIEWERS_PER_PAPER.min}
            max={REVIEWERS_PER_PAPER.max}
            required={page.limits !== null}
            placeholder={page.limits ? undefined : 'Saved'}
            aria-describedby={page.limits ? undefined : 'limits-hint'}
            value={perPaper}
            onChange={(e) => setPerPaper(e.target.value)}
          />
        </label>
        <label className="block text-sm font-semibold">
          Most papers per reviewer
          <input
            className={`${input} block`}
            type="number"
            inputMode="numeric"
            min={PAPERS_PER_REVIEWER.min}
            max={PAPERS_PER_REVIEWER.max}
            required={page.limits !== null}
            placeholder={page.limits ? undefined : 'Saved'}
            aria-describedby={page.limits ? undefined : 'limits-hint'}
            value={perReviewer}
            onChange={(e) => setPerReviewer(e.target.value)}
          />
        </label>
        <Button type="submit" disabled={busy !== null}>
          Preview
        </Button>
        <Button
          variant="secondary"
          disabled={busy !== null || !result || result.assignments.length === 0}
          onClick={() => {
            setConfirming(true);
            requestAnimationFrame(() => confirmRef.current?.focus());
          }}
        >
          Apply…
        </Button>
        {page.limits ? null : (
          <p id="limits-hint" className="w-full text-sm text-slate-600">
            Leave a limit empty to use the one the editor saved. Only the papers of your tracks are assigned.
          </p>
        )}
      </form>

      {confirming && result ? (
        <div
          role="alertdialog"
          aria-labelledby="confirm-title"
          aria-describedby="confirm-text"
          className="max-w-2xl rounded-xl border border-amber-300 bg-amber-50 p-4"
        >
          <h2 id="confirm-title" className="font-bold text-amber-900">
            Assign these reviewers?
          </h2>
          <p id="confirm-text" className="mt-1 text-amber-900">
            {formatCount(result.stats.assigned)} papers will be sent to their reviewers (status Sent), as Send Paper does. The assignment is
            computed again when you confirm.
          </p>
          <div className="mt-3 flex gap-3">
            <button ref={confirmRef} type="button" className={buttonClass()} onClick={() => run(true)}>
              Assign {formatCount(result.stats.assigned)} pairs
            </button>
            <Button variant="quiet" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}

      <div aria-live="polite" className="min-h-6">
        {busy ? (
          <div className="flex items-center gap-3">
            <progress className="h-2 w-48" aria-label={busy === 'apply' ? 'Assigning' : 'Computing the assignment'} />
            <span>{busy === 'apply' ? 'Assigning…' : 'Computing the assignment…'}</span>
          </div>
        ) : null}
      </div>
      <Alert>{error}</Alert>

      {applied ? (
        <section aria-labelledby="applied-heading" className="rounded-xl border border-green-300 bg-green-50 p-4">
          <h2 id="applied-heading" ref={summaryRef} tabIndex={-1} className="font-bold text-green-900">
            {formatCount(applied.stats.assigned)} pairs assigned
          </h2>
          <p className="mt-1 text-green-900">
            Each paper's page now shows its reviewers as Sent; the reviewers see the papers on their dashboards.
            {applied.unfilled.length ? ` ${formatCount(applied.unfilled.length)} papers still lack reviewers.` : ''}
          </p>
        </section>
      ) : null}

      {result ? (
        <section aria-labelledby="summary-heading" className="space-y-4">
          <h2 id="summary-heading" ref={summaryRef} tabIndex={-1} className="text-xl font-bold text-brand-900">
            Preview
          </h2>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {[
              ['Papers', result.stats.papers],
              ['Reviewers', result.stats.reviewers],
              ['New pairs', result.stats.assigned],
              ['Total score', result.stats.totalScore],
              ['Papers lacking reviewers', result.unfilled.length],
              ['Most pairs possible', result.stats.bound?.pairs ?? '—'],
              ['Best score possible', result.stats.bound?.totalScore ?? '—'],
              ['Computed in', `${(result.stats.ms / 1000).toFixed(1)} s`],
            ].map(([k, v]) => (
              <div key={k} className="rounded-lg border border-slate-200 bg-white p-3">
                <dt className="text-sm text-slate-600">{k}</dt>
                <dd className="text-lg font-semibold">{typeof v === 'number' ? formatCount(v) : v}</dd>
              </div>
            ))}
          </dl>
          <div className="flex flex-wrap items-end gap-4">
            <label className="block w-full max-w-md text-sm font-semibold">
              Filter by paper, reviewer, tag or bid
              <input
                type="search"
                className="mt-1 block w-full rounded-md border border-slate-400 px-3 py-2"
                value={filter}
                onChange={(e) => {
                  setFilter(e.target.value);
                  setShown(PAGE);
                }}
              />
            </label>
            <TrackFilter
              id="assign-track"
              tracks={page.tracks}
              value={track}
              onChange={(v) => {
                setTrack(v);
                setShown(PAGE);
              }}
            />
          </div>
          <p className="text-sm text-slate-700" aria-live="polite">
            {formatCount(visible.length)} papers{filter || track ? ' match' : ''}; papers lacking reviewers first.
          </p>
          <ul className="space-y-4" aria-label="Papers and proposed reviewers">
            {visible.slice(0, shown).map((g) => (
              <Card as="li" key={g.paperId}>
                <h3 className="font-semibold text-brand-900">
                  <Link to={`/editor/view-more/${g.paperId}`} className="underline">
                    {page.papers.get(g.paperId)?.title ?? g.paperId}
                  </Link>
                </h3>
                {page.papers.get(g.paperId)?.track ? (
                  <p className="text-sm text-slate-700">
                    <span className="font-medium">Track:</span> {page.papers.get(g.paperId)!.track!.name}
                  </p>
                ) : null}
                {g.missing ? (
                  <p className="text-sm font-semibold text-amber-800">
                    Lacks {g.missing} reviewer{g.missing > 1 ? 's' : ''}
                  </p>
                ) : null}
                {g.pairs.length ? (
                  // The table may be wider than a phone: its box scrolls with a visible cue, and takes the keyboard's focus.
                  <ScrollBox className="mt-2" label={`Proposed reviewers for ${page.papers.get(g.paperId)?.title ?? g.paperId}`}>
                    <table className="w-full min-w-[28rem] text-left text-sm">
                      <caption className="sr-only">Proposed reviewers for {page.papers.get(g.paperId)?.title ?? g.paperId}</caption>
                      <thead>
                        <tr className="border-b border-slate-300">
                          <th className="py-1 pr-3">Reviewer</th>
                          <th className="py-1 pr-3">Score</th>
                          <th className="py-1 pr-3">Shared tags</th>
                          <th className="py-1">Bid</th>
                        </tr>
                      </thead>
                      <tbody>
                        {g.pairs.map((p) => (
                          <tr key={p.reviewerId} className="border-b border-slate-100">
                            <td className="py-1 pr-3">{page.reviewers.get(p.reviewerId) ?? p.reviewerId}</td>
                            <td className="py-1 pr-3">{p.score}</td>
                            <td className="py-1 pr-3">{p.sharedTags.join(', ') || '—'}</td>
                            <td className="py-1">{p.bid ? (BID_LABEL[p.bid] ?? p.bid) : '—'}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </ScrollBox>
                ) : (
                  <p className="mt-1 text-sm text-slate-700">No eligible reviewer left.</p>
                )}
              </Card>
            ))}
          </ul>
          {visible.length > shown ? (
            <Button variant="quiet" onClick={() => setShown((n) => n + PAGE)}>
              Show {Math.min(PAGE, visible.length - shown)} more papers
            </Button>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
