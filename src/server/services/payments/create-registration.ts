import { eq, sql } from 'drizzle-orm';
import { newId } from '../../../core/ids';
import type { Currency } from '../../../core/fees';
import { findCategory, REGISTRATION_CATEGORIES, UNSPECIFIED_CATEGORY } from '../../../core/registration';
import type { FeeItem } from '../../../core/schemas/fee-item';
import type { Db } from '../../db/connect';
import { papers, registrations } from '../../db/schema';
import { newDocumentCode } from '../../documents/codes';
import { AppError } from '../../errors';
import type { FileStore } from '../../storage/file-store';
import { recordAudit } from '../shared/audit';
import { couponDiscount, takeCoupon } from './coupons';
import { priceRegistration } from './price-registration';
import { countWorkshopSeats } from './workshop-seats';

export type RegistrationRow = typeof registrations.$inferSelect;

export const COURSE_FULL = 'This course is full. You can join its waiting list.';

export interface CreateRegistrationInput {
  userId: string | null;
  name: string;
  email: string;
  affiliation?: string;
  country?: string;
  category: string;
  currency: Currency;
  paperId?: string | null;
  couponCode?: string | null;
  billingName?: string | null;
  billingAddress?: string | null;
  now?: Date;
  /** To count the camera-ready PDF's pages (extra-page fee); without it none are charged. */
  files?: FileStore | null;
  /** Who did it, for the audit row (defaults to the registering user). */
  actor?: { id: string | null; role: string | null; ip?: string | null };
}

/** The registration's year: the year it is made in (UTC). */
const yearOf = (now: Date) => now.getUTCFullYear();

/**
 * Seats are counted and the registration written under one lock per course, so two payers cannot both take
 * the last seat (a pending registration holds its seat for workshop-seats.ts SEAT_HOLD_MINUTES).
 */
async function checkSeat(tx: Db, courseId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`workshop-seat:${courseId}`}))`);
  const seats = await countWorkshopSeats(tx, courseId);
  if (seats.left <= 0) throw new AppError('conflict', COURSE_FULL);
}

/**
 * A registration (issue 24.1), pending until paid: priced by the server (priceRegistration), the coupon's use
 * taken atomically, a workshop seat checked, the audit row written, all in one transaction (a savepoint when
 * `tx` is one already). Nothing to pay (a 100% coupon) makes it paid at once.
 */
export async function createRegistration(tx: Db, input: CreateRegistrationInput): Promise<RegistrationRow> {
  const now = input.now ?? new Date();
  const category = findCategory(input.category);
  if (!category) throw new AppError('bad_request', 'Choose a registration category from the fee table');
  return tx.transaction(async (t) => {
    if (category.courseId) await checkSeat(t, category.courseId);
    const price = await priceRegistration(t, {
      category: category.key, currency: input.currency, paperId: input.paperId ?? null, couponCode: input.couponCode ?? null, now, files: input.files ?? null,
    });
    let discountMinor = 0;
    if (price.couponCode) discountMinor = couponDiscount(await takeCoupon(t, price.couponCode, category.key, now), price.listMinor, input.currency);
    const amountMinor = price.listMinor + price.extraMinor - discountMinor;
    const free = amountMinor === 0;
    const [row] = await t.insert(registrations).values({
      id: newId(), code: newDocumentCode(), year: yearOf(now), userId: input.userId,
      name: input.name, email: input.email.trim(), affiliation: input.affiliation ?? '', country: (input.country ?? '').toUpperCase(),
      category: category.key, paperId: input.paperId ?? null, currency: input.currency,
      listMinor: price.listMinor, earlyBird: price.earlyBird, extraPages: price.extraPages, extraMinor: price.extraMinor,
      couponCode: price.couponCode, discountMinor, amountMinor,
      billingName: input.billingName || null, billingAddress: input.billingAddress || null,
      status: free ? 'paid' : 'pending', paidAt: free ? now : null, createdAt: now, updatedAt: now,
    }).returning();
    await recordAudit(t, {
      actorId: input.actor?.id ?? input.userId, actorRole: input.actor?.role ?? null, ip: input.actor?.ip ?? null, action: 'registration.create',
      paperId: input.paperId ?? null,
      details: { registrationId: row!.id, category: category.key, currency: input.currency, amountMinor, coupon: price.couponCode, earlyBird: price.earlyBird },
    });
    return row!;
  });
}

/** The fee row key of a SPEC §7 modal's fee item, or 'unspecified' when it names none (or one that is not a registration). */
export function categoryOfFeeItem(item: FeeItem | undefined): string {
  if (!item) return UNSPECIFIED_CATEGORY;
  switch (item.kind) {
    case 'registration': return REGISTRATION_CATEGORIES.find((c) => c.payer === item.category && c.publication === item.publication)?.key ?? UNSPECIFIED_CATEGORY;
    case 'without-publication': return REGISTRATION_CATEGORIES.find((c) => c.label === `Without publication: ${item.item}`)?.key ?? UNSPECIFIED_CATEGORY;
    case 'award': return 'award-ceremony';
    default: return UNSPECIFIED_CATEGORY;
  }
}

/**
 * The registration behind a payment from the SPEC §7 modal: the amount is what the payer typed (SPEC keeps that
 * form as it is), the category from the fee item when one was chosen, else 'unspecified'.
 */
export async function createModalRegistration(tx: Db, input: {
  name: string; email: string; currency: Currency; amountMinor: number; feeItem?: FeeItem; productinfo: string; now?: Date;
}): Promise<RegistrationRow> {
  const now = input.now ?? new Date();
  const category = categoryOfFeeItem(input.feeItem);
  const paperId = /^[0-9a-f]{24}$/.test(input.productinfo) ? input.productinfo : null;
  return tx.transaction(async (t) => {
    const known = paperId ? (await t.select({ id: papers.id }).from(papers).where(eq(papers.id, paperId))).length > 0 : false;
    const [row] = await t.insert(registrations).values({
      id: newId(), code: newDocumentCode(), year: yearOf(now), userId: null, name: input.name, email: input.email.trim(),
      category, paperId: known ? paperId : null, currency: input.currency, listMinor: input.amountMinor, amountMinor: input.amountMinor,
      createdAt: now, updatedAt: now,
    }).returning();
    await recordAudit(t, {
      actorId: null, actorRole: null, action: 'registration.create', paperId: known ? paperId : null,
      details: { registrationId: row!.id, category, currency: input.currency, amountMinor: input.amountMinor, via: 'payment-modal' },
    });
    return row!;
  });
}
