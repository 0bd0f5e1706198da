import { useId, useState } from 'react';
import { toast } from 'sonner';
import { DECISIONS, type Decision } from '../../core/schemas/review-cycle';
import { messageOf } from '../api/client';
import { setDecision } from '../api/review-cycle';

/** What the author was told, in words, beside the decision taken. */
export function notifiedText(decision: Decision | null | undefined, notified: Decision | null | undefined): string {
  if (!decision && !notified) return 'No decision yet';
  if (!notified) return 'Author not notified';
  if (decision === notified) return `Author notified: ${notified}`;
  return `Author was told ${notified}; the new decision is not sent yet`;
}

/**
 * The editor's decision on one paper: a labelled select that saves on change (PUT …/decision) and says
 * so to screen readers. `onSaved` receives the server's answer.
 */
export function DecisionControl({ paperId, title, decision, onSaved }: {
  paperId: string; title: string; decision: Decision | null | undefined;
  onSaved: (next: { decision: Decision | null; notifiedDecision: Decision | null }) => void;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState('');
  const onChange = async (value: string) => {
    setBusy(true); setSaid('');
    try {
      const res = await setDecision(paperId, value ? (value as Decision) : null);
      onSaved({ decision: res.decision, notifiedDecision: res.notifiedDecision });
      setSaid(res.decision ? `Decision saved: ${res.decision}` : 'Decision cleared');
    } catch (err) {
      toast.error(messageOf(err, 'Could not save the decision. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">Decision<span className="sr-only"> on {title}</span></label>
      <select id={id} value={decision ?? ''} disabled={busy} onChange={(e) => void onChange(e.target.value)}
        className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm disabled:opacity-60">
        <option value="">Undecided</option>
        {DECISIONS.map((d) => <option key={d} value={d}>{d}</option>)}
      </select>
      <span role="status" className="sr-only">{said}</span>
    </div>
  );
}
