import { useEffect, useState, type FormEvent } from 'react';
import { Link, useFetcher, useRevalidator } from 'react-router';
import { toast } from 'sonner';
import type { BodyOf } from '../../../core/api/endpoint';
import type { REGISTRATIONS } from '../../../core/api/registrations';
import type { PaymentStartJson, PricesJson, QuoteJson, RegistrationJson } from '../../../core/schemas/registration';
import { messageOf, session } from '../../api/client';
import { saveOwnReceipt } from '../../api/receipts';
import {
  cancelRegistration,
  createRegistration,
  getPrices,
  listMyRegistrations,
  payRegistration,
  quoteRegistration,
} from '../../api/registrations';
import { formatLongDate, formatMoney } from '../../lib/format';
import { actOr, jsonBody, loadOr, revalidateExceptAfter, useFollowRedirect, type ActionResult } from '../../lib/route-data';
import { requireRole } from '../../lib/session';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmButton } from '../../components/ui/confirm-button';
import { Field } from '../../components/ui/field';
import { QrCode } from '../../components/ui/qr-code';
import { getPaymentMethods, saveETicket } from '../../api/registration-office';
import type { Route } from './+types/registrations';
import { appTitle } from '../../lib/seo';

export const meta = () => [{ title: appTitle('Registrations') }, { name: 'robots', content: 'noindex' }];

/**
 * Any signed-in role: registrations belong to the (verified) address (decision 0043). `?category=` (a course's
 * "Register for this course" link) preselects the category, its price shown before anything is made (decision 0077).
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireRole('Author', 'Editor', 'Reviewer');
  // The categories with this edition's workshop courses (decision 0045): the server's list, not a copy in the bundle.
  const [mine, prices, methods] = await Promise.all([
    loadOr(listMyRegistrations(), 'Could not load your registrations. Please try again.'),
    loadOr(getPrices(), 'Could not load the registration categories. Please try again.'),
    loadOr(getPaymentMethods(), 'Could not load the ways to pay. Please try again.'),
  ]);
  const wanted = new URL(request.url).searchParams.get('category');
  const chosen = prices.prices.some((c) => c.category === wanted) ? wanted : null;
  return { mine, categories: prices.prices, methods, chosen };
}

/** Which ways to pay the server can start: a method that is not configured is not offered (decision 0077). */
type Methods = { payu: boolean; card: boolean };

type QuoteIntent = { intent: 'quote' } & BodyOf<typeof REGISTRATIONS.quoteRegistration>;

/** The live quote of the form (nothing is saved, so the list is not read again). */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const { intent, ...body } = await jsonBody<QuoteIntent>(request);
  return actOr(quoteRegistration(body), 'The price could not be worked out.', intent);
}

export const shouldRevalidate = revalidateExceptAfter('quote');

export { RouteError as ErrorBoundary } from '../../lib/route-data';

type Currency = 'USD' | 'INR';
type Provider = 'payu' | 'card' | 'bank';
const STATUS_LABEL: Record<RegistrationJson['status'], string> = { pending: 'Waiting for payment', paid: 'Paid', cancelled: 'Cancelled' };
const STATUS_TONE: Record<RegistrationJson['status'], string> = {
  pending: 'bg-amber-100 text-amber-900',
  paid: 'bg-green-100 text-green-900',
  cancelled: 'bg-slate-200 text-slate-800',
};

/** PayU's hosted checkout takes a posted form: the signed fields the server answered, submitted in this window. */
function postToPayu(action: string, fields: Record<string, string>) {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = action;
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}

/** Where a started payment goes: PayU, the card checkout, or the bank instructions shown here. */
function follow(payment: PaymentStartJson, showBank: (text: string) => void) {
  if (payment.kind === 'payu') postToPayu(payment.action, payment.fields);
  else if (payment.kind === 'card') window.location.assign(payment.url);
  else if (payment.kind === 'bank') showBank(payment.instructions);
}

