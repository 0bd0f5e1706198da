import { expect, test } from 'vitest';
import { hashPayuRequest, hashPayuResponse, verifyPayuResponse } from './payu';

// Vectors computed by hand from PayU's formula, e.g.
//   printf '%s' 'gtKFFx|txn0001|10.00|Conference Registration|Ada|ada@example.org|||||||||||eCwWELxi' | sha512sum
const KEY = 'gtKFFx';
const SALT = 'eCwWELxi';
const base = {
  key: KEY,
  txnid: 'txn0001',
  amount: '10.00',
  productinfo: 'Conference Registration',
  firstname: 'Ada',
  email: 'ada@example.org',
};

test('request hash: key|txnid|amount|productinfo|firstname|email|||||||||||salt', () => {
  expect(hashPayuRequest(base, SALT)).toBe(
    'b800fd4b7d5b6f4ec683cd1e2a90c65cc1a57a1504d6e5dd3a15c68f785f62fc0e334553db7c6d6d31ff47ff34e1c575bf79608a2463c99347a5676279518be4',
  );
});

test('request hash puts udf1 right after the email', () => {
  // gtKFFx|txn0003|1.00|Award|Ravi|r@x.in|u1||||||||||eCwWELxi
  expect(
    hashPayuRequest(
      { key: KEY, txnid: 'txn0003', amount: '1.00', productinfo: 'Award', firstname: 'Ravi', email: 'r@x.in', udf1: 'u1' },
      SALT,
    ),
  ).toBe(
    '98215c35ca22bcd5f8a5ec9b62458c390189cbd9ab6b2d2aa19c093184ca6b60aec3312e0236c91a838f66f4851c050f0863caf27366f7e9fb26530dd4f12812',
  );
});

test('response hash: salt|status|||||||||||email|firstname|productinfo|amount|txnid|key', () => {
  const hash =
    '0e8c0128164349fe87ba130d924dd11815d8ef263b7bef3406babb672a9bb9422a4028e3dce5f72416b78b8178ab335defca7396ba514ef8f7edcc8994ddc1b2';
  expect(hashPayuResponse({ ...base, status: 'success' }, SALT)).toBe(hash);
  expect(verifyPayuResponse({ ...base, status: 'success' }, hash, SALT)).toBe(true);
  expect(verifyPayuResponse({ ...base, status: 'success' }, hash.toUpperCase(), SALT)).toBe(true);
});

test('response hash is prefixed with additionalCharges when PayU sends it', () => {
  // 25.50|eCwWELxi|failure|||||||||||ada@example.org|Ada|P-17|740.00|txn0002|gtKFFx
  expect(
    hashPayuResponse(
      { ...base, txnid: 'txn0002', amount: '740.00', productinfo: 'P-17', status: 'failure', additionalCharges: '25.50' },
      SALT,
    ),
  ).toBe(
    '1637877c080c190d352c235d46595084c4a434104d3d40e41d1ce07da74da5d2b3c536178286550c18bed9c64e0fa15b9c7f1f027d062d6e114572f021375bf8',
  );
});

test('response hash carries udf1 back in reverse order', () => {
  // eCwWELxi|success||||||||||u1|r@x.in|Ravi|Award|1.00|txn0003|gtKFFx
  expect(
    hashPayuResponse(
      {
        key: KEY,
        txnid: 'txn0003',
        amount: '1.00',
        productinfo: 'Award',
        firstname: 'Ravi',
        email: 'r@x.in',
        udf1: 'u1',
        status: 'success',
      },
      SALT,
    ),
  ).toBe(
    '8021566ff2d4cf34777ee9670510be9518f5a4499765d0fc11c6028b9bb405b1385fff3340e3c180f705e430d4dc0db74ec3e67b257e8385d145cbbe2634a364',
  );
});

test('a tampered amount, status or salt does not verify', () => {
  const hash = hashPayuResponse({ ...base, status: 'success' }, SALT);
  expect(verifyPayuResponse({ ...base, amount: '1.00', status: 'success' }, hash, SALT)).toBe(false);
  expect(verifyPayuResponse({ ...base, status: 'failure' }, hash, SALT)).toBe(false);
  expect(verifyPayuResponse({ ...base, status: 'success' }, hash, 'other')).toBe(false);
  expect(verifyPayuResponse({ ...base, status: 'success' }, '', SALT)).toBe(false);
});
