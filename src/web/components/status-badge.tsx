/** SPEC §4: Accepted green, Declined red, Mail Sent yellow, Waiting and Sent their own, anything else grey. */
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

export function StatusBadge({ status }: { status: string }) {
  return (
    <span data-status={status} className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${STYLES[status] ?? 'bg-gray-200 text-gray-800 ring-gray-400'}`}>
      {status}
    </span>
  );
}
