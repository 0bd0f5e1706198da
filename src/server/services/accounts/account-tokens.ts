import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { accountTokens } from '../../db/schema';

/** 'login': the one-time login link mailed while an account's failed-login ceiling holds (decision 0022). */
export type TokenPurpose = 'reset' | 'verify' | 'login';

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A new random link token (32 bytes, base64url); only its hash is stored, so a database leak opens no account. */
export async function issueAccountToken(opts: { db: Db; userId: string; purpose: TokenPurpose; ttlMs: number }): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await opts.db.insert(accountTokens).values({
    tokenHash: hashOf(token),
    userId: opts.userId,
    purpose: opts.purpose,
    expiresAt: new Date(Date.now() + opts.ttlMs),
  });
  return token;
}

/**
 * The account of a link token that could be used now (known, unused, unexpired, this purpose), without using
 * it: work that must not be wasted on a bad link (a password hash) runs between this and consumeAccountToken.
 */
export async function findAccountToken(opts: { db: Db; token: string; purpose: TokenPurpose }): Promise<string | null> {
  const [row] = await opts.db
    .select({ userId: accountTokens.userId })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.tokenHash, hashOf(opts.token)),
        eq(accountTokens.purpose, opts.purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    );
  return row?.userId ?? null;
}

/**
 * Use a link token once: one conditional UPDATE, so two clicks racing each other cannot both win.
 * The account id, or null for an unknown, used, expired or other-purpose token.
 */
export async function consumeAccountToken(opts: { db: Db; token: string; purpose: TokenPurpose }): Promise<string | null> {
  const [row] = await opts.db
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(accountTokens.tokenHash, hashOf(opts.token)),
        eq(accountTokens.purpose, opts.purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: accountTokens.userId });
  return row?.userId ?? null;
}

/** Every unused token of an account for one purpose stops working (after a reset, the other reset links). */
export async function revokeAccountTokens(opts: { db: Db; userId: string; purpose: TokenPurpose }): Promise<void> {
  await opts.db
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(accountTokens.userId, opts.userId), eq(accountTokens.purpose, opts.purpose), isNull(accountTokens.usedAt)));
}
