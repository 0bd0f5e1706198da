import { useEffect, useMemo, useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { toast } from 'sonner';
import type { Bid, BiddingPaperJson } from '../../../core/schemas/review-cycle';
import { getBidding, placeBid } from '../../api/review';
import { TagMultiSelect } from '../../components/tag-multi-select';
import { actOr, jsonBody, loadOr, type ActionResult } from '../../lib/route-data';
import { ApiError } from '../../api/client';
import { Alert } from '../../components/ui/alert';
import { requireRole } from '../../lib/session';
import { Card, cardClass } from '../../components/ui/card';
import type { Route } from './+types/reviewer-bidding';
import { appTitle } from '../../lib/seo';

export const meta = () => [{ title: appTitle('Bid on papers') }];

export async function clientLoader() {
  requireRole('Reviewer');
  try {
    return { papers: await getBidding(), refusal: null };
  } catch (err) {
    // Bidding waits for a verified address (docs/product.md#who-sees-whom): the page says what to do, under its own heading, not as an error.
    if (err instanceof ApiError && err.status === 403) return { papers: [] as BiddingPaperJson[], refusal: err.message };
    return { papers: await loadOr(Promise.reject(err), 'The papers could not be loaded. Please reload the page.'), refusal: null };
  }
}

/** One bid (null takes it back); the server answers with the bid it kept. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const { paperId, bid } = await jsonBody<{ paperId: string; bid: Bid | null }>(request);
  return actOr(placeBid(paperId, bid), 'Your bid could not be saved. Please try again.');
}

export { RouteError as ErrorBoundary, revalidateAfterSuccess as shouldRevalidate } from '../../lib/route-data';

const CHOICES: Array<{ bid: Bid; label: string; on: string }> = [
  { bid: 'eager', label: 'Eager', on: 'border-green-700 bg-green-700 text-white' },
  { bid: 'willing', label: 'Willing', on: 'border-brand-700 bg-brand-700 text-white' },
  { bid: 'not-willing', label: 'Not willing', on: 'border-slate-700 bg-slate-700 text-white' },
  { bid: 'conflict', label: 'Conflict', on: 'border-red-700 bg-red-700 text-white' },
];

/**
 * A paper's four bid buttons, with a fetcher of their own: while a bid is on its way the button shows it
 * (optimistic); a refused bid leaves the loader's bid in place and says why.
 */
function BidButtons({ paper }: { paper: BiddingPaperJson }) {
  const fetcher = useFetcher<ActionResult<{ paperId: string; bid: Bid | null }>>();
  const pending = fetcher.json as { bid: Bid | null } | undefined;
  const current = fetcher.state !== 'idle' && pending ? pending.bid : paper.bid;
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  useEffect(() => {
    if (result && !result.ok) toast.error(result.error);
  }, [result]);
  return (
    <div role="group" aria-label={`Your bid on ${paper.title}`} className="flex flex-wrap gap-2">
      {CHOICES.map((c) => {
        const pressed = current === c.bid;
        return (
          <button
            key={c.bid}
            type="button"
            aria-pressed={pressed}
            onClick={() =>
              fetcher.submit({ paperId: paper._id, bid: pressed ? null : c.bid }, { method: 'post', encType: 'application/json' })
            }
            className={`rounded-md border px-3 py-1.5 text-sm font-semibold ${pressed ? c.on : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'}`}
          >
            {pressed ? <span aria-hidden="true">✓ </span> : null}
            {c.label}
          </button>
        );
      })}
    </div>
  );
}

export default function ReviewerBidding({ loaderData: { papers, refusal } }: Route.ComponentProps) {
  const [tags, setTags] = useState<string[]>([]);
  const [track, setTrack] = useState('');
  const allTags = useMemo(() => [...new Set(papers.flatMap((p) => p.keywords))].sort((a, b) => a.localeCompare(b)), [papers]);
  // The tracks of the papers on offer (decision 0023), by name.
  const tracks = useMemo(
    () =>
      [...new Map(papers.map((p) => [p.track.id, p.track.name]))]
        .map(([id, name]) => ({ id, name }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    [papers],
  );
  const shown = papers.filter(
    (p) => (track === '' || p.track.id === track) && (tags.length === 0 || p.keywords.some((k) => tags.includes(k))),
  );
  const bidCount = papers.filter((p) => p.bid).length;

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <Link to="/reviewer/dashboard" className="text-sm font-semibold text-brand-700 underline">
        ← Papers sent to you
      </Link>
      <div>
        <h1 className="text-2xl font-bold text-brand-900">Bid on papers</h1>
        <p className="mt-1 text-slate-700">
          Tell the editors which papers you want to review. One click saves your bid; a second click on it takes it back. Choose Conflict
          when you know an author.
        </p>
      </div>
      {refusal ? <Alert>{refusal}</Alert> : null}
      {refusal ? null : (
        <>
          <div className={cardClass('grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end')}>
            <TagMultiSelect
              tags={allTags}
              hideChosen
              chipsLabel="Tags filtered by"
              placeholder="Type a tag"
              value={tags}
              onChange={setTags}
              label="Filter by tag"
            />
            {tracks.length > 1 ? (
              <div>
                <label htmlFor="bid-track" className="block text-sm font-medium text-slate-700">
                  Track
                </label>
                <select
                  id="bid-track"
                  value={track}
                  onChange={(e) => setTrack(e.target.value)}
                  className="mt-1 w-full rounded-md border border-slate-300 bg-white px-2 py-2 text-base sm:w-64"
                >
                  <option value="">All tracks</option>
                  {tracks.map((t) => (
                    <option key={t.id} value={t.id}>
                      {t.name}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            <p className={`text-sm text-slate-700 ${tracks.length > 1 ? 'sm:col-span-2' : ''}`} aria-live="polite">
              Showing {shown.length} of {papers.length} {papers.length === 1 ? 'paper' : 'papers'} · {bidCount} with your bid
            </p>
          </div>
          {papers.length === 0 ? <p className="text-slate-700">No paper is open for bidding yet.</p> : null}
          <ul className="space-y-4" aria-label="Papers to bid on">
            {shown.map((paper) => (
              <li key={paper._id}>
                <Card as="article" aria-labelledby={`bid-title-${paper._id}`} className="space-y-3 shadow-sm">
                  <h2 id={`bid-title-${paper._id}`} className="text-lg font-semibold leading-snug text-brand-900">
                    {paper.title}
                  </h2>
                  <p className="text-sm text-slate-700">
                    <span className="font-medium">Track:</span> {paper.track.name}
                  </p>
                  {paper.keywords.length ? (
                    <ul className="flex flex-wrap gap-1.5" aria-label="Keywords">
                      {paper.keywords.map((k) => (
                        <li key={k} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-800">
                          {k}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  <details className="group">
                    <summary className="cursor-pointer text-sm font-semibold text-brand-700">Abstract</summary>
                    <p className="mt-2 whitespace-pre-wrap text-sm text-slate-800">{paper.abstract}</p>
                  </details>
                  <BidButtons paper={paper} />
                </Card>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
