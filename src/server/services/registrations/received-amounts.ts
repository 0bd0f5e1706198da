import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { payments, registrations, type RegistrationRow } from '../../db/schema';

type Reader = Pick<Db, 'select'>;

/**
 * What each registration has received, in minor units of its own currency: the sum of its paid payments (PayU, card,
 * bank) in that currency. A registration is paid when this covers its price (decision 0056).
 */
export async function findReceivedMinor({ db, registrationIds }: { db: Reader; registrationIds: string[] }): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (registrationIds.length === 0) return out;
  const rows = await db
    .select({
      id: registrations.id,
      // numeric(12,2) × 100 is whole: the sum is exact, then an integer.
      received: sql<number>`coalesce(sum(${payments.amount} * 100), 0)::int`,
    })
    .from(registrations)
    .innerJoin(
      payments,
      and(eq(payments.registrationId, registrations.id), eq(payments.status, 'paid'), eq(payments.currency, registrations.currency)),
    )
    .where(inArray(registrations.id, registrationIds))
    .groupBy(registrations.id);
  for (const r of rows) out.set(r.id, Number(r.received));
  return out;
}

/** What is still owed: the price less what was received while it waits for payment; nothing once paid or cancelled. */
export function owedMinor({
  registration,
  receivedMinor,
}: {
  registration: Pick<RegistrationRow, 'status' | 'amountMinor'>;
  receivedMinor: number;
}): number {
  return registration.status === 'pending' ? Math.max(0, registration.amountMinor - receivedMinor) : 0;
}
