import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { hashPayuResponse } from '../../src/server/payments/payu';

/** The hidden fields of PayU's payment page our server answers with. */
export const payuFields = (html: string) => Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!]));

/** Start a PayU payment and have PayU confirm it (a correctly hashed success callback); returns the txnid. */
export async function payAndConfirm(app: FastifyInstance, salt: string, body: Record<string, unknown>): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/payu/initiate', payload: body });
  expect(res.statusCode, res.body).toBe(200);
  const f = payuFields(res.body);
  const answer = {
    mihpayid: '4039937155', mode: 'CC', status: 'success', key: f.key!, txnid: f.txnid!, amount: f.amount!, productinfo: f.productinfo!,
    firstname: f.firstname!, email: f.email!, phone: f.phone!, udf1: '', udf2: '', udf3: '', udf4: '', udf5: '',
  };
  const cb = await app.inject({
    method: 'POST', url: '/api/payu/success', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...answer, hash: hashPayuResponse(answer, salt) }).toString(),
  });
  expect(cb.statusCode, cb.body).toBe(200);
  return f.txnid!;
}
