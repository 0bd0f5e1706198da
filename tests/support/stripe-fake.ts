import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Just enough of Stripe's API for Checkout (its payment tests point STRIPE_API_URL here): create and retrieve sessions, which a test can mark paid. */
export function startFakeStripe() {
  const sessions = new Map<string, Record<string, unknown>>();
  const requests: { method: string; url: string; body: URLSearchParams; auth: string }[] = [];
  let n = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const body = new URLSearchParams(raw);
      requests.push({ method: req.method!, url: req.url!, body, auth: req.headers.authorization ?? '' });
      res.setHeader('content-type', 'application/json');
      if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
        const id = `cs_test_fake${++n}`;
        const session = {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.com/c/pay/${id}`,
          status: 'open',
          payment_status: 'unpaid',
          client_reference_id: body.get('client_reference_id'),
          metadata: { txnid: body.get('metadata[txnid]') },
          amount_total: Number(body.get('line_items[0][price_data][unit_amount]')),
          currency: body.get('line_items[0][price_data][currency]'),
        };
        sessions.set(id, session);
        res.end(JSON.stringify(session));
        return;
      }
      const m = /^\/v1\/checkout\/sessions\/([^/?]+)/.exec(req.url ?? '');
      if (req.method === 'GET' && m && sessions.has(m[1]!)) {
        res.end(JSON.stringify(sessions.get(m[1]!)));
        return;
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'No such session' } }));
    });
  });
  return {
    sessions,
    requests,
    server,
    listen: () => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
