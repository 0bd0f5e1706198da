import { and, desc, eq, sql } from 'drizzle-orm';
import { categoryLabeller } from '../shared/category-labels';
import type { MyRegistrationsJson, RegistrationJson } from '../../../core/schemas/registration';
import type { Db } from '../../db/connect';
import { registrations } from '../../db/schema';
import { AppError } from '../../errors';
import type { Caller } from '../../permissions';
import type { Registration } from './create-registration';
import { findReceivedMinor, owedMinor } from './received-amounts';

export const NO_SUCH_REGISTRATION = 'No registration of yours has this id';
export const VERIFY_FIRST =
  'Please verify your e-mail address first: follow the link we sent you. Registrations belong to an address, so they wait until it is verified.';

/** A registration as its owner sees it; `receivedMinor`: what its paid payments brought in its currency (findReceivedMinor). */
function registrationJson(r: Registration, receivedMinor: number, label: (key: string) => string): RegistrationJson {
  return {
    id: r.id,
    code: r.code,
    year: r.year,
    name: r.name,
    email: r.email,
    affiliation: r.affiliation,
    country: r.country,
    category: r.category,
    categoryLabel: label(r.category),
    paperId: r.paperId,
    currency: r.currency,
    listMinor: r.listMinor,
    earlyBird: r.earlyBird,
    extraPages: r.extraPages,
    extraMinor: r.extraMinor,
    couponCode: r.couponCode,
    discountMinor: r.discountMinor,
    amountMinor: r.amountMinor,
    receivedMinor,
    owedMinor: owedMinor({ registration: r, receivedMinor }),
    billingName: r.billingName,
    billingAddress: r.billingAddress,
    status: r.status,
    paidAt: r.paidAt?.toISOString() ?? null,
    cancelledAt: r.cancelledAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    receiptUrl: r.status === 'paid' && r.amountMinor > 0 ? `/api/account/registrations/${r.id}/receipt.pdf` : null,
  };
}

/**
 * The caller's registrations: those made under their verified address (by them, by the payment modal or by an
 * editor), newest first. An unverified address sees none (anyone can sign up with anyone's address).
 */
export async function listMyRegistrations({ db, caller }: { db: Db; caller: Caller }): Promise<MyRegistrationsJson> {
  if (!caller.emailVerified) return { waitingForVerification: true, registrations: [] };
  const rows = await db
    .select()
    .from(registrations)
    .where(sql`lower(${registrations.email}) = ${caller.email.toLowerCase()}`)
    .orderBy(desc(registrations.createdAt), desc(registrations.id));
  const [received, label] = await Promise.all([findReceivedMinor({ db, registrationIds: rows.map((r) => r.id) }), categoryLabeller(db)]);
  return { waitingForVerification: false, registrations: rows.map((r) => registrationJson(r, received.get(r.id) ?? 0, label)) };
}

/** One registration as its owner sees it, with what it received and still owes. */
export async function myRegistrationJson({ db, registration: r }: { db: Db; registration: Registration }): Promise<RegistrationJson> {
  return registrationJson(r, (await findReceivedMinor({ db, registrationIds: [r.id] })).get(r.id) ?? 0, await categoryLabeller(db));
}

/**
 * One of the caller's registrations, by verified address: a registration of someone else is 404 as if it did
 * not exist; an unverified caller is asked to verify first (403).
 */
export async function findMyRegistration({
  db,
  caller,
  registrationId,
}: {
  db: Db;
  caller: Caller;
  registrationId: string;
}): Promise<Registration> {
  if (!caller.emailVerified) throw new AppError('forbidden', VERIFY_FIRST);
  const [row] = await db
    .select()
    .from(registrations)
    .where(and(eq(registrations.id, registrationId), sql`lower(${registrations.email}) = ${caller.email.toLowerCase()}`));
  if (!row) throw new AppError('not_found', NO_SUCH_REGISTRATION);
  return row;
}
