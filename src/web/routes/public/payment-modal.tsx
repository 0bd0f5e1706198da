import { useId, useState, type FormEvent, type Ref } from 'react';
import type { Currency, FeeKind, PayerCategory, Registration } from '../../../core/fees';
import { MESSAGES } from '../../../core/messages';
import type { FeeItem } from '../../../core/schemas/fee-item';
import type { PaymentsConfigJson } from '../../../core/schemas/payment';
import { createCardCheckout, initiatePayuPayment } from '../../api/public-payments';

type Schemas = [typeof import('../../../core/schemas/payment'), typeof import('../../../core/schemas/fee-item')];
let schemas: Promise<Schemas> | undefined;
/**
 * The payment schemas, shared with the server, are fetched when the payer starts on the form rather than
 * with the page: they bring zod, which is most of the page's JavaScript otherwise (issue 14).
 */
const loadSchemas = () => (schemas ??= Promise.all([import('../../../core/schemas/payment'), import('../../../core/schemas/fee-item')])
  .catch((err: unknown) => { schemas = undefined; throw err; }));

const CURRENCIES: { value: Currency; label: string }[] = [
  { value: 'INR', label: 'INR — rupees, through PayU' },
  { value: 'USD', label: 'USD — by card, through Stripe' },
];

/** Each option names its own currency and provider; the other option is offered only when it works. */
function notConfigured(currency: Currency, config: PaymentsConfigJson): string {
  const other = currency === 'INR' ? config.card : config.payu;
  return currency === 'INR'
    ? `Rupee payment (INR) through PayU is not configured yet.${other ? ' You can pay in US dollars by card instead.' : ''} To pay by bank transfer, see the contact above the Pay Now button.`
    : `Card payment in US dollars (USD, Stripe) is not configured yet.${other ? ' You can pay in rupees through PayU instead.' : ''} To pay by bank transfer, see the contact above the Pay Now button.`;
}

const inputClass = 'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-brand-600 disabled:bg-slate-100';
const labelClass = 'block text-sm font-semibold text-slate-800';

/**
 * Hands the payer over in a window opened by the click itself (pop-up blockers allow that), then
 * fills it once the server answers. Without a window (blocked anyway) the current tab goes instead.
 */
async function handOver(currency: Currency, body: { name: string; email: string; amount: string; productinfo: string; feeItem?: FeeItem }, phone: string) {
  const win = window.open('', '_blank');
  if (win) win.opener = null;
  try {
    if (currency === 'INR') {
      const html = await initiatePayuPayment({ ...body, phone });
      if (win) {
        win.document.open();
        win.document.write(html);
        win.document.close();
      } else {
        const form = new DOMParser().parseFromString(html, 'text/html').querySelector('form');
        if (!form) throw new Error('The payment page had no form');
        const here = document.importNode(form, true);
        document.body.append(here);
        here.submit();
      }
    } else {
      const { url } = await createCardCheckout(body);
      if (win) win.location.href = url;
      else window.location.assign(url);
    }
  } catch (err) {
    console.error(err);
    win?.close();
    alert(MESSAGES.paymentFailed);
  }
}

