import { useState } from 'react';
import type { RevenueJson } from '../../../../core/schemas/registration-office';
import { messageOf } from '../../../api/client';
import { saveRevenueCsv } from '../../../api/registration-office';
import { formatMoney } from '../../../lib/format';
import { useFollowRedirect } from '../../../lib/route-data';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';

/** Revenue by registration category and currency, paid and pending, and the payments still to match (decision 0077). */
export function RevenueTable({ revenue }: { revenue: RevenueJson }) {
  const followRedirect = useFollowRedirect();
  const [error, setError] = useState('');
  async function download() {
    setError('');
    try {
      await saveRevenueCsv();
    } catch (err) {
      if (!followRedirect(err)) setError(messageOf(err, 'The CSV file could not be downloaded. Please try again.'));
    }
  }
  return (
    <section aria-labelledby="revenue-heading" className="mt-6 space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="revenue-heading" className="text-xl font-semibold text-brand-900">
          Revenue by category
        </h2>
        <Button variant="secondary" size="sm" onClick={() => void download()}>
          Download revenue CSV
        </Button>
      </div>
      <Alert>{error}</Alert>
      {revenue.rows.length === 0 ? <p className="text-slate-700">No registrations yet.</p> : null}
      {revenue.rows.length > 0 ? (
        // Scrolled sideways on a phone: focusable, so a keyboard can scroll it too.
        <div
          className="overflow-x-auto rounded-lg border border-slate-200"
          tabIndex={0}
          role="region"
          aria-label="Revenue table, scrolls sideways"
        >
          <table className="min-w-full divide-y divide-slate-200 text-left text-sm" data-testid="revenue">
            <caption className="sr-only">Revenue by category and currency</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                {['Category', 'Currency', 'Paid', 'Pending'].map((h) => (
                  <th key={h} scope="col" className="px-4 py-2 font-semibold">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 bg-white">
              {revenue.rows.map((r) => (
                <tr key={`${r.category}-${r.currency}`}>
                  <td className="px-4 py-2">{r.categoryLabel}</td>
                  <td className="px-4 py-2">{r.currency}</td>
                  <td className="whitespace-nowrap px-4 py-2 tabular-nums">
                    {formatMoney(r.paidMinor, r.currency)} ({r.paidCount})
                  </td>
                  <td className="whitespace-nowrap px-4 py-2 tabular-nums">
                    {formatMoney(r.pendingMinor, r.currency)} ({r.pendingCount})
                  </td>
                </tr>
              ))}
              {revenue.totals.map((t) => (
                <tr key={`total-${t.currency}`} className="bg-slate-50 font-semibold">
                  <td className="px-4 py-2">Total</td>
                  <td className="px-4 py-2">{t.currency}</td>
                  <td className="whitespace-nowrap px-4 py-2 tabular-nums">{formatMoney(t.paidMinor, t.currency)}</td>
                  <td className="whitespace-nowrap px-4 py-2 tabular-nums">{formatMoney(t.pendingMinor, t.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {revenue.unmatched.map((u) => (
        <p key={u.currency} className="font-semibold text-amber-900">
          {u.count} paid {u.count === 1 ? 'payment' : 'payments'} in {u.currency} without a registration ({(u.amountMinor / 100).toFixed(2)}{' '}
          {u.currency}): match {u.count === 1 ? 'it' : 'them'} below.
        </p>
      ))}
    </section>
  );
}
