import { Link } from 'react-router';
import { formatMoney } from '../../../lib/format';
import type { PaymentJson } from '../../../../core/schemas/payment';

/**
 * The editor's "For" cell: paper or product, the fee item chosen, its expected amount, the registration it pays with
 * what that still owes (decision 0056), and a flag when a paid payment is short.
 */
export function PaymentFeeCell({ payment: p }: { payment: PaymentJson }) {
  const r = p.registration;
  return (
    <>
      {p.product}
      {p.feeLabel ? (
        <>
          <br />
          <span className="text-slate-700">{p.feeLabel}</span>
        </>
      ) : null}
      {p.expectedAmount ? (
        <>
          <br />
          <span className="tabular-nums text-slate-700">
            Expected: {p.expectedAmount} {p.currency}
          </span>
        </>
      ) : null}
      {r ? (
        <>
          <br />
          <Link to={`/editor/registrations/${r.id}`} className="text-brand-700 underline">
            Registration {r.code}
          </Link>
          {r.status === 'pending' && r.owedMinor > 0 ? (
            <span className="tabular-nums text-slate-700">
              : price {formatMoney(r.amountMinor, r.currency)}, received {formatMoney(r.receivedMinor, r.currency)}, still owed{' '}
              {formatMoney(r.owedMinor, r.currency)}
            </span>
          ) : (
            <span className="text-slate-700">: {r.status}</span>
          )}
        </>
      ) : null}
      {p.underpaid ? (
        <>
          <br />
          <strong className="mt-1 inline-block rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">
            {r ? 'Underpaid: the registration is not paid' : 'Paid less than the expected fee'}
          </strong>
        </>
      ) : null}
    </>
  );
}
