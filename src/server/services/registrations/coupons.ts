import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { categoryLabel, inCurrency } from '../../../core/registration';
import type { CouponBody, CouponJson } from '../../../core/schemas/registration';
import type { Currency } from '../../../core/fees';
import type { Db } from '../../db/connect';
import { coupons } from '../../db/schema';
import { AppError, sqlState } from '../../errors';
import { recordAudit } from '../shared/audit';
import { findRegistrationCategory } from '../workshops/workshop-courses';

type CouponRow = typeof coupons.$inferSelect;
type Reader = Pick<Db, 'select'>;

/** What a registration needs of a usable coupon: its code and the discount it gives. */
export interface CouponTerms {
  code: string;
  kind: 'percent' | 'fixed';
  value: number;
}

export const COUPON_MESSAGES = {
  unknown: (code: string) => `The coupon code ${code} does not exist.`,
  disabled: (code: string) => `The coupon code ${code} is no longer valid.`,
  expired: (code: string) => `The coupon code ${code} has expired.`,
  usedUp: (code: string) => `The coupon code ${code} has been used up.`,
  category: (code: string, category: string) => `The coupon code ${code} does not apply to ${categoryLabel(category)}.`,
  duplicate: (code: string) => `A coupon with the code ${code} exists already.`,
} as const;

/** Why this coupon cannot be used now for this category (400 unknown, 409 the rest), or null. */
function refusal(row: CouponRow | undefined, code: string, category: string, now: Date): AppError | null {
  if (!row) return new AppError('bad_request', COUPON_MESSAGES.unknown(code));
  if (row.disabled) return new AppError('conflict', COUPON_MESSAGES.disabled(code));
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return new AppError('conflict', COUPON_MESSAGES.expired(code));
  if (row.categories.length > 0 && !row.categories.includes(category))
    return new AppError('conflict', COUPON_MESSAGES.category(code, category));
  if (row.usageLimit !== null && row.used >= row.usageLimit) return new AppError('conflict', COUPON_MESSAGES.usedUp(code));
  return null;
}

/** The coupon as it stands, refused with a clear message when it cannot be used (nothing is counted). */
export async function checkCoupon({
  db,
  code,
  category,
  now,
}: {
  db: Reader;
  code: string;
  category: string;
  now: Date;
}): Promise<CouponTerms> {
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code));
  const refused = refusal(row, code, category, now);
  if (refused) throw refused;
  return row!;
}

/**
 * Take one use of the coupon, in the registration's transaction: one conditional UPDATE (used < limit, not
 * disabled, not expired, for this category), so of two registrations racing for the last use exactly one gets
 * it; the other is told why (decision 0043).
 */
export async function takeCoupon({ tx, code, category, now }: { tx: Db; code: string; category: string; now: Date }): Promise<CouponTerms> {
  const [taken] = await tx
    .update(coupons)
    .set({ used: sql`${coupons.used} + 1` })
    .where(
      and(
        eq(coupons.code, code),
        eq(coupons.disabled, false),
        or(isNull(coupons.usageLimit), lt(coupons.used, coupons.usageLimit)),
        or(isNull(coupons.expiresAt), gt(coupons.expiresAt, now)),
        or(sql`cardinality(${coupons.categories}) = 0`, sql`${category} = any(${coupons.categories})`),
      ),
    )
    .returning();
  if (taken) return taken;
  const [row] = await tx.select().from(coupons).where(eq(coupons.code, code));
  throw refusal(row, code, category, now) ?? new AppError('conflict', COUPON_MESSAGES.usedUp(code));
}

/**
 * A cancelled registration whose payment settled after all takes its use back (decision 0056): one conditional UPDATE
 * within the limit, so the use that went to someone else meanwhile is not counted twice. Only the limit is checked:
 * the coupon was valid when the registration was made. False when the limit is reached.
 */
export async function takeCouponUseAgain({ tx, code }: { tx: Db; code: string }): Promise<boolean> {
  const taken = await tx
    .update(coupons)
    .set({ used: sql`${coupons.used} + 1` })
    .where(and(eq(coupons.code, code), or(isNull(coupons.usageLimit), lt(coupons.used, coupons.usageLimit))))
    .returning({ code: coupons.code });
  return taken.length > 0;
}

