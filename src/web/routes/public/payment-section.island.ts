import {
  feeUsd, isPublication, toCurrency, type Currency, type FeeKind, type PayerCategory, type Registration,
} from '../../../core/fees';
import { formatFeeSymbol } from '../../../core/format-money';
import { MESSAGES } from '../../../core/messages';
import type { FeeItem } from '../../../core/schemas/fee-item';
import type { PaymentsConfigJson } from '../../../core/schemas/payment';
import { createCardCheckout, getPaymentsConfig, initiatePayuPayment } from '../../api/public-payments';
import { h } from '../../lib/dom';

type Schemas = [typeof import('../../../core/schemas/payment'), typeof import('../../../core/schemas/fee-item')];
let schemas: Promise<Schemas> | undefined;
/**
 * The payment schemas, shared with the server, are fetched when the payer starts on the form rather than
 * with the page: they bring zod, which is most of the page's JavaScript otherwise (decision 0030).
 */
const loadSchemas = () => (schemas ??= Promise.all([import('../../../core/schemas/payment'), import('../../../core/schemas/fee-item')])
  .catch((err: unknown) => { schemas = undefined; throw err; }));

/** Each option names its own currency and provider; the other option is offered only when it works. */
function notConfigured(currency: Currency, config: PaymentsConfigJson): string {
  const other = currency === 'INR' ? config.card : config.payu;
  return currency === 'INR'
    ? `Rupee payment (INR) through PayU is not configured yet.${other ? ' You can pay in US dollars by card instead.' : ''} To pay by bank transfer, see the contact above the Pay Now button.`
    : `Card payment in US dollars (USD, Stripe) is not configured yet.${other ? ' You can pay in rupees through PayU instead.' : ''} To pay by bank transfer, see the contact above the Pay Now button.`;
}

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

/**
 * The registration page's payment (docs/product.md#payments) on PaymentSection's markup: the fee chosen fills the amount
 * in the payer's currency (they may still edit it), the Pay Now button opens the modal, the form is checked
 * with the server's own schemas and hands the payer over to PayU or Stripe.
 */
export function mountPaymentSection() {
  const root = document.querySelector<HTMLElement>('[data-payment]');
  const dialog = root?.querySelector<HTMLDialogElement>('dialog[data-pay-dialog]');
  const form = dialog?.querySelector<HTMLFormElement>('form[data-pay-form]');
  if (!root || !dialog || !form) return;
  const $ = <T extends HTMLElement>(selector: string) => root.querySelector<T>(selector)!;
  const kind = $<HTMLSelectElement>('#payment-kind');
  const registration = $<HTMLSelectElement>('#payment-registration');
  const category = $<HTMLSelectElement>('#payment-category');
  const currency = $<HTMLSelectElement>('#payment-currency');
  const amount = $<HTMLInputElement>('#payment-amount');
  const fields = form.querySelector('fieldset')!;
  const submitButton = fields.querySelector<HTMLButtonElement>('button[type=submit]')!;
  const error = $('[data-pay-error]');
  const unavailableAlert = $('[data-pay-unavailable]');
  const availability = $('[data-testid="payment-availability"]');
  let config: PaymentsConfigJson | null = null;
  let busy = false;

  const choice = () => ({ kind: kind.value as FeeKind | '', category: category.value as PayerCategory, registration: registration.value as Registration });
  const usdNow = () => { const c = choice(); return feeUsd(c.kind, c.category, c.registration); };
  const currencyNow = () => currency.value as Currency;

  const draw = () => {
    const c = choice();
    const usd = usdNow();
    const cur = currencyNow();
    for (const when of root.querySelectorAll<HTMLElement>('[data-pay-when]')) {
      when.hidden = c.kind !== 'conference' || (when.dataset.payWhen === 'publication' && !isPublication(c.registration));
    }
    $('[data-pay-fee]').replaceChildren(...(usd !== null
      ? ['Fee: ', h('strong', {}, formatFeeSymbol(usd, 'USD')), ' (', h('strong', {}, formatFeeSymbol(toCurrency(usd, 'INR'), 'INR')), '). Add extra pages or several items in the amount if needed.']
      : [c.kind === 'workshop'
        ? 'The workshop fee is not listed here: type the amount you were given in the payment form.'
        : 'Choose a fee to fill in the amount, or type the amount yourself in the payment form.']));
    availability.hidden = !config || (config.payu && config.card);
    if (config) {
      $('[data-pay-availability]').textContent = config.payu ? 'Card payment in US dollars is not available yet: pay in rupees through PayU.'
        : config.card ? 'Rupee payment through PayU is not available yet: pay in US dollars by card.'
          : 'Online payment is not available yet.';
    }
    // The modal.
    const unavailable = config !== null && !(cur === 'INR' ? config.payu : config.card);
    unavailableAlert.hidden = !unavailable;
    unavailableAlert.textContent = unavailable && config ? notConfigured(cur, config) : '';
    fields.disabled = unavailable || busy;
    $('label[for="payment-amount"]').textContent = `Amount (${cur})`;
    // No fee table gives this amount: the payer types it.
    const hint = $('#payment-amount-hint');
    hint.hidden = usd !== null;
    if (usd === null) amount.setAttribute('aria-describedby', hint.id);
    else amount.removeAttribute('aria-describedby');
    submitButton.textContent = busy ? 'Opening the payment page…' : cur === 'INR' ? 'Pay with PayU' : 'Pay by card';
  };

  // Any change of a choice or the currency fills the amount again; the payer may still edit it.
  let filledFrom = '';
  const refill = () => {
    const usd = usdNow();
    const from = `${usd}|${currencyNow()}`;
    if (from !== filledFrom) amount.value = usd === null ? '' : String(toCurrency(usd, currencyNow()));
    filledFrom = from;
    draw();
  };
  for (const select of [kind, registration, category, currency]) select.addEventListener('change', refill);
  refill();

  getPaymentsConfig().then((c) => {
    config = c;
    // Open the modal on an option that works.
    if (!c.payu && c.card) currency.value = 'USD';
    refill();
  }, (err: unknown) => console.error(err));

  $('[data-pay-open]').addEventListener('click', () => dialog.showModal());

  const showError = (message: string) => {
    error.textContent = message;
    error.hidden = !message;
  };
  const prepare = () => { void loadSchemas().catch(() => { /* tried again on submit */ }); };
  form.addEventListener('focusin', prepare);
  form.addEventListener('pointerenter', prepare);
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    let loaded: Schemas;
    try {
      loaded = await loadSchemas();
    } catch (err) {
      console.error(err);
      showError(MESSAGES.paymentFailed);
      return;
    }
    const [{ CardCheckoutBody, PayuInitiateBody, PLACEHOLDER_PHONE }, { feeItemOf }] = loaded;
    const c = choice();
    const feeItem = feeItemOf(c.kind, c.category, c.registration);
    const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).value;
    const cur = currencyNow();
    const body = { name: value('name'), email: value('email'), amount: amount.value, productinfo: value('paperId'), ...(feeItem ? { feeItem } : {}) };
    const parsed = (cur === 'INR' ? PayuInitiateBody : CardCheckoutBody).safeParse(body);
    if (!parsed.success) {
      showError(parsed.error.issues[0]?.message ?? MESSAGES.paymentFailed);
      return;
    }
    showError('');
    busy = true;
    draw();
    await handOver(cur, body, PLACEHOLDER_PHONE);
    busy = false;
    draw();
  });
}
