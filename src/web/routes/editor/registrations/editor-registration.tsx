import { useState, type FormEvent } from 'react';
import { Link, redirect, useRevalidator } from 'react-router';
import { BankTransferBody, type EditorRegistrationJson } from '../../../../core/api/receipts';
import { messageOf } from '../../../api/client';
import { getEditorRegistration, recordBankTransfer, saveEditorReceipt } from '../../../api/receipts';
import { conferenceToday, formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { loadOr, useFollowRedirect } from '../../../lib/route-data';
import { requireRole } from '../../../lib/session';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import type { Route } from './+types/editor-registration';
import { appTitle } from '../../../lib/seo';

export const meta = () => [{ title: appTitle('Registration') }];

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  if (requireRole('Editor').chairOnly) throw redirect('/editor/dashboard');
  return loadOr(getEditorRegistration(params.registrationId), 'Could not load the registration. Please try again.');
}

export { RouteError as ErrorBoundary } from '../../../lib/route-data';

type Registration = EditorRegistrationJson['registration'];

const STATUS_STYLE: Record<Registration['status'], string> = {
  paid: 'bg-green-100 text-green-800',
  pending: 'bg-amber-100 text-amber-900',
  cancelled: 'bg-slate-200 text-slate-800',
};
const STATUS_TEXT: Record<Registration['status'], string> = {
  paid: 'Paid (non-refundable)',
  pending: 'Pending payment',
  cancelled: 'Cancelled',
};

