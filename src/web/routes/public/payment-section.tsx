import { useEffect, useId, useRef, useState } from 'react';
import {
  FEE_KINDS, feeUsd, FEES_WITHOUT_PUBLICATION, isPublication, PAYER_CATEGORIES, PUBLICATIONS, REGISTRATIONS, toCurrency, USD_TO_INR,
  type Currency, type FeeKind, type PayerCategory, type Registration,
} from '../../../core/fees';
import type { PaymentsConfigJson } from '../../../core/schemas/payment';
import { getPaymentsConfig } from '../../api/public-payments';
import { conference, mailLink, phoneLink } from '../../content/conference';
import { PaymentModal } from './payment-modal';

const formatMoney = (amount: number, currency: Currency) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency, minimumFractionDigits: Number.isInteger(amount) ? 0 : 2, maximumFractionDigits: 2 }).format(amount);

const labelClass = 'block text-sm font-semibold text-slate-800';
const selectClass = 'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-brand-600';

/** The registration page's payment section: fee choice, Pay button and the payment modal. */
export function PaymentSection() {
  const [kind, setKind] = useState<FeeKind | ''>('');
  const [category, setCategory] = useState<PayerCategory>(PAYER_CATEGORIES[0]);
  const [registration, setRegistration] = useState<Registration>(REGISTRATIONS[0]);
  const [currency, setCurrency] = useState<Currency>('INR');
  const [amount, setAmount] = useState('');
  const [config, setConfig] = useState<PaymentsConfigJson | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();

  const usd = feeUsd(kind, category, registration);
  // Any change of a choice or the currency fills the amount again; the payer may still edit it.
  useEffect(() => {
    setAmount(usd === null ? '' : String(toCurrency(usd, currency)));
  }, [usd, currency]);

  useEffect(() => {
    getPaymentsConfig().then((c) => {
      setConfig(c);
      // Open the modal on an option that works.
      if (!c.payu && c.card) setCurrency('USD');
    }, (err: unknown) => console.error(err));
  }, []);

  return (
    <section id="payment" aria-labelledby="payment-heading" className="mx-auto max-w-7xl px-4 py-10">
      <h2 id="payment-heading" className="text-2xl font-bold text-brand-900">Pay the registration fee online</h2>
      <p className="mt-2 max-w-3xl text-slate-700">
        Payers in India pay in rupees through PayU; everyone else pays in US dollars by card.
        Rupee amounts use the stated rate of 1 dollar = {USD_TO_INR} rupees.
      </p>
      <div className="mt-6 grid max-w-5xl gap-4 md:grid-cols-2 lg:grid-cols-3">
        <div>
          <label htmlFor={`${id}-kind`} className={labelClass}>Fee</label>
          <select id={`${id}-kind`} className={selectClass} value={kind} onChange={(e) => setKind(e.target.value as FeeKind | '')}>
            <option value="">Choose what you are paying for</option>
            {FEE_KINDS.map((k) => <option key={k.value} value={k.value}>{k.label}</option>)}
          </select>
        </div>
        {kind === 'conference' ? (
          <>
            <div>
              <label htmlFor={`${id}-registration`} className={labelClass}>Registration</label>
              <select id={`${id}-registration`} className={selectClass} value={registration} onChange={(e) => setRegistration(e.target.value as Registration)}>
                <optgroup label="With publication">
                  {PUBLICATIONS.map((p) => <option key={p} value={p}>{p}</option>)}
                </optgroup>
                <optgroup label="Without publication">
                  {FEES_WITHOUT_PUBLICATION.map((f) => <option key={f.item} value={f.item}>{f.item}</option>)}
                </optgroup>
              </select>
            </div>
            {isPublication(registration) ? (
              <div>
                <label htmlFor={`${id}-category`} className={labelClass}>Payer category</label>
                <select id={`${id}-category`} className={selectClass} value={category} onChange={(e) => setCategory(e.target.value as PayerCategory)}>
                  {PAYER_CATEGORIES.map((c) => <option key={c} value={c}>{c}</option>)}
                </select>
              </div>
            ) : null}
          </>
        ) : null}
      </div>
      <p className="mt-4 text-slate-800" aria-live="polite">
        {usd !== null
          ? <>Fee: <strong>{formatMoney(usd, 'USD')}</strong> (<strong>{formatMoney(toCurrency(usd, 'INR'), 'INR')}</strong>). Add extra pages or several items in the amount if needed.</>
          : kind === 'workshop'
            ? 'The workshop fee is not listed here: type the amount you were given in the payment form.'
            : 'Choose a fee to fill in the amount, or type the amount yourself in the payment form.'}
      </p>
      {config && !(config.payu && config.card) ? (
        <div data-testid="payment-availability" className="mt-4 max-w-3xl rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">
          <p className="font-semibold">
            {config.payu ? 'Card payment in US dollars is not available yet: pay in rupees through PayU.'
              : config.card ? 'Rupee payment through PayU is not available yet: pay in US dollars by card.'
                : 'Online payment is not available yet.'}
          </p>
          <p className="mt-1">
            To pay by bank transfer, write to <a href={mailLink} className="font-semibold underline">{conference.contact.email}</a> or
            call <a href={phoneLink} className="font-semibold whitespace-nowrap underline">{conference.contact.phone}</a>: the organisers send the bank details.
          </p>
        </div>
      ) : null}
      <button
        type="button"
        onClick={() => dialog.current?.showModal()}
        className="mt-4 rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
      >
        Pay Now
      </button>
      <PaymentModal
        ref={dialog}
        config={config}
        currency={currency}
        onCurrencyChange={setCurrency}
        amount={amount}
        onAmountChange={setAmount}
        amountIsTyped={usd === null}
        fee={{ kind, category, registration }}
      />
    </section>
  );
}
