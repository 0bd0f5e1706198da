/**
 * The small HTML pages of the payment flow. They are served by the API (not the React app) because
 * the payer's browser arrives here from PayU or Stripe with a form post, or opens the PayU hand-off in a
 * new window. Every value is escaped; no page loads anything from elsewhere.
 */
import { escapeHtml } from '../../core/html';
import { STILL_OWED } from '../../core/messages';

const STYLE = `body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;margin:0;padding:2rem 1rem;background:#eef4fb;color:#0b1f3b}
main{max-width:32rem;margin:0 auto;background:#fff;border-radius:.75rem;padding:2rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{margin-top:0;font-size:1.5rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
button,.button{display:inline-block;margin-top:1rem;padding:.65rem 1.25rem;border:0;border-radius:.375rem;background:#163d72;color:#fff;font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
.paid{color:#166534}.failed{color:#991b1b}.pending{color:#92400e}`;

function page(title: string, body: string, script = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>${script}
</body>
</html>
`;
}

/** The one script of the payment pages; its hash is allowed by the Content-Security-Policy. */
export const PAYU_AUTOSUBMIT_SCRIPT = 'document.getElementById("payu-form").submit();';

/** The hand-off to PayU: a POST form that submits itself, with a visible Continue button for no-JavaScript. */
export function renderPayuRedirectPage(input: { action: string; fields: Record<string, string>; amountLabel: string }): string {
  const inputs = Object.entries(input.fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  return page(
    'Redirecting to PayU',
    `<h1>Redirecting to PayU</h1>
<p>You are being taken to PayU's secure page to pay ${escapeHtml(input.amountLabel)}.</p>
<form id="payu-form" method="post" action="${escapeHtml(input.action)}">
${inputs}
<button type="submit">Continue to PayU</button>
</form>`,
    `\n<script>${PAYU_AUTOSUBMIT_SCRIPT}</script>`,
  );
}

export interface ResultView {
  status: 'paid' | 'failed' | 'pending';
  txnid: string;
  amount: string;
  currency: string;
  name: string;
  product: string;
  registrationUrl: string;
  /** What the registration still owes after this payment ("INR 44,399.00"), or null when nothing is (decision 0056). */
  owed?: string | null;
}

const HEADINGS = { paid: 'Payment received', failed: 'Payment failed', pending: 'Payment not confirmed yet' } as const;

/** What the payer sees after PayU or Stripe sends them back. */
export function renderResultPage(v: ResultView): string {
  const text = {
    paid: `Thank you, ${v.name}. Your payment is recorded; keep the transaction ID for your records.`,
    failed: 'The payment did not go through. You can try again from the registration page.',
    pending:
      'The payment provider has not confirmed this payment yet. If money was taken, it will be recorded when the confirmation arrives; please keep the transaction ID.',
  }[v.status];
  const owed = v.status === 'paid' && v.owed ? `\n<p class="pending">${escapeHtml(STILL_OWED(v.owed))}</p>` : '';
  return page(
    HEADINGS[v.status],
    `<h1 class="${v.status}">${escapeHtml(HEADINGS[v.status])}</h1>
<p>${escapeHtml(text)}</p>${owed}
<dl>
<dt>Transaction ID</dt><dd>${escapeHtml(v.txnid)}</dd>
<dt>Amount</dt><dd>${escapeHtml(`${v.amount} ${v.currency}`)}</dd>
<dt>For</dt><dd>${escapeHtml(v.product)}</dd>
</dl>
<a class="button" href="${escapeHtml(v.registrationUrl)}">Back to registration</a>`,
  );
}

/** A callback we could not accept: the payer gets a page, not JSON. */
export function renderRejectedPage(input: { message: string; registrationUrl: string }): string {
  return page(
    'Payment could not be confirmed',
    `<h1 class="failed">Payment could not be confirmed</h1>
<p>${escapeHtml(input.message)}</p>
<p>If money was taken from your account, please contact the organisers with your transaction ID.</p>
<a class="button" href="${escapeHtml(input.registrationUrl)}">Back to registration</a>`,
  );
}
