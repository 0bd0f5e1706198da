import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { Bid, BiddingPaperJson } from '../../core/schemas/review-cycle';
import { messageOf } from '../api/client';
import { getBidding, placeBid } from '../api/review-cycle';
import { TagMultiSelect } from '../components/tag-multi-select';
import { isSessionExpired, LOGIN_FIRST, requireRole } from '../components/session';
import { useApi } from '../components/use-api';

export const meta = () => [{ title: 'Bid on papers | IMSE 2025' }];
export const clientLoader = () => requireRole('Reviewer');

const CHOICES: Array<{ bid: Bid; label: string; on: string }> = [
  { bid: 'eager', label: 'Eager', on: 'border-green-700 bg-green-700 text-white' },
  { bid: 'willing', label: 'Willing', on: 'border-brand-700 bg-brand-700 text-white' },
  { bid: 'not-willing', label: 'Not willing', on: 'border-slate-700 bg-slate-700 text-white' },
  { bid: 'conflict', label: 'Conflict', on: 'border-red-700 bg-red-700 text-white' },
];

function BidButtons({ paper, onBid }: { paper: BiddingPaperJson; onBid: (bid: Bid | null) => void }) {
  return (
    <div role="group" aria-label={`Your bid on ${paper.title}`} className="flex flex-wrap gap-2">
      {CHOICES.map((c) => {
        const pressed = paper.bid === c.bid;
        return (
          <button key={c.bid} type="button" aria-pressed={pressed} onClick={() => onBid(pressed ? null : c.bid)}
            className={`rounded-md border px-3 py-1.5 text-sm font-semibold ${pressed ? c.on : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'}`}>
            {pressed ? <span aria-hidden="true">✓ </span> : null}{c.label}
          </button>
        );
      })}
    </div>
  );
}

export default function ReviewerBidding() {
  const navigate = useNavigate();
  const list = useApi(getBidding, []);
  const [tags, setTags] = useState<string[]>([]);
  // Bids placed on this page, over the loaded list, so an answer arriving late never undoes another bid.
  const [bids, setBids] = useState<Record<string, Bid | null>>({});
  const papers = useMemo(() => (list.data ?? []).map((p) => (p._id in bids ? { ...p, bid: bids[p._id] ?? null } : p)), [list.data, bids]);
  const allTags = useMemo(() => [...new Set(papers.flatMap((p) => p.keywords))].sort((a, b) => a.localeCompare(b)), [papers]);
  const shown = tags.length ? papers.filter((p) => p.keywords.some((k) => tags.includes(k))) : papers;
  const bidCount = papers.filter((p) => p.bid).length;

  // Optimistic: the button shows the bid at once; an error puts the previous bid back and says why.
  const bidOn = async (paper: BiddingPaperJson, bid: Bid | null) => {
    const before = paper.bid;
    setBids((b) => ({ ...b, [paper._id]: bid }));
    try {
      await placeBid(paper._id, bid);
    } catch (err) {
      if (isSessionExpired(err)) { navigate(LOGIN_FIRST); return; }
      setBids((b) => (b[paper._id] === bid ? { ...b, [paper._id]: before } : b));
      toast.error(messageOf(err, 'Your bid could not be saved. Please try again.'));
    }
  };

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <Link to="/reviewer/dashboard" className="text-sm font-semibold text-brand-700 underline">← Papers sent to you</Link>
      <div>
        <h1 className="text-2xl font-bold text-brand-900">Bid on papers</h1>
        <p className="mt-1 text-slate-700">Tell the editors which papers you want to review. One click saves your bid; a second click on it takes it back. Choose Conflict when you know an author.</p>
      </div>
      {list.error ? <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-red-800">{messageOf(list.error, 'The papers could not be loaded. Please reload the page.')}</p> : null}
      {list.loading && !list.data ? <p className="text-slate-600">Loading papers…</p> : null}
      {list.data ? (
        <>
          <div className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-[1fr_auto] sm:items-end">
            <TagMultiSelect tags={allTags} hideChosen chipsLabel="Tags filtered by" placeholder="Type a tag" value={tags} onChange={setTags} label="Filter by tag" />
            <p className="text-sm text-slate-700" aria-live="polite">
              Showing {shown.length} of {papers.length} {papers.length === 1 ? 'paper' : 'papers'} · {bidCount} with your bid
            </p>
          </div>
          {papers.length === 0 ? <p className="text-slate-700">No paper is open for bidding yet.</p> : null}
          <ul className="space-y-4" aria-label="Papers to bid on">
            {shown.map((paper) => (
              <li key={paper._id}>
                <article aria-labelledby={`bid-title-${paper._id}`} className="space-y-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                  <h2 id={`bid-title-${paper._id}`} className="text-lg font-semibold leading-snug text-brand-900">{paper.title}</h2>
                  {paper.keywords.length ? (
                    <ul className="flex flex-wrap gap-1.5" aria-label="Keywords">
                      {paper.keywords.map((k) => <li key={k} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-800">{k}</li>)}
                    </ul>
                  ) : null}
                  <details className="group">
                    <summary className="cursor-pointer text-sm font-semibold text-brand-700">Abstract</summary>
                    <p className="mt-2 whitespace-pre-wrap text-sm text-slate-800">{paper.abstract}</p>
                  </details>
                  <BidButtons paper={paper} onBid={(bid) => bidOn(paper, bid)} />
                </article>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
