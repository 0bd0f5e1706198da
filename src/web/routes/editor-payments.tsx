import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { PaymentJson } from '../../core/schemas/payment';
import { messageOf } from '../api/client';
import { downloadPaymentsCsv, getPaymentsPage } from '../api/payments';
import { isSessionExpired, LOGIN_FIRST, requireRole } from '../components/session';
import { PaymentFeeCell } from '../components/payment-fee-cell';

export const meta = () => [{ title: 'Payments | IMSE 2025' }];
export const clientLoader = () => requireRole('Editor');

const STATUS_STYLE: Record<PaymentJson['status'], string> = {
  paid: 'bg-green-100 text-green-800',
  failed: 'bg-red-100 text-red-800',
  pending: 'bg-amber-100 text-amber-900',
};

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

async function saveCsv(): Promise<void> {
  const blob = await downloadPaymentsCsv();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `payments-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const PAGE = 50;

/** The editor's record of every payment, newest first, a page at a time, with a CSV download of all. */
export default function EditorPayments() {
  const navigate = useNavigate();
  const [list, setList] = useState<PaymentJson[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const [downloadError, setDownloadError] = useState('');

  const load = async (after?: string) => {
    setLoading(true);
    setError(null);
    try {
      const page = await getPaymentsPage({ limit: PAGE, cursor: after });
      setList((prev) => (after ? [...prev, ...page.payments] : page.payments));
      setCursor(page.nextCursor);
      setLoaded(true);
    } catch (err) {
      if (isSessionExpired(err)) navigate(LOGIN_FIRST);
      else setError(err);
    } finally {
      setLoading(false);
    }
  };
  useEffect(() => { void load(); }, []);

  async function download() {
    setDownloadError('');
    try {
      await saveCsv();
    } catch (err) {
      console.error(err);
      setDownloadError(messageOf(err, 'The CSV file could not be downloaded. Please try again.'));
    }
  }

  return (
    <section aria-labelledby="payments-heading">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 id="payments-heading" className="text-2xl font-bold text-brand-900">Payments</h1>
        <button type="button" onClick={download} className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
          Download CSV
        </button>
      </div>
      {downloadError ? <p role="alert" className="mt-4 rounded-md bg-red-50 px-4 py-3 text-red-800">{downloadError}</p> : null}
      {error ? <p role="alert" className="mt-4 rounded-md bg-red-50 px-4 py-3 text-red-800">{messageOf(error, 'Failed to load payments')}</p> : null}
      {loading && !loaded ? <p className="mt-4 text-slate-600">Loading payments…</p> : null}
      {loaded && list.length === 0 ? <p className="mt-4 text-slate-700">No payments yet.</p> : null}
      {list.length > 0 ? (
        <div className="mt-6 overflow-x-auto rounded-lg border border-slate-200">
          <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
            <caption className="sr-only">Payments, newest first</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                {['Date', 'Status', 'Amount', 'Payer', 'For', 'Via', 'Transaction ID'].map((h) => (
                  <th key={h} scope="col" className="px-4 py-3 font-semibold">{h}</th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 bg-white">
              {list.map((p) => (
                <tr key={p._id}>
                  <td className="whitespace-nowrap px-4 py-3">{when(p.createdAt)}</td>
                  <td className="px-4 py-3">
                    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ${STATUS_STYLE[p.status]}`}>{p.status}</span>
                  </td>
                  <td className="whitespace-nowrap px-4 py-3 tabular-nums">{p.amount} {p.currency}</td>
                  <td className="px-4 py-3">{p.name}<br /><span className="text-slate-600">{p.email}</span></td>
                  <td className="px-4 py-3"><PaymentFeeCell payment={p} /></td>
                  <td className="px-4 py-3">{p.provider === 'payu' ? 'PayU' : 'Card'}</td>
                  <td className="px-4 py-3 font-mono text-xs">{p.txnid}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {loaded && loading ? <p className="mt-4 text-slate-600">Loading payments…</p> : null}
      {cursor && !loading ? (
        <div className="mt-6 text-center">
          <button type="button" onClick={() => load(cursor)} className="rounded-md bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800">Load more payments</button>
        </div>
      ) : null}
    </section>
  );
}
