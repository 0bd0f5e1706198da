import type { PaymentJson } from '../../../core/schemas/payment';

/** The editor's "For" cell: paper or product, the fee item chosen, its expected amount, and a flag when a paid paper fee is short. */
export function PaymentFeeCell({ payment: p }: { payment: PaymentJson }) {
  return (
    <>
      {p.product}
      {p.feeLabel ? <><br /><span className="text-slate-700">{p.feeLabel}</span></> : null}
      {p.expectedAmount ? <><br /><span className="tabular-nums text-slate-700">Expected: {p.expectedAmount} {p.currency}</span></> : null}
      {p.underpaid ? (
        <><br /><strong className="mt-1 inline-block rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">Paid less than the expected fee</strong></>
      ) : null}
    </>
  );
}
