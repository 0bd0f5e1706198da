import { and, eq, or, sql } from 'drizzle-orm';
import { newId } from '../../../core/ids';
import type { Currency } from '../../../core/fees';
import { UNPAID_COURSE_HOLD } from '../../../core/messages';
import { FEE_CATEGORIES } from '../../../core/registration';
import type { FeeItem } from '../../../core/schemas/fee-item';
import type { Db } from '../../db/connect';
import { registrations } from '../../db/schema';
import { newDocumentCode } from '../../documents/codes';
import { AppError } from '../../errors';
import type { FileStore } from '../../storage/file-store';
import { recordAudit } from '../shared/audit';
import { couponDiscount, takeCoupon } from './coupons';
import { priceRegistration } from './price-registration';
import { countWorkshopSeats } from '../workshops/workshop-seats';
import { findRegistrationCategory } from '../workshops/workshop-courses';

/** A registration as the services hand it on (the registrations table's columns). */
export interface Registration {
  id: string;
  code: string;
  year: number;
  userId: string | null;
  name: string;
  email: string;
  affiliation: string;
  country: string;
  category: string;
  paperId: string | null;
  currency: Currency;
  listMinor: number;
  earlyBird: boolean;
  extraPages: number;
  extraMinor: number;
  couponCode: string | null;
  discountMinor: number;
  amountMinor: number;
  billingName: string | null;
  billingAddress: string | null;
  status: 'pending' | 'paid' | 'cancelled';
  paidAt: Date | null;
  cancelledAt: Date | null;
  checkedInAt: Date | null;
  checkedInBy: string | null;
  badgePickedUpAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export const COURSE_FULL = 'This course is full. You can join its waiting list.';

export interface CreateRegistrationInput {
  /** A transaction already open makes the registration a savepoint within it. */
  db: Db;
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
 * the last seat (a pending registration holds its seat for the organiser's hold time, decision 0077). Under the same
 * lock, one person (account or address) holds at most one unpaid registration of the course (decision 0056): one
 * account cannot fill a course with holds.
 */
async function checkSeat(
  tx: Db,
  input: { courseId: string; category: string; label: string; userId: string | null; email: string },
): Promise<void> {
  const { courseId } = input;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`workshop-seat:${courseId}`}))`);
  const samePerson = input.userId
    ? or(eq(registrations.userId, input.userId), sql`lower(${registrations.email}) = lower(${input.email.trim()})`)
    : sql`lower(${registrations.email}) = lower(${input.email.trim()})`;
  const [unpaid] = await tx
    .select({ id: registrations.id, code: registrations.code })
    .from(registrations)
    .where(and(eq(registrations.category, input.category), eq(registrations.status, 'pending'), samePerson))
    .limit(1);
  if (unpaid) throw new AppError('conflict', UNPAID_COURSE_HOLD(input.label, unpaid.code));
  const seats = await countWorkshopSeats({ db: tx, courseId });
  if (seats.left <= 0) throw new AppError('conflict', COURSE_FULL);
}

/**
 * A registration (decision 0043), pending until paid: priced by the server (priceRegistration), the coupon's use
 * taken atomically, a workshop seat checked, the audit row written, all in one transaction (a savepoint when
 * `db` is one already). Nothing to pay (a 100% coupon) makes it paid at once.
 */
export async function createRegistration(input: CreateRegistrationInput): Promise<Registration> {
  const now = input.now ?? new Date();
  const category = await findRegistrationCategory(input.db, input.category);
  if (!category) throw new AppError('bad_request', 'Choose a registration category from the fee table');
  return input.db.transaction(async (t) => {
    if (category.courseId)
      await checkSeat(t, {
        courseId: category.courseId,
        category: category.key,
        label: category.label,
        userId: input.userId,
        email: input.email,
      });
    // Only the registrant's own released accepted paper may be named (decision 0056).
    const price = await priceRegistration({
      db: t,
      category: category.key,
      currency: input.currency,
      paperId: input.paperId ?? null,
      couponCode: input.couponCode ?? null,
      now,
      files: input.files ?? null,
      registrant: { userId: input.userId, email: input.email.trim() },
    });
    let discountMinor = 0;
    if (price.couponCode) {
      const coupon = await takeCoupon({ tx: t, code: price.couponCode, category: category.key, now });
      discountMinor = couponDiscount({ coupon, listMinor: price.listMinor, currency: input.currency });
    }
    const amountMinor = price.listMinor + price.extraMinor - discountMinor;
    const free = amountMinor === 0;
    const [row] = await t
      .insert(registrations)
      .values({
        id: newId(),
        code: newDocumentCode(),
        year: yearOf(now),
        userId: input.userId,
        name: input.name,
        email: input.email.trim(),
        affiliation: input.affiliation ?? '',
        country: (input.country ?? '').toUpperCase(),
        category: category.key,
        paperId: input.paperId ?? null,
        currency: input.currency,
        listMinor: price.listMinor,
        earlyBird: price.earlyBird,
        extraPages: price.extraPages,
        extraMinor: price.extraMinor,
        couponCode: price.couponCode,
        discountMinor,
        amountMinor,
        billingName: input.billingName || null,
        billingAddress: input.billingAddress || null,
        status: free ? 'paid' : 'pending',
        paidAt: free ? now : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordAudit(t, {
      actorId: input.actor?.id ?? input.userId,
      actorRole: input.actor?.role ?? null,
      ip: input.actor?.ip ?? null,
      action: 'registration.create',
      paperId: input.paperId ?? null,
      details: {
        registrationId: row!.id,
        category: category.key,
        currency: input.currency,
        amountMinor,
        coupon: price.couponCode,
        earlyBird: price.earlyBird,
      },
    });
    return row!;
  });
}

/**
 * The fee row a payment modal's fee item names, or null when it names none the server can price on its own (no item,
 * extra pages, a workshop: their amount depends on a paper or a course the form does not say).
 */
export function categoryOfFeeItem(item: FeeItem | undefined): string | null {
  if (!item) return null;
  switch (item.kind) {
    case 'registration':
      return FEE_CATEGORIES.find((c) => c.payer === item.category && c.publication === item.publication)?.key ?? null;
    case 'without-publication':
      return FEE_CATEGORIES.find((c) => c.label === `Without publication: ${item.item}`)?.key ?? null;
    case 'award':
      return 'award-ceremony';
    default:
      return null;
  }
}

/**
 * The registration behind a payment from the payment modal, when its fee item names a fee row (decision 0056): priced by
 * the server like any registration (the fee row, or its early-bird price), never at the amount the payer typed, and
 * naming no paper (the form's paper id is the payment's label: the public form cannot show who is an author). It is paid
 * only once what was received covers that price (completeRegistrationPayment). Null when the item names no fee row: the
 * payment is then a plain payment, with no registration to settle.
 */
export async function createModalRegistration(input: {
  db: Db;
  name: string;
  email: string;
  currency: Currency;
  feeItem?: FeeItem;
  now?: Date;
}): Promise<Registration | null> {
  const now = input.now ?? new Date();
  const category = categoryOfFeeItem(input.feeItem);
  if (!category) return null;
  return input.db.transaction(async (t) => {
    const price = await priceRegistration({ db: t, category, currency: input.currency, now });
    const [row] = await t
      .insert(registrations)
      .values({
        id: newId(),
        code: newDocumentCode(),
        year: yearOf(now),
        userId: null,
        name: input.name,
        email: input.email.trim(),
        category,
        paperId: null,
        currency: input.currency,
        listMinor: price.listMinor,
        earlyBird: price.earlyBird,
        amountMinor: price.amountMinor,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordAudit(t, {
      actorId: null,
      actorRole: null,
      action: 'registration.create',
      paperId: null,
      details: {
        registrationId: row!.id,
        category,
        currency: input.currency,
        amountMinor: price.amountMinor,
        earlyBird: price.earlyBird,
        via: 'payment-modal',
      },
    });
    return row!;
  });
}
