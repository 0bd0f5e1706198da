import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { inHashingTurn } from './hash-queue';

/** Every scrypt waits for a turn in the request's hashing queue (decision 0022): a full queue throws 503. */
function scrypt(password: string, salt: Buffer, keylen: number, opts: ScryptOptions): Promise<Buffer> {
  return inHashingTurn(
    () => new Promise((resolve, reject) => scryptCb(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key)))),
  );
}

/** scrypt cost: N=2^14, r=8, p=1 (OWASP's minimum for scrypt), about 16 MB and ~40 ms a hash here. */
const COST = { N: 16384, r: 8, p: 1 } as const;
const KEYLEN = 32;

/** Stored as `scrypt$N$r$p$salt$hash` so the cost can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEYLEN, { ...COST, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * A hash to verify against when the account does not exist, so the answer takes about the same time. Random
 * bytes in the stored format: verifying against it costs one scrypt like a real one, making it costs none.
 */
const dummy = ['scrypt', COST.N, COST.r, COST.p, randomBytes(16).toString('base64url'), randomBytes(KEYLEN).toString('base64url')].join(
  '$',
);
export async function dummyHash(): Promise<string> {
  return dummy;
}

export const PASSWORD_COST = COST;
