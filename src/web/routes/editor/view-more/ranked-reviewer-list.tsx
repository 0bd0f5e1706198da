import { useState } from 'react';
import { paperAtLimit, reviewerAtLimit } from '../../../../core/assignment/messages';
import { reviewerBadge, type MailStateName } from '../../../../core/mail-states';
import type { ConflictedCandidateJson, RankedReviewerJson, RankedReviewersJson } from '../../../../core/schemas/ranked-reviewers';
import { CONFLICT_WORDS } from '../../../../core/schemas/review-cycle';
import { StatusBadge } from '../../../components/status-badge';
import { Button } from '../../../components/ui/button';
import { cardClass } from '../../../components/ui/card';
import { VerifiedMark } from './verified-mark';

/** What a card asks its page to do: Send Mail and Send Paper (with `override` beyond the saved limits). */
export type CardIntent = { intent: 'mail' | 'paper'; reviewer: RankedReviewerJson; override?: boolean };

const BID_WORDS: Record<NonNullable<RankedReviewerJson['bid']>, string> = {
  eager: 'Eager',
  willing: 'Willing',
  'not-willing': 'Not willing',
  conflict: 'Conflict',
};

/**
 * One eligible reviewer (the reviewer card: initial, name, role, e-mail, reviewer id, Send Mail, the status badge,
 * Send Paper), with what ranks them: score, shared topics, bid, and their load against the limit. Send Paper
 * past a limit first says so and offers "Assign anyway".
 */
export function RankedReviewerCard({
  reviewer: r,
  invitationMail,
  limits,
  paperReviewers,
  closed,
  busy,
  sending,
  onAct,
}: {
  reviewer: RankedReviewerJson;
  limits: RankedReviewersJson['limits'];
  paperReviewers: number;
  /** What became of the newest Send Mail to this reviewer: the badge says 'Mail Sent' only once it was delivered. */
  invitationMail?: MailStateName;
  /** The paper takes no assignment (withdrawn). */
  closed: boolean;
  busy: boolean;
  sending: 'mail' | 'paper' | null;
  onAct: (act: CardIntent) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const assigned = r.assignment?.assigned === true;
  const atLimit = r.load >= limits.maxPapersPerReviewer;
  const paperFull = paperReviewers >= limits.reviewersPerPaper;
  const beyond = !assigned && (atLimit || paperFull);
  const why = atLimit
    ? reviewerAtLimit(r.name, r.load, limits.maxPapersPerReviewer)
    : paperAtLimit(paperReviewers, limits.reviewersPerPaper);
  return (
    <article aria-label={r.name} className={cardClass('flex min-w-0 flex-col shadow-sm')}>
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white"
        >
          {r.name.charAt(0).toUpperCase()}
        </span>
        <div className="min-w-0">
          <h3 className="truncate text-base font-semibold text-brand-900">{r.name}</h3>
          <p className="text-sm text-slate-600">Reviewer</p>
        </div>
        <span className="ml-auto">
          <StatusBadge status={reviewerBadge(r.assignment?.status ?? 'Waiting', invitationMail)} />
        </span>
      </div>
      <dl className="mt-3 space-y-1 text-sm text-slate-700">
        <div>
          <dt className="inline font-medium">Email: </dt>
          <dd className="inline break-all">{r.email}</dd>
        </div>
        <VerifiedMark verified={r.verified} />
        <div>
          <dt className="inline font-medium">Reviewer ID: </dt>
          <dd className="inline break-all font-mono text-xs">{r._id}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Score: </dt>
          <dd className="inline font-semibold">{r.score}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Matched tags: </dt>
          <dd className="inline">{r.sharedTopics.join(', ') || 'none'}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Bid: </dt>
          <dd className="inline">{r.bid ? BID_WORDS[r.bid] : 'None'}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Load: </dt>
          <dd className={`inline ${atLimit ? 'font-semibold text-red-800' : ''}`}>
            {r.load} / {limits.maxPapersPerReviewer}
            <span className="sr-only"> papers</span>
            {atLimit ? ' (at the limit)' : ''}
          </dd>
        </div>
        {/* A term and its value, like the rest of the list (axe: a <dl> holds only dt/dd groups). */}
        {r.assignment?.reviewed ? (
          <div>
            <dt className="sr-only">Review: </dt>
            <dd className="font-medium text-green-800">Review saved</dd>
          </div>
        ) : null}
      </dl>
      {confirming ? (
        <div className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <p>{why}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button
              size="sm"
              disabled={busy}
              onClick={() => {
                setConfirming(false);
                onAct({ intent: 'paper', reviewer: r, override: true });
              }}
            >
              Assign anyway
            </Button>
            <Button size="sm" variant="quiet" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" disabled={busy} onClick={() => onAct({ intent: 'mail', reviewer: r })}>
          {sending === 'mail' ? 'Sending…' : 'Send Mail'}
        </Button>
        <Button
          size="sm"
          disabled={busy || assigned || closed}
          title={assigned ? 'Already assigned' : undefined}
          onClick={() => (beyond ? setConfirming(true) : onAct({ intent: 'paper', reviewer: r }))}
        >
          {sending === 'paper' ? 'Sending…' : 'Send Paper'}
        </Button>
      </div>
    </article>
  );
}

/** The reviewers conflicted with the paper, greyed, each with why: never assignable. */
export function ConflictedReviewerList({ conflicted }: { conflicted: ConflictedCandidateJson[] }) {
  if (conflicted.length === 0) return <p className="mt-2 text-sm text-slate-700">No reviewer is in conflict with this paper.</p>;
  return (
    <ul aria-label="Conflicted reviewers" className="mt-3 grid gap-3 xl:grid-cols-2">
      {conflicted.map((c) => (
        <li key={c._id} className="min-w-0 rounded-xl border border-slate-200 bg-slate-100 p-4 text-sm text-slate-700">
          <p className="font-semibold text-slate-800">
            {c.name} <span className="font-normal text-slate-600">(not assignable)</span>
          </p>
          <p className="break-all">{c.email}</p>
          {c.sharedTopics.length ? <p>Matched tags: {c.sharedTopics.join(', ')}</p> : null}
          <ul className="mt-1 list-disc pl-5">
            {c.reasons.map((r) => (
              <li key={r.reason}>
                Conflict of interest: {CONFLICT_WORDS[r.reason]}
                {r.explanation ? ` — ${r.explanation}` : ''}
              </li>
            ))}
          </ul>
          {c.assignment?.assigned ? (
            <p className="mt-1 font-medium text-red-800">Assigned before the conflict was known ({c.assignment.status})</p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
