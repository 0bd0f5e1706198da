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
  udf1?: string;
  udf2?: string;
  udf3?: string;
  udf4?: string;
  udf5?: string;
}

export interface PayuResponseFields extends PayuRequestFields {
  status: string;
  additionalCharges?: string;
}

const sha512 = (s: string) => createHash('sha512').update(s, 'utf8').digest('hex');

/** key|txnid|amount|productinfo|firstname|email|udf1|udf2|udf3|udf4|udf5||||||salt */
export function hashPayuRequest(f: PayuRequestFields, salt: string): string {
  return sha512(
    [
      f.key,
      f.txnid,
      f.amount,
      f.productinfo,
      f.firstname,
      f.email,
      f.udf1 ?? '',
      f.udf2 ?? '',
      f.udf3 ?? '',
      f.udf4 ?? '',
      f.udf5 ?? '',
      '',
      '',
      '',
      '',
      '',
      salt,
    ].join('|'),
  );
}

/** [additionalCharges|]salt|status||||||udf5|udf4|udf3|udf2|udf1|email|firstname|productinfo|amount|txnid|key */
export function hashPayuResponse(f: PayuResponseFields, salt: string): string {
  const fields = [
    salt,
    f.status,
    '',
    '',
    '',
    '',
    '',
    f.udf5 ?? '',
    f.udf4 ?? '',
    f.udf3 ?? '',
    f.udf2 ?? '',
    f.udf1 ?? '',
    f.email,
    f.firstname,
    f.productinfo,
    f.amount,
    f.txnid,
    f.key,
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

/**
 * The fields of PayU's answer that we read or keep, each with the longest value we store
 * (decision 0019): a callback's form is cut to these before anything is verified or recorded, so a post of
 * 1 MB (refused or not) stores about a kilobyte at most. Our own values always fit: txnid is our id,
 * firstname ≤ 60 and productinfo ≤ 100 by the initiate schema, e-mail ≤ 254, the hash is 128 hex.
 */
export const PAYU_CALLBACK_FIELDS = {
  key: 64,
  txnid: 64,
  amount: 20,
  productinfo: 100,
  firstname: 60,
  email: 254,
  phone: 20,
  udf1: 64,
  udf2: 64,
  udf3: 64,
  udf4: 64,
  udf5: 64,
  status: 20,
  hash: 130,
  additionalCharges: 20,
  mihpayid: 64,
  mode: 20,
  bank_ref_num: 64,
  unmappedstatus: 32,
  error: 32,
  error_Message: 200,
} as const;

export function cutPayuCallbackForm(form: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, max] of Object.entries(PAYU_CALLBACK_FIELDS)) {
    const value = Object.hasOwn(form, name) ? form[name] : undefined;
    // Cut by code points, never inside a surrogate pair (half a pair is text PostgreSQL cannot store).
    if (typeof value === 'string') out[name] = value.slice(0, max).replace(/[\uD800-\uDBFF]$/, '');
  }
  return out;
}
