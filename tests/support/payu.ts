import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { hashPayuResponse } from '../../src/server/payments/payu';

/** The hidden fields of PayU's payment page our server answers with. */
export const payuFields = (html: string) =>
  Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!]));

/**
 * What PayU posts back for the payment our server started with these hidden fields, signed with `salt` as PayU signs
 * it. `set` changes the answer before it is signed (status 'failure', additionalCharges, mode); `hash` replaces the
 * signature (a forgery).
 */
export function payuAnswer(
  fields: Record<string, string>,
  opts: { salt: string; set?: Record<string, string>; hash?: string },
): Record<string, string> {
  const answer = {
    mihpayid: '403993715531234567',
    mode: 'CC',
    status: 'success',
    key: fields.key!,
    txnid: fields.txnid!,
    amount: fields.amount!,
    productinfo: fields.productinfo!,
    firstname: fields.firstname!,
    email: fields.email!,
    phone: fields.phone ?? '',
    udf1: '',
    udf2: '',
    udf3: '',
    udf4: '',
    udf5: '',
    ...opts.set,
  };
  return { ...answer, hash: opts.hash ?? hashPayuResponse(answer, opts.salt) };
}

/**
 * PayU confirms that payment (a correctly signed success answer, posted back from the payer's browser, from
 * `remoteAddress` when given): the server's reply.
 */
export function payuSucceeds(app: FastifyInstance, opts: { salt: string; fields: Record<string, string>; remoteAddress?: string }) {
  return app.inject({
    method: 'POST',
    url: '/api/payu/success',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(payuAnswer(opts.fields, { salt: opts.salt })).toString(),
    remoteAddress: opts.remoteAddress,
  });
}

/** Start a PayU payment and have PayU confirm it (a correctly signed success answer); returns the txnid. */
export async function payAndConfirm(app: FastifyInstance, salt: string, body: Record<string, unknown>): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/payu/initiate', payload: body });
  expect(res.statusCode, res.body).toBe(200);
  const fields = payuFields(res.body);
  const cb = await payuSucceeds(app, { salt, fields });
  expect(cb.statusCode, cb.body).toBe(200);
  return fields.txnid!;
}