/** The payment form of SPEC §2 in a native <dialog>: the cross and Escape close it. */
export function PaymentModal(props: {
  ref: Ref<HTMLDialogElement>;
  config: PaymentsConfigJson | null;
  currency: Currency;
  onCurrencyChange: (c: Currency) => void;
  amount: string;
  onAmountChange: (a: string) => void;
  /** No fee table gives this amount: the payer types it. */
  amountIsTyped: boolean;
  /** The fee chosen on the page: its row is recorded with the payment (issue 17). */
  fee: { kind: FeeKind | ''; category: PayerCategory; registration: Registration };
}) {
  const { config, currency } = props;
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [paperId, setPaperId] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const ids = useId();
  const unavailable = config !== null && !(currency === 'INR' ? config.payu : config.card);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    let loaded: Schemas;
    try {
      loaded = await loadSchemas();
    } catch (err) {
      console.error(err);
      setError(MESSAGES.paymentFailed);
      return;
    }
    const [{ CardCheckoutBody, PayuInitiateBody, PLACEHOLDER_PHONE }, { feeItemOf }] = loaded;
    const feeItem = feeItemOf(props.fee.kind, props.fee.category, props.fee.registration);
    const body = { name, email, amount: props.amount, productinfo: paperId, ...(feeItem ? { feeItem } : {}) };
    const parsed = (currency === 'INR' ? PayuInitiateBody : CardCheckoutBody).safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MESSAGES.paymentFailed);
      return;
    }
    setError('');
    setBusy(true);
    await handOver(currency, body, PLACEHOLDER_PHONE);
    setBusy(false);
  }
  const prepare = () => { void loadSchemas().catch(() => { /* tried again on submit */ }); };

  return (
    <dialog
      ref={props.ref}
      aria-labelledby={`${ids}-title`}
      className="m-auto w-[min(32rem,calc(100%-2rem))] rounded-xl p-0 shadow-2xl backdrop:bg-black/50"
    >
      <div className="flex items-center justify-between border-b border-slate-200 px-6 py-4">
        <h2 id={`${ids}-title`} className="text-xl font-bold text-brand-900">Payment</h2>
        <form method="dialog">
          <button type="submit" aria-label="Close" className="rounded-md px-2 text-3xl leading-none text-slate-600 hover:bg-slate-100 hover:text-slate-900">
            ×
          </button>
        </form>
      </div>
      <form onSubmit={submit} onFocus={prepare} onPointerEnter={prepare} noValidate className="space-y-4 px-6 py-5">
        <div>
          <label htmlFor={`${ids}-currency`} className={labelClass}>Currency</label>
          <select id={`${ids}-currency`} className={inputClass} value={currency} onChange={(e) => props.onCurrencyChange(e.target.value as Currency)}>
            {CURRENCIES.map((c) => <option key={c.value} value={c.value}>{c.label}</option>)}
          </select>
        </div>
        {unavailable && config ? (
          <p role="alert" className="rounded-md bg-amber-50 px-4 py-3 text-amber-900">{notConfigured(currency, config)}</p>
        ) : null}
        <fieldset disabled={unavailable || busy} className="space-y-4">
          <div>
            <label htmlFor={`${ids}-name`} className={labelClass}>Name</label>
            <input id={`${ids}-name`} className={inputClass} name="name" required autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
          </div>
          <div>
            <label htmlFor={`${ids}-email`} className={labelClass}>Email</label>
            <input id={`${ids}-email`} className={inputClass} name="email" type="email" required autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          </div>
          <div>
            <label htmlFor={`${ids}-amount`} className={labelClass}>Amount ({currency})</label>
            <input
              id={`${ids}-amount`} aria-describedby={props.amountIsTyped ? `${ids}-amount-hint` : undefined} className={inputClass} name="amount" type="number" inputMode="decimal" min="0.01" step="0.01" required
              value={props.amount} onChange={(e) => props.onAmountChange(e.target.value)}
            />
            {props.amountIsTyped ? <p id={`${ids}-amount-hint`} className="mt-1 text-sm text-slate-600">Type the amount you were given.</p> : null}
          </div>
          <div>
            <label htmlFor={`${ids}-paper`} className={labelClass}>Paper ID <span className="font-normal text-slate-600">(optional)</span></label>
            <input id={`${ids}-paper`} className={inputClass} name="paperId" value={paperId} onChange={(e) => setPaperId(e.target.value)} />
          </div>
          {error ? <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-red-800">{error}</p> : null}
          <button type="submit" className="w-full rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60">
            {busy ? 'Opening the payment page…' : currency === 'INR' ? 'Pay with PayU' : 'Pay by card'}
          </button>
        </fieldset>
      </form>
    </dialog>
  );
}
