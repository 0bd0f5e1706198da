import { newId } from '../../src/core/ids';
import type { Db } from '../../src/server/db/connect';
import { registrations, type RegistrationRow } from '../../src/server/db/schema';
import { newDocumentCode } from '../../src/server/documents/codes';

/**
 * A registration written straight to the database (what REG's createRegistration and RECEIPTS' payment
 * completion leave behind), for tests of what comes after: the desk, badges, check-in, certificates.
 */
export async function insertRegistration(
  db: Db,
  row: Partial<typeof registrations.$inferInsert> & { name: string },
): Promise<RegistrationRow> {
  const paid = (row.status ?? 'paid') === 'paid';
  const [inserted] = await db
    .insert(registrations)
    .values({
      id: newId(),
      code: newDocumentCode(),
      year: 2026,
      email: `${row.name.toLowerCase().replace(/[^a-z]+/g, '.')}@desk.example`,
      category: 'attending',
      currency: 'USD',
      listMinor: 25000,
      amountMinor: 25000,
      status: 'paid',
      paidAt: paid ? new Date() : null,
      ...row,
    })
    .returning();
  return inserted!;
}
