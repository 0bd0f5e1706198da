#!/usr/bin/env node
// Local stand-ins for Stripe Checkout and PayU's hosted checkout (decision 0077), so the whole card and PayU paths can be
// tried on a laptop before real keys are entered: `node scripts/payment-fakes.mjs`, then start the server with the
// variables it prints. Nothing leaves the machine. The tests use their own in-process fakes (tests/support/stripe-fake.ts,
// tests/support/payu.ts); this is the same protocol with a page a person can click.
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';

const HOST = '127.0.0.1';
const STRIPE_PORT = Number(process.env.FAKE_STRIPE_PORT ?? 12111);
const PAYU_PORT = Number(process.env.FAKE_PAYU_PORT ?? 12112);
const PAYU_KEY = process.env.PAYU_KEY ?? 'laptopKey';
const PAYU_SALT = process.env.PAYU_SALT ?? 'laptopSalt';

const escape = (s) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (title, body) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
  `<title>${escape(title)}</title><style>body{font:16px system-ui;max-width:34rem;margin:3rem auto;padding:0 1rem}` +
  `button{font:inherit;padding:.6rem 1.2rem;margin-right:.5rem}dt{font-weight:600}</style></head><body>${body}</body></html>`;
const readBody = (req) =>
  new Promise((resolve) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => resolve(new URLSearchParams(raw)));
  });

// Stripe: the two calls the server makes (create and retrieve a Checkout session), and a checkout page to pay on.
const sessions = new Map();
http
  .createServer(async (req, res) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', `http://${HOST}:${STRIPE_PORT}`);
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const id = `cs_test_laptop_${randomBytes(6).toString('hex')}`;
      const session = {
        id,
        object: 'checkout.session',
        url: `http://${HOST}:${STRIPE_PORT}/pay/${id}`,
        status: 'open',
        payment_status: 'unpaid',
        client_reference_id: body.get('client_reference_id'),
        metadata: { txnid: body.get('metadata[txnid]') },
        amount_total: Number(body.get('line_items[0][price_data][unit_amount]')),
        currency: body.get('line_items[0][price_data][currency]'),
        customer_email: body.get('customer_email'),
        product: body.get('line_items[0][price_data][product_data][name]'),
        success_url: body.get('success_url'),
        cancel_url: body.get('cancel_url'),
      };
      sessions.set(id, session);
      res.setHeader('content-type', 'application/json');
      return res.end(JSON.stringify(session));
    }
    const api = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && api && sessions.has(api[1])) {
      res.setHeader('content-type', 'application/json');
      return res.end(JSON.stringify(sessions.get(api[1])));
    }
    const pay = /^\/pay\/([^/]+)$/.exec(url.pathname);
    const session = pay && sessions.get(pay[1]);
    if (session && req.method === 'GET') {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      return res.end(
        page(
          'Fake card checkout',
          `<h1>Fake card checkout</h1><p>No card is charged: this is scripts/payment-fakes.mjs.</p>` +
            `<dl><dt>For</dt><dd>${escape(session.product)}</dd><dt>Amount</dt><dd>${(session.amount_total / 100).toFixed(2)} ${escape(String(session.currency).toUpperCase())}</dd>` +
            `<dt>Payer</dt><dd>${escape(session.customer_email)}</dd></dl>` +
            `<form method="post"><button name="outcome" value="paid">Pay</button><button name="outcome" value="cancel">Cancel</button></form>`,
        ),
      );
    }
    if (session && req.method === 'POST') {
      if (body.get('outcome') === 'paid') {
        Object.assign(session, { status: 'complete', payment_status: 'paid' });
        res.writeHead(303, { location: String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id) });
      } else res.writeHead(303, { location: session.cancel_url });
      return res.end();
    }
    res.statusCode = 404;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'No such session' } }));
  })
  .listen(STRIPE_PORT, HOST);

// PayU: the hosted checkout the server's hand-off page posts to; its answer is signed with the salt as PayU signs it
// (src/server/payments/payu.ts hashPayuResponse) and posted back to surl or furl from the payer's browser.
const sha512 = (s) => createHash('sha512').update(s).digest('hex');
function payuAnswer(form, status) {
  const f = Object.fromEntries(['key', 'txnid', 'amount', 'productinfo', 'firstname', 'email', 'phone'].map((k) => [k, form.get(k) ?? '']));
  const answer = { mihpayid: String(Date.now()), mode: 'CC', status, ...f, udf1: '', udf2: '', udf3: '', udf4: '', udf5: '' };
  const hash = sha512(
    [PAYU_SALT, status, '', '', '', '', '', '', '', '', '', '', f.email, f.firstname, f.productinfo, f.amount, f.txnid, f.key].join('|'),
  );
  return { ...answer, hash };
}
http
  .createServer(async (req, res) => {
    const form = await readBody(req);
    res.setHeader('content-type', 'text/html; charset=utf-8');
    if (req.method !== 'POST') return res.end(page('Fake PayU', '<p>Post a payment form here.</p>'));
    const hidden = (fields) =>
      Object.entries(fields)
        .map(([k, v]) => `<input type="hidden" name="${escape(k)}" value="${escape(v)}">`)
        .join('');
    const target = (status) =>
      `<form method="post" action="${escape(form.get(status === 'success' ? 'surl' : 'furl'))}">${hidden(payuAnswer(form, status))}` +
      `<button>${status === 'success' ? 'Pay' : 'Fail the payment'}</button></form>`;
    res.end(
      page(
        'Fake PayU checkout',
        `<h1>Fake PayU checkout</h1><p>No money moves: this is scripts/payment-fakes.mjs.</p>` +
          `<dl><dt>For</dt><dd>${escape(form.get('productinfo'))}</dd><dt>Amount</dt><dd>₹${escape(form.get('amount'))}</dd>` +
          `<dt>Payer</dt><dd>${escape(form.get('firstname'))} &lt;${escape(form.get('email'))}&gt;</dd></dl>${target('success')}${target('failure')}`,
      ),
    );
  })
  .listen(PAYU_PORT, HOST);

console.log(`Fake Stripe on http://${HOST}:${STRIPE_PORT}, fake PayU on http://${HOST}:${PAYU_PORT}/_payment
Start the server with:

  STRIPE_SECRET_KEY=sk_test_laptop STRIPE_API_URL=http://${HOST}:${STRIPE_PORT} \\
  PAYU_KEY=${PAYU_KEY} PAYU_SALT=${PAYU_SALT} PAYU_URL=http://${HOST}:${PAYU_PORT}/_payment \\
  npm run dev

Stop with Ctrl-C.`);
