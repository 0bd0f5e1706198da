import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * PayU hosted checkout: the request and response hashes of PayU's documented formula (SHA-512, lowercase
 * hex). We never set the udf fields; they are still part of the formula, so a callback that carries
 * them back hashes correctly.
 */
export interface PayuRequestFields {
  key: string;
  txnid: string;
  /** Two decimals, exactly as posted to PayU. */
  amount: string;
  productinfo: string;
  firstname: string;
  email: string;
  udf1?: string; udf2?: string; udf3?: string; udf4?: string; udf5?: string;
}

export interface PayuResponseFields extends PayuRequestFields {
  status: string;
  additionalCharges?: string;
}

const sha512 = (s: string) => createHash('sha512').update(s, 'utf8').digest('hex');

/** key|txnid|amount|productinfo|firstname|email|udf1|udf2|udf3|udf4|udf5||||||salt */
export function hashPayuRequest(f: PayuRequestFields, salt: string): string {
  return sha512([
    f.key, f.txnid, f.amount, f.productinfo, f.firstname, f.email,
    f.udf1 ?? '', f.udf2 ?? '', f.udf3 ?? '', f.udf4 ?? '', f.udf5 ?? '',
    '', '', '', '', '', salt,
  ].join('|'));
}

/** [additionalCharges|]salt|status||||||udf5|udf4|udf3|udf2|udf1|email|firstname|productinfo|amount|txnid|key */
export function hashPayuResponse(f: PayuResponseFields, salt: string): string {
  const fields = [
    salt, f.status, '', '', '', '', '',
    f.udf5 ?? '', f.udf4 ?? '', f.udf3 ?? '', f.udf2 ?? '', f.udf1 ?? '',
    f.email, f.firstname, f.productinfo, f.amount, f.txnid, f.key,
  ];
  if (f.additionalCharges) fields.unshift(f.additionalCharges);
  return sha512(fields.join('|'));
}

/** Whether `hash` is the response hash of these fields, compared in constant time. */
export function verifyPayuResponse(f: PayuResponseFields, hash: string, salt: string): boolean {
  const want = Buffer.from(hashPayuResponse(f, salt), 'utf8');
  const got = Buffer.from(hash.trim().toLowerCase(), 'utf8');
  return want.length === got.length && timingSafeEqual(want, got);
}
