import type { Currency } from './fees';

/*
 * Money as text, apart from core/format.ts's dates so that a public page's island that writes a fee loads
 * only this (format.ts keeps its date formatters in module-level caches, which a bundle cannot drop).
 * format.ts re-exports every function here.
 */

const twoDigits = (n: number) => String(n).padStart(2, '0');
/** "1,234": a count, grouped by thousands. */
export const formatCount = (n: number): string => n.toLocaleString('en-US');

/** "USD 550.00", "INR 40,700.00", "USD -5.00": minor units (cents, paise) and the currency, without floating point. */
export function formatMoney(minor: number, currency: Currency): string {
  return `${currency} ${minor < 0 ? '-' : ''}${formatCount(Math.floor(Math.abs(minor) / 100))}.${twoDigits(Math.abs(minor) % 100)}`;
}

/** "7400.00": minor units as plain decimal text (the payments table's amounts, the exports' amount columns). */
export function formatMinorDecimal(minor: number): string {
  return `${minor < 0 ? '-' : ''}${Math.floor(Math.abs(minor) / 100)}.${twoDigits(Math.abs(minor) % 100)}`;
}

/** "USD 550", "INR 40,700", "INR 1,00,000": whole units as the public fee tables write them (rupees grouped as in India). */
export function formatFee(amount: number, currency: Currency): string {
  return `${currency} ${amount.toLocaleString(currency === 'INR' ? 'en-IN' : 'en-US')}`;
}

const feeSymbolFormatters = new Map<string, Intl.NumberFormat>();
/** "$550", "₹40,700", "$12.50": an amount in whole units as the payment form writes it (cents only when there are some). */
export function formatFeeSymbol(amount: number, currency: Currency): string {
  const whole = Number.isInteger(amount);
  const key = `${currency} ${whole}`;
  let f = feeSymbolFormatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat('en-IN', { style: 'currency', currency, minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 });
    feeSymbolFormatters.set(key, f);
  }
  return f.format(amount);
}
