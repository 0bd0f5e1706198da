import { useEffect, useId } from 'react';
import { useFetcher } from 'react-router';
import { toast } from 'sonner';
import { DECISIONS, type Decision } from '../../core/schemas/review-cycle';
import type { ActionResult } from '../lib/route-data';

/** What the author was told, in words, beside the decision taken. */
export function notifiedText(decision: Decision | null | undefined, notified: Decision | null | undefined): string {
  if (!decision && !notified) return 'No decision yet';
  if (!notified) return 'Author not notified';
  if (decision === notified) return `Author notified: ${notified}`;
  return `Author was told ${notified}; the new decision is not sent yet`;
}

/** What the control posts to its host route's clientAction (intent 'decision'), and the answer it gets. */
export interface DecisionBody {
  intent: 'decision';
  paperId: string;
  decision: Decision | null;
}
export type DecisionAnswer = { paperId: string; decision: Decision | null; notifiedDecision: Decision | null };

/**
 * The editor's decision on one paper: a labelled select that saves on change through the host route's
 * action (PUT …/decision), which then reads the paper again; it says so to screen readers.
 */
export function DecisionControl({ paperId, title, decision }: { paperId: string; title: string; decision: Decision | null | undefined }) {
  const id = useId();
  const fetcher = useFetcher<ActionResult<DecisionAnswer>>();
  const busy = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  useEffect(() => {
    if (result && !result.ok) toast.error(result.error);
  }, [result]);
  // While saving, the select keeps the choice just made.
  const shown = busy && fetcher.json ? (fetcher.json as unknown as DecisionBody).decision : decision;
  const said = result?.ok ? (result.data.decision ? `Decision saved: ${result.data.decision}` : 'Decision cleared') : '';
  const onChange = (value: string) => {
    const body: DecisionBody = { intent: 'decision', paperId, decision: value ? (value as Decision) : null };
    fetcher.submit({ ...body }, { method: 'post', encType: 'application/json' });
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        Decision<span className="sr-only"> on {title}</span>
      </label>
      <select
        id={id}
        value={shown ?? ''}
        disabled={busy}
        onChange={(e) => onChange(e.target.value)}
        className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm disabled:opacity-60"
      >
        <option value="">Undecided</option>
        {DECISIONS.map((d) => (
          <option key={d} value={d}>
            {d}
          </option>
        ))}
      </select>
      <span role="status" className="sr-only">
        {said}
      </span>
    </div>
  );
}
