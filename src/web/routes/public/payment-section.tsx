import { FEE_KINDS, FEES_WITHOUT_PUBLICATION, PAYER_CATEGORIES, PUBLICATIONS, USD_TO_INR } from '../../../core/fees';
import { conference, mailLink, phoneLink } from '../../content/conference';
import { PaymentModal } from './payment-modal';

const labelClass = 'block text-sm font-semibold text-slate-800';
const selectClass = 'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-brand-600';

/**
 * The registration page's payment section: fee choice, Pay button and the payment modal. The markup is the
 * state before any choice; payment-section.island.ts shows the choices that apply, fills the amount and pays.
 */
export function PaymentSection() {
  return (
    <section id="payment" aria-labelledby="payment-heading" className="mx-auto max-w-7xl px-4 py-10" data-payment>
      <h2 id="payment-heading" className="text-2xl font-bold text-brand-900">Pay the registration fee online</h2>
      <p className="mt-2 max-w-3xl text-slate-700">
        Payers in India pay in rupees through PayU; everyone else pays in US dollars by card.
        Rupee amounts use the stated rate of 1 dollar = {USD_TO_INR} rupees.
      </p>
      <div className="mt-6 grid max-w-5xl gap-4 md:grid-cols-2 lg:grid-cols-3">
        <div>
          <label htmlFor="payment-kind" className={labelClass}>Fee</label>
          <select id="payment-kind" className={selectClass} defaultValue="">
            <option value="">Choose what you are paying for</option>
            {FEE_KINDS.map((k) => <option key={k.value} value={k.value}>{k.label}</option>)}
          </select>
        </div>
        <div hidden data-pay-when="conference">
          <label htmlFor="payment-registration" className={labelClass}>Registration</label>
          <select id="payment-registration" className={selectClass} defaultValue={PUBLICATIONS[0]}>
            <optgroup label="With publication">
              {PUBLICATIONS.map((p) => <option key={p} value={p}>{p}</option>)}
            </optgroup>
            <optgroup label="Without publication">
              {FEES_WITHOUT_PUBLICATION.map((f) => <option key={f.item} value={f.item}>{f.item}</option>)}
            </optgroup>
          </select>
        </div>
        <div hidden data-pay-when="publication">
          <label htmlFor="payment-category" className={labelClass}>Payer category</label>
          <select id="payment-category" className={selectClass} defaultValue={PAYER_CATEGORIES[0]}>
            {PAYER_CATEGORIES.map((c) => <option key={c} value={c}>{c}</option>)}
          </select>
        </div>
      </div>
      <p className="mt-4 text-slate-800" aria-live="polite" data-pay-fee>
        Choose a fee to fill in the amount, or type the amount yourself in the payment form.
      </p>
      <div hidden data-testid="payment-availability" className="mt-4 max-w-3xl rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">
        <p className="font-semibold" data-pay-availability />
        <p className="mt-1">
          To pay by bank transfer, write to <a href={mailLink} className="font-semibold underline">{conference.contact.email}</a> or
          call <a href={phoneLink} className="font-semibold whitespace-nowrap underline">{conference.contact.phone}</a>: the organisers send the bank details.
        </p>
      </div>
      <button type="button" data-pay-open className="mt-4 rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
        Pay Now
      </button>
      <PaymentModal />
    </section>
  );
}