/** A cancelled unpaid registration gives its use back. */
export async function giveCouponBack({ tx, code }: { tx: Db; code: string }): Promise<void> {
  await tx
    .update(coupons)
    .set({ used: sql`greatest(${coupons.used} - 1, 0)` })
    .where(eq(coupons.code, code));
}

/**
 * The discount on the fee row's price (not on extra pages): percent rounds down to the minor unit; a fixed
 * amount is US cents, rupees at the stated rate; never more than the price.
 */
export function couponDiscount({
  coupon,
  listMinor,
  currency,
}: {
  coupon: Pick<CouponTerms, 'kind' | 'value'>;
  listMinor: number;
  currency: Currency;
}): number {
  const raw = coupon.kind === 'percent' ? Math.floor((listMinor * coupon.value) / 100) : inCurrency(coupon.value, currency);
  return Math.min(raw, listMinor);
}

const json = (r: CouponRow): CouponJson => ({
  code: r.code,
  kind: r.kind,
  value: r.value,
  categories: r.categories,
  usageLimit: r.usageLimit,
  used: r.used,
  expiresAt: r.expiresAt?.toISOString() ?? null,
  disabled: r.disabled,
  createdAt: r.createdAt.toISOString(),
});

export async function listCoupons(db: Db): Promise<{ coupons: CouponJson[] }> {
  const rows = await db.select().from(coupons).orderBy(asc(coupons.createdAt), asc(coupons.code));
  return { coupons: rows.map(json) };
}

type Actor = { id: string; role: string; ip: string };

export async function createCoupon(input: { db: Db; coupon: CouponBody; actor: Actor }): Promise<CouponJson> {
  const { db, coupon: c } = input;
  // A workshop category names one of this edition's courses (decision 0045).
  for (const key of c.categories) {
    if (!(await findRegistrationCategory(db, key))) throw new AppError('bad_request', 'Choose a registration category from the fee table');
  }
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(coupons)
        .values({
          code: c.code,
          kind: c.kind,
          value: c.value,
          categories: [...new Set(c.categories)],
          usageLimit: c.usageLimit ?? null,
          expiresAt: c.expiresAt ? new Date(c.expiresAt) : null,
          createdBy: input.actor.id,
        })
        .returning();
      await recordAudit(tx, {
        actorId: input.actor.id,
        actorRole: input.actor.role,
        ip: input.actor.ip,
        action: 'pricing.coupon.create',
        details: { code: c.code, kind: c.kind, value: c.value },
      });
      return json(row!);
    });
  } catch (err) {
    if (sqlState(err) === '23505') throw new AppError('conflict', COUPON_MESSAGES.duplicate(c.code));
    throw err;
  }
}

export async function updateCoupon(input: {
  db: Db;
  code: string;
  change: { disabled?: boolean; usageLimit?: number | null; expiresAt?: string | null };
  actor: Actor;
}): Promise<CouponJson> {
  const { db, change } = input;
  const set: Partial<typeof coupons.$inferInsert> = {};
  if (change.disabled !== undefined) set.disabled = change.disabled;
  if (change.usageLimit !== undefined) set.usageLimit = change.usageLimit;
  if (change.expiresAt !== undefined) set.expiresAt = change.expiresAt === null ? null : new Date(change.expiresAt);
  return db.transaction(async (tx) => {
    const [row] =
      Object.keys(set).length > 0
        ? await tx.update(coupons).set(set).where(eq(coupons.code, input.code)).returning()
        : await tx.select().from(coupons).where(eq(coupons.code, input.code));
    if (!row) throw new AppError('not_found', COUPON_MESSAGES.unknown(input.code));
    await recordAudit(tx, {
      actorId: input.actor.id,
      actorRole: input.actor.role,
      ip: input.actor.ip,
      action: 'pricing.coupon.update',
      details: { code: input.code, ...change },
    });
    return json(row);
  });
}