/** Minor units from what the editor typed ("1,234.50"), without floating point; null when it is not an amount. */
function typedMinor(text: string): number | null {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.replace(/[,\s]/g, ''));
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Decisions 0043 and 0048: one registration with its payments and receipts; the editor records a bank transfer that arrived. */
export default function EditorRegistration({ loaderData }: Route.ComponentProps) {
  const { registration: r, payments, receipts } = loaderData;
  const money = (minor: number) => formatMoney(minor, r.currency);
  const followRedirect = useFollowRedirect();
  const revalidator = useRevalidator();
  const [downloadError, setDownloadError] = useState('');
  const [recorded, setRecorded] = useState('');

  async function download(number: string) {
    setDownloadError('');
    try {
      await saveEditorReceipt(number);
    } catch (err) {
      if (followRedirect(err)) return;
      setDownloadError(messageOf(err, 'The receipt could not be downloaded. Please try again.'));
    }
  }

  const details: [string, string][] = [
    ['Name', r.name],
    ['E-mail', r.email],
    ['Affiliation', r.affiliation || '—'],
    ['Country', r.country || '—'],
    ['Category', r.categoryLabel],
    ['Paper', r.paperId ?? '—'],
    ['Registration code', r.code],
    ['Billing name', r.billingName ?? '—'],
    ['Billing address', r.billingAddress ?? '—'],
    ['Registered', formatDateTime(r.createdAt)],
    ['Checked in', r.checkedInAt ? formatDateTime(r.checkedInAt) : 'Not yet'],
  ];
  const price: [string, string][] = [
    [r.earlyBird ? 'Early-bird price' : 'Price', money(r.listMinor)],
    ...(r.extraPages > 0 ? [[`Extra pages (${r.extraPages})`, money(r.extraMinor)] as [string, string]] : []),
    ...(r.couponCode ? [[`Coupon ${r.couponCode}`, money(-r.discountMinor)] as [string, string]] : []),
    ['Amount due', money(r.amountMinor)],
    // A part payment leaves the registration unpaid with the rest owed (decision 0056).
    ...(r.receivedMinor > 0 && r.status === 'pending'
      ? ([
          ['Received', money(r.receivedMinor)],
          ['Still owed', money(r.owedMinor)],
        ] as [string, string][])
      : []),
  ];

  return (
    <div className="max-w-4xl space-y-6">
      <p>
        <Link to="/editor/dashboard" className="text-brand-700 underline">
          Back to the editor&apos;s desk
        </Link>
      </p>
      <Alert tone="success">{recorded}</Alert>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-brand-900">Registration of {r.name}</h1>
        <span className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${STATUS_STYLE[r.status]}`}>{STATUS_TEXT[r.status]}</span>
      </div>

      <Card aria-labelledby="details-heading">
        <h2 id="details-heading" className="text-lg font-semibold text-brand-900">
          Details
        </h2>
        <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[12rem_1fr]">
          {details.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="font-medium text-slate-700">{k}</dt>
              <dd className="break-words whitespace-pre-line">{v}</dd>
            </div>
          ))}
        </dl>
        <h3 className="mt-5 font-semibold text-brand-900">Fee</h3>
        <dl className="mt-2 grid max-w-md grid-cols-[1fr_auto] gap-x-6 gap-y-1">
          {price.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className={k === 'Amount due' ? 'font-semibold' : ''}>{k}</dt>
              <dd className={`text-right tabular-nums ${k === 'Amount due' ? 'font-semibold' : ''}`}>{v}</dd>
            </div>
          ))}
        </dl>
      </Card>

      <Card aria-labelledby="payments-heading">
        <h2 id="payments-heading" className="text-lg font-semibold text-brand-900">
          Payments
        </h2>
        {payments.length === 0 ? (
          <p className="mt-2 text-slate-700">No payment yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100">
            {payments.map((p) => (
              <li key={p.id} className="py-2">
                <span className="font-medium">{p.method}</span>, {p.status}:{' '}
                <span className="tabular-nums">{formatMoney(p.amountMinor, p.currency === 'INR' ? 'INR' : 'USD')}</span>
                <span className="block text-sm text-slate-700">
                  {p.paidOn ? `Arrived ${formatDate(p.paidOn)}` : formatDateTime(p.createdAt)}
                  {p.reference ? `, reference ${p.reference}` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Card aria-labelledby="receipts-heading">
        <h2 id="receipts-heading" className="text-lg font-semibold text-brand-900">
          Receipts
        </h2>
        <Alert className="mt-2">{downloadError}</Alert>
        {receipts.length === 0 ? (
          <p className="mt-2 text-slate-700">No receipt yet: one is issued when the registration is paid.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100">
            {receipts.map((x) => (
              <li key={x.number} className="flex flex-wrap items-center justify-between gap-3 py-2">
                <span>
                  <span className="font-mono font-semibold">{x.number}</span>
                  <span className="block text-sm text-slate-700">
                    {formatMoney(x.amountMinor, x.currency)}, {x.method}, paid {formatDate(x.paidAt)}
                  </span>
                </span>
                <Button variant="secondary" size="sm" onClick={() => download(x.number)}>
                  Download PDF<span className="sr-only"> of receipt {x.number}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Card>

      {r.status === 'pending' ? (
        <BankTransferForm
          registration={r}
          onRecorded={(message) => {
            setRecorded(message);
            void revalidator.revalidate();
          }}
        />
      ) : null}
    </div>
  );
}

function BankTransferForm({ registration: r, onRecorded }: { registration: Registration; onRecorded: (message: string) => void }) {
  const followRedirect = useFollowRedirect();
  const [reference, setReference] = useState('');
  const [paidOn, setPaidOn] = useState(conferenceToday());
  const [amount, setAmount] = useState(formatMoney(r.owedMinor, r.currency).replace(/^[A-Z]+ /, ''));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError('');
    const amountMinor = typedMinor(amount);
    if (amountMinor === null) {
      setError(`Type the amount that arrived, e.g. ${formatMoney(r.owedMinor, r.currency).replace(/^[A-Z]+ /, '')}`);
      return;
    }
    const parsed = BankTransferBody.safeParse({ reference, paidOn, amountMinor, currency: r.currency });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please check the form');
      return;
    }
    setBusy(true);
    try {
      const answer = await recordBankTransfer(r.id, parsed.data);
      onRecorded(
        `Bank transfer recorded: receipt ${answer.receiptNumber} issued; its mail to ${r.email} is queued (see Messages for its delivery).`,
      );
    } catch (err) {
      if (followRedirect(err)) return;
      setError(messageOf(err, 'The transfer could not be recorded. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card aria-labelledby="bank-heading">
      <h2 id="bank-heading" className="text-lg font-semibold text-brand-900">
        Record bank transfer
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        When the money has arrived: the amount must be the amount due, {formatMoney(r.owedMinor, r.currency)}.
      </p>
      <form className="mt-3 grid gap-4 sm:grid-cols-3" onSubmit={submit} noValidate>
        <Field label="Bank reference" value={reference} onChange={(e) => setReference(e.target.value)} required autoComplete="off" />
        <Field label="Day it arrived" type="date" value={paidOn} onChange={(e) => setPaidOn(e.target.value)} required />
        <Field label={`Amount (${r.currency})`} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} required />
        <div className="sm:col-span-3">
          <Button type="submit" disabled={busy}>
            {busy ? 'Recording…' : 'Record bank transfer'}
          </Button>
        </div>
      </form>
      <Alert className="mt-3">{error}</Alert>
    </Card>
  );
}