function RegistrationRow({
  r,
  onChanged,
  showBank,
  methods,
}: {
  r: RegistrationJson;
  onChanged: () => void;
  showBank: (text: string) => void;
  methods: Methods;
}) {
  const followRedirect = useFollowRedirect();
  const [busy, setBusy] = useState(false);
  const provider: Provider = r.currency === 'INR' ? 'payu' : 'card';
  const online = provider === 'payu' ? methods.payu : methods.card;
  async function act(work: () => Promise<void>) {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      if (!followRedirect(err)) toast.error(messageOf(err, 'That did not work. Please try again.'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4" data-testid="registration">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="break-words font-semibold text-brand-900">{r.categoryLabel}</h3>
          <p className="text-sm text-slate-700">
            Registered {formatLongDate(r.createdAt)} · code <span className="font-mono">{r.code}</span>
            {r.paperId ? <> · paper {r.paperId}</> : null}
          </p>
        </div>
        <span className={`rounded-full px-3 py-1 text-sm font-semibold ${STATUS_TONE[r.status]}`}>{STATUS_LABEL[r.status]}</span>
      </div>
      <p className="mt-2 text-lg font-semibold text-slate-900">{formatMoney(r.amountMinor, r.currency)}</p>
      {/* A payment that did not cover the price leaves the registration unpaid: the rest is owed (decision 0056). */}
      {r.status === 'pending' && r.receivedMinor > 0 ? (
        <p className="font-semibold text-amber-900" data-testid="still-owed">
          Received {formatMoney(r.receivedMinor, r.currency)}: {formatMoney(r.owedMinor, r.currency)} is still owed.
        </p>
      ) : null}
      <p className="text-sm text-slate-700">
        {r.earlyBird ? 'Early-bird price. ' : ''}
        {r.couponCode ? `Coupon ${r.couponCode}: −${formatMoney(r.discountMinor, r.currency)}. ` : ''}
        {r.extraPages > 0 ? `${r.extraPages} extra pages: ${formatMoney(r.extraMinor, r.currency)}. ` : ''}
        {r.paidAt ? `Paid ${formatLongDate(r.paidAt)}.` : ''}
      </p>
      {r.status === 'paid' ? (
        <div className="mt-3 flex flex-wrap items-center gap-4 rounded-lg border border-slate-200 bg-slate-50 p-3" data-testid="e-ticket">
          <QrCode text={r.code} label={`E-ticket QR code for registration ${r.code}`} />
          <div className="min-w-0 flex-1 basis-60 space-y-2">
            <h4 className="font-semibold text-brand-900">Your e-ticket</h4>
            <p className="text-sm text-slate-700">
              Show this QR code at the registration desk: it is the code on your badge, <span className="font-mono">{r.code}</span>.
            </p>
            <Button variant="secondary" size="sm" disabled={busy} onClick={() => void act(() => saveETicket(r.id, r.code))}>
              Download the e-ticket (PDF)
            </Button>
          </div>
        </div>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {r.status === 'paid' ? (
          <>
            {/* The owner's download needs the login token, which a plain link cannot send. */}
            {r.receiptUrl ? (
              <Button variant="secondary" size="sm" disabled={busy} onClick={() => void act(() => saveOwnReceipt(r.id))}>
                Download the receipt
              </Button>
            ) : null}
            <Link
              to={`/account/visa-letters?registration=${r.id}`}
              className="rounded-md px-2 py-1.5 text-sm font-semibold text-brand-700 underline"
            >
              Ask for a visa letter
            </Link>
          </>
        ) : null}
        {r.status === 'pending' ? (
          <>
            {online ? (
              <Button
                size="sm"
                disabled={busy}
                onClick={() => void act(async () => follow(await payRegistration(r.id, provider), showBank))}
              >
                {r.receivedMinor > 0 ? 'Pay the rest' : 'Pay'} {provider === 'payu' ? 'with PayU (INR)' : 'by card (USD)'}
              </Button>
            ) : null}
            <Button
              size="sm"
              variant="secondary"
              disabled={busy}
              onClick={() => void act(async () => follow(await payRegistration(r.id, 'bank'), showBank))}
            >
              Pay by bank transfer
            </Button>
            <ConfirmButton
              size="sm"
              variant="danger"
              disabled={busy}
              title="Cancel this registration?"
              body={
                <p>
                  {r.categoryLabel} ({r.code}) will be cancelled and any seat it holds freed. To attend, you would register again.
                </p>
              }
              confirmLabel="Cancel registration"
              onConfirm={() =>
                act(async () => {
                  await cancelRegistration(r.id);
                  toast.success('The registration is cancelled.');
                  onChanged();
                })
              }
            >
              Cancel registration
            </ConfirmButton>
          </>
        ) : null}
      </div>
    </li>
  );
}

function QuoteLines({ quote }: { quote: QuoteJson }) {
  const m = (minor: number) => formatMoney(minor, quote.currency);
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-slate-800" aria-live="polite" data-testid="quote">
      <dt>List price</dt>
      <dd className="text-right">{m(quote.regularMinor)}</dd>
      {quote.earlyBird && quote.earlyBirdUntil ? (
        <>
          <dt>Early-bird price until {formatLongDate(quote.earlyBirdUntil)}</dt>
          <dd className="text-right">{m(quote.listMinor)}</dd>
        </>
      ) : null}
      {quote.couponCode ? (
        <>
          <dt>Coupon {quote.couponCode}</dt>
          <dd className="text-right">−{m(quote.discountMinor)}</dd>
        </>
      ) : null}
      {quote.extraPages > 0 ? (
        <>
          <dt>{quote.extraPages} extra pages</dt>
          <dd className="text-right">{m(quote.extraMinor)}</dd>
        </>
      ) : null}
      <dt className="font-semibold">Total</dt>
      <dd className="text-right font-semibold" data-testid="quote-total">
        {m(quote.amountMinor)}
      </dd>
    </dl>
  );
}

function RegisterForm({
  onDone,
  showBank,
  categories,
  methods,
  chosen,
}: {
  onDone: () => void;
  showBank: (text: string) => void;
  categories: PricesJson['prices'];
  methods: Methods;
  chosen: string | null;
}) {
  const followRedirect = useFollowRedirect();
  const [f, setF] = useState({
    name: session.user()?.name ?? '',
    affiliation: '',
    country: '',
    category: chosen ?? 'student-scopus',
    currency: (chosen?.startsWith('workshop-') ? 'USD' : 'INR') as Currency,
    paperId: '',
    coupon: '',
    billingName: '',
    billingAddress: '',
  });
  // The method follows the currency when it is configured; a bank transfer is always possible.
  const onlineFor = (currency: Currency): Provider =>
    currency === 'INR' ? (methods.payu ? 'payu' : 'bank') : methods.card ? 'card' : 'bank';
  const [provider, setProvider] = useState<Provider>(() => onlineFor(f.currency));
  const { submit: ask, data: quoted } = useFetcher<ActionResult<QuoteJson>>();
  const quote = quoted?.ok ? quoted.data : null;
  const quoteError = quoted && !quoted.ok ? quoted.error : null;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF((s) => ({ ...s, [k]: e.target.value }));

  // The live quote: asked again (after a short pause for typing) whenever what it depends on changes.
  useEffect(() => {
    const timer = setTimeout(() => {
      const body = {
        intent: 'quote',
        category: f.category,
        currency: f.currency,
        ...(f.coupon ? { coupon: f.coupon } : {}),
        ...(f.paperId ? { paperId: f.paperId } : {}),
      };
      void ask(body, { method: 'post', encType: 'application/json' });
    }, 300);
    return () => clearTimeout(timer);
  }, [f.category, f.currency, f.coupon, f.paperId, ask]);

  // PayU takes rupees, the card dollars: the method follows the currency (a bank transfer takes either).
  useEffect(() => {
    setProvider((p) => (p === 'bank' ? p : f.currency === 'INR' ? (methods.payu ? 'payu' : 'bank') : methods.card ? 'card' : 'bank'));
  }, [f.currency, methods.payu, methods.card]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { payment } = await createRegistration({
        name: f.name,
        affiliation: f.affiliation,
        country: f.country.toUpperCase(),
        category: f.category,
        currency: f.currency,
        provider,
        paperId: f.paperId || undefined,
        coupon: f.coupon || undefined,
        billingName: f.billingName || undefined,
        billingAddress: f.billingAddress || undefined,
      });
      if (payment.kind === 'payu' || payment.kind === 'card') {
        follow(payment, showBank);
        return;
      }
      if (payment.kind === 'bank') showBank(payment.instructions);
      else toast.success('You are registered: nothing is left to pay.');
      onDone();
    } catch (err) {
      if (!followRedirect(err)) setError(messageOf(err, 'The registration could not be made. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form id="register" onSubmit={(e) => void onSubmit(e)} className="space-y-4" aria-labelledby="register-heading">
      <h2 id="register-heading" className="text-xl font-semibold text-brand-900">
        Register
      </h2>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field label="Name (as on your badge)" required value={f.name} onChange={set('name')} autoComplete="name" />
        <Field label="Affiliation" value={f.affiliation} onChange={set('affiliation')} autoComplete="organization" />
        <Field
          label="Country"
          hint="Two-letter code, e.g. TH or IN"
          value={f.country}
          onChange={set('country')}
          maxLength={2}
          autoComplete="country"
        />
        <Field label="Category">
          {(c) => (
            <select {...c} value={f.category} onChange={set('category')}>
              {categories.map((cat) => (
                <option key={cat.category} value={cat.category}>
                  {cat.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Currency">
          {(c) => (
            <select {...c} value={f.currency} onChange={set('currency')}>
              <option value="INR">INR (rupees)</option>
              <option value="USD">USD (dollars)</option>
            </select>
          )}
        </Field>
        <Field
          label="Paper ID (optional)"
          hint="Your accepted paper (you are one of its authors): extra pages beyond 10 are charged from its camera-ready PDF"
          value={f.paperId}
          onChange={set('paperId')}
        />
        <Field label="Coupon code (optional)" value={f.coupon} onChange={set('coupon')} error={quoteError} autoCapitalize="characters" />
        <Field label="Billing name for the receipt (optional)" value={f.billingName} onChange={set('billingName')} />
      </div>
      <Field label="Billing address for the receipt (optional)">
        {(c) => <textarea {...c} rows={2} value={f.billingAddress} onChange={set('billingAddress')} />}
      </Field>
      <fieldset className="rounded-xl border border-slate-200 p-4">
        <legend className="px-1 font-semibold text-brand-900">How to pay</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {(
            [
              ['payu', 'PayU (rupees)', 'INR'],
              ['card', 'Card (dollars)', 'USD'],
              ['bank', 'Bank transfer', null],
            ] as const
          )
            .filter(([value]) => value === 'bank' || methods[value])
            .map(([value, label, only]) => (
              <label key={value} className="flex min-h-11 items-center gap-2 text-slate-800">
                <input
                  type="radio"
                  name="provider"
                  value={value}
                  checked={provider === value}
                  disabled={only !== null && only !== f.currency}
                  onChange={() => setProvider(value)}
                  className="h-5 w-5"
                />
                {label}
              </label>
            ))}
        </div>
      </fieldset>
      <Card as="div" className="bg-brand-50">
        {quote ? (
          <QuoteLines quote={quote} />
        ) : (
          <p className="text-slate-700">{quoteError ? 'No price until the coupon or paper is fixed.' : 'Working out the price…'}</p>
        )}
        <p className="mt-2 text-sm text-slate-700">The registration fee is non-refundable.</p>
      </Card>
      <Alert>{error}</Alert>
      <Button type="submit" disabled={busy || !quote}>
        {busy ? 'Please wait…' : 'Register and pay'}
      </Button>
    </form>
  );
}

/** Decision 0043: the caller's registrations and the form to register, with the live price. */
export default function Registrations({ loaderData }: Route.ComponentProps) {
  const { mine } = loaderData;
  const { revalidate } = useRevalidator();
  const [bank, setBank] = useState<string | null>(null);
  const sorted = mine.registrations;
  const refresh = () => {
    void revalidate();
  };
  return (
    <div className="max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-brand-900">Registrations</h1>
        <p className="mt-2 text-slate-700">
          Your conference registrations, their receipts, and a new registration with its price worked out as you choose.
        </p>
      </div>
      {mine.waitingForVerification ? (
        <Alert tone="warning">
          Please confirm your e-mail address first: follow the link we mailed you. Registrations belong to your address, so they are shown
          and made once it is confirmed.
        </Alert>
      ) : (
        <>
          {bank ? (
            <Alert tone="info">
              <span data-testid="bank-instructions">{bank}</span>
            </Alert>
          ) : null}
          <section aria-labelledby="mine-heading" className="space-y-3">
            <h2 id="mine-heading" className="text-xl font-semibold text-brand-900">
              Your registrations
            </h2>
            {sorted.length === 0 ? (
              <p className="text-slate-700">You have no registration yet.</p>
            ) : (
              <ul className="space-y-3">
                {sorted.map((r) => (
                  <RegistrationRow key={r.id} r={r} onChanged={refresh} showBank={setBank} methods={loaderData.methods} />
                ))}
              </ul>
            )}
          </section>
          <Card>
            <RegisterForm
              onDone={refresh}
              showBank={setBank}
              categories={loaderData.categories}
              methods={loaderData.methods}
              chosen={loaderData.chosen}
            />
          </Card>
        </>
      )}
    </div>
  );
}
