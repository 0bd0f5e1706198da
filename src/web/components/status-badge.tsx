import type { PaperJson } from '../../core/schemas/paper';

/** docs/product.md#statuses: Accepted green, Declined red, Mail Sent yellow, Waiting and Sent their own, anything else grey. */
const STYLES: Record<string, string> = {
  Waiting: 'bg-slate-100 text-slate-800 ring-slate-300',
  Sent: 'bg-blue-100 text-blue-900 ring-blue-300',
  Accepted: 'bg-green-100 text-green-900 ring-green-400',
  Declined: 'bg-red-100 text-red-900 ring-red-400',
  'Mail Sent': 'bg-yellow-100 text-yellow-900 ring-yellow-400',
  Pending: 'bg-amber-100 text-amber-900 ring-amber-300',
  'Under Review': 'bg-amber-100 text-amber-900 ring-amber-300',
  'Pending Review': 'bg-amber-100 text-amber-900 ring-amber-300',
};
const GREY = 'bg-gray-200 text-gray-800 ring-gray-400';
const BADGE = 'inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1';

export function StatusBadge({ status }: { status: string }) {
  return (
    <span data-status={status} className={`${BADGE} ${STYLES[status] ?? GREY}`}>
      {status}
    </span>
  );
}

const WAITING = 'bg-amber-100 text-amber-900 ring-amber-300';
const DECISION_TONE = { Accepted: STYLES.Accepted!, Rejected: STYLES.Declined!, Revision: 'bg-orange-100 text-orange-900 ring-orange-400' };

/**
 * A paper's state (docs/product.md#statuses) in the words the server gave for whoever asks (core/paper-state.ts): the same
 * badge on the author's and the editor's screens. The colour follows the decision the reader knows of.
 */
export function PaperStateBadge({ paper }: { paper: Pick<PaperJson, 'state' | 'status' | 'decision' | 'notifiedDecision'> }) {
  const state = paper.state;
  const told = paper.notifiedDecision ?? paper.decision;
  const tone = !state
    ? WAITING
    : state.code === 'notified' && told
      ? DECISION_TONE[told]
      : state.code === 'camera-ready'
        ? STYLES.Accepted!
        : state.code === 'decided'
          ? STYLES.Sent!
          : state.code === 'withdrawn'
            ? GREY
            : WAITING;
  const label = state?.label ?? paper.status ?? '';
  return (
    <span data-status={label} data-state={state?.code} className={`${BADGE} ${tone}`}>
      {label}
    </span>
  );
}
