import { formatDateTime } from '../../../lib/format';
import { useState } from 'react';
import { useNavigation } from 'react-router';
import type { PaymentJson } from '../../../../core/schemas/payment';
import { messageOf } from '../../../api/client';
import { getPaymentsUpTo, savePaymentsExport } from '../../../api/payments';
import { PaymentFeeCell } from './payment-fee-cell';
import { MatchPayment } from './match-payment';
import { RevenueTable } from './revenue-table';
import { getRevenue } from '../../../api/registration-office';
import { loadOr, pagesShown, useFollowRedirect, useShowMore } from '../../../lib/route-data';
import { requireRole } from '../../../lib/session';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import type { Route } from './+types/editor-payments';
import { appTitle } from '../../../lib/seo';

export const meta = () => [{ title: appTitle('Payments') }];

const PAGE = 50;

/** How many pages are shown lives in the URL (?pages=); the pages follow the x-next-cursor header. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireRole('Editor');
  const pages = pagesShown(new URL(request.url).searchParams);
  const [{ payments, nextCursor }, revenue] = await Promise.all([
    loadOr(getPaymentsUpTo(PAGE * pages), 'Failed to load payments'),
    loadOr(getRevenue(), 'Failed to load the revenue'),
  ]);
  return { pages, payments, nextCursor, revenue };
}

export { RouteError as ErrorBoundary } from '../../../lib/route-data';

const STATUS_STYLE: Record<PaymentJson['status'], string> = {
  paid: 'bg-green-100 text-green-800',
  failed: 'bg-red-100 text-red-800',
  pending: 'bg-amber-100 text-amber-900',
};

const when = formatDateTime;

/** The editor's record of every payment, newest first, a page at a time, with a CSV download of all. */
export default function EditorPayments({ loaderData }: Route.ComponentProps) {
  const { pages, payments: list, nextCursor: cursor } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/editor/payments';
  const followRedirect = useFollowRedirect();
  const [downloadError, setDownloadError] = useState('');

  // A file download, not data the screen shows: a direct call (a refused token goes to log in).
  async function download() {
    setDownloadError('');
    try {
      await savePaymentsExport();
    } catch (err) {
      if (followRedirect(err)) return;
      console.error(err);
      setDownloadError(messageOf(err, 'The CSV file could not be downloaded. Please try again.'));
    }
  }
  const loadMore = useShowMore(pages);

  return (
    <section aria-labelledby="payments-heading">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 id="payments-heading" className="text-2xl font-bold text-brand-900">
          Payments
        </h1>
        <Button onClick={download}>Download CSV</Button>
      </div>
      <Alert className="mt-4">{downloadError}</Alert>
      <RevenueTable revenue={loaderData.revenue} />
      {list.length === 0 ? <p className="mt-4 text-slate-700">No payments yet.</p> : null}
      {list.length > 0 ? (
        <div className="mt-6 overflow-x-auto rounded-lg border border-slate-200">
          <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
            <caption className="sr-only">Payments, newest first</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                {['Date', 'Status', 'Amount', 'Payer', 'For', 'Via', 'Transaction ID'].map((h) => (
                  <th key={h} scope="col" className="px-4 py-3 font-semibold">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 bg-white">
              {list.map((p) => (
                <tr key={p._id}>
                  <td className="whitespace-nowrap px-4 py-3">{when(p.createdAt)}</td>
                  <td className="px-4 py-3">
                    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ${STATUS_STYLE[p.status]}`}>
                      {p.status}
                    </span>
                  </td>
                  <td className="whitespace-nowrap px-4 py-3 tabular-nums">
                    {p.amount} {p.currency}
                  </td>
                  <td className="px-4 py-3">
                    {p.name}
                    <br />
                    <span className="text-slate-600">{p.email}</span>
                  </td>
                  <td className="px-4 py-3">
                    <PaymentFeeCell payment={p} />
                    {/* A paid payment without a registration (SPEC's Pay Now): said so, and matched here (decision 0077). */}
                    {!p.registration && p.status === 'paid' ? (
                      <>
                        <br />
                        <strong className="mt-1 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                          No registration
                        </strong>
                        <MatchPayment paymentId={p._id} />
                      </>
                    ) : null}
                  </td>
                  <td className="px-4 py-3">{p.method}</td>
                  <td className="px-4 py-3 font-mono text-xs">{p.txnid}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {loading ? <p className="mt-4 text-slate-600">Loading payments…</p> : null}
      {cursor && !loading ? (
        <div className="mt-6 text-center">
          <Button onClick={loadMore}>Load more payments</Button>
        </div>
      ) : null}
    </section>
  );
}
