const inputClass = 'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-brand-600 disabled:bg-slate-100';
const labelClass = 'block text-sm font-semibold text-slate-800';

/** Each option names its own currency and provider. */
const CURRENCIES = [
  { value: 'INR', label: 'INR — rupees, through PayU' },
  { value: 'USD', label: 'USD — by card, through Stripe' },
];

/**
 * The payment form (docs/product.md#payments) in a native <dialog>: the cross and Escape close it. Drawn as it opens before any
 * choice (rupees, amount typed by the payer); payment-section.island.ts keeps it in step and sends it.
 */
export function PaymentModal() {
  return (
    <dialog aria-labelledby="payment-title" className="m-auto w-[min(32rem,calc(100%-2rem))] rounded-xl p-0 shadow-2xl backdrop:bg-black/50" data-pay-dialog>
      <div className="flex items-center justify-between border-b border-slate-200 px-6 py-4">
        <h2 id="payment-title" className="text-xl font-bold text-brand-900">Payment</h2>
        <form method="dialog">
          <button type="submit" aria-label="Close" className="rounded-md px-2 text-3xl leading-none text-slate-600 hover:bg-slate-100 hover:text-slate-900">
            ×
          </button>
        </form>
      </div>
      <form noValidate className="space-y-4 px-6 py-5" data-pay-form>
        <div>
          <label htmlFor="payment-currency" className={labelClass}>Currency</label>
          <select id="payment-currency" className={inputClass} defaultValue="INR">
            {CURRENCIES.map((c) => <option key={c.value} value={c.value}>{c.label}</option>)}
          </select>
        </div>
        <p role="alert" hidden className="rounded-md bg-amber-50 px-4 py-3 text-amber-900" data-pay-unavailable />
        <fieldset className="space-y-4">
          <div>
            <label htmlFor="payment-name" className={labelClass}>Name</label>
            <input id="payment-name" className={inputClass} name="name" required autoComplete="name" />
          </div>
          <div>
            <label htmlFor="payment-email" className={labelClass}>Email</label>
            <input id="payment-email" className={inputClass} name="email" type="email" required autoComplete="email" />
          </div>
          <div>
            <label htmlFor="payment-amount" className={labelClass}>Amount (INR)</label>
            <input
              id="payment-amount" aria-describedby="payment-amount-hint" className={inputClass} name="amount" type="number" inputMode="decimal" min="0.01" step="0.01" required
            />
            <p id="payment-amount-hint" className="mt-1 text-sm text-slate-600">Type the amount you were given.</p>
          </div>
          <div>
            <label htmlFor="payment-paper" className={labelClass}>Paper ID <span className="font-normal text-slate-600">(optional)</span></label>
            <input id="payment-paper" className={inputClass} name="paperId" />
          </div>
          <p role="alert" hidden className="rounded-md bg-red-50 px-4 py-3 text-red-800" data-pay-error />
          <button type="submit" className="w-full rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60">
            Pay with PayU
          </button>
        </fieldset>
      </form>
    </dialog>
  );
}
