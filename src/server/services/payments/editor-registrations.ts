import { asc, eq } from 'drizzle-orm';
import type { EditorRegistrationBody, EditorRegistrationJson, ReceiptJson } from '../../../core/api/receipts';
import { categoryLabeller } from '../shared/category-labels';
import type { Db } from '../../db/connect';
import { payments, registrations } from '../../db/schema';
import { AppError } from '../../errors';
import type { FileStore } from '../../storage/file-store';
import { decimalToMinor, METHOD_LABELS } from './complete-payment';
import { createRegistration } from '../registrations/create-registration';
import { findReceivedMinor, owedMinor } from '../registrations/received-amounts';
import { listRegistrationReceipts, type Receipt } from '../receipts/receipts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const toReceiptJson = (r: Receipt): ReceiptJson => ({
  number: r.number,
  code: r.code,
  billingName: r.billingName,
  billingAddress: r.billingAddress,
  item: r.item,
  amountMinor: r.amountMinor,
  currency: r.currency,
  method: r.method,
  paidAt: r.paidAt.toISOString(),
  issuedAt: r.issuedAt.toISOString(),
});

/** One registration as the editor sees it: every field, its payments (any provider, any state) and its receipts. */
export async function getEditorRegistration({ db, registrationId }: { db: Db; registrationId: string }): Promise<EditorRegistrationJson> {
  const [r] = await db.select().from(registrations).where(eq(registrations.id, registrationId));
  if (!r) throw new AppError('not_found', 'Registration not found');
  const [paid, issued, received, label] = await Promise.all([
    db.select().from(payments).where(eq(payments.registrationId, r.id)).orderBy(asc(payments.createdAt), asc(payments.id)),
    listRegistrationReceipts({ db, registrationId: r.id }),
    findReceivedMinor({ db, registrationIds: [r.id] }).then((m) => m.get(r.id) ?? 0),
    categoryLabeller(db),
  ]);
  return {
    registration: {
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
      receivedMinor: received,
      owedMinor: owedMinor({ registration: r, receivedMinor: received }),
      billingName: r.billingName,
      billingAddress: r.billingAddress,
      status: r.status,
      paidAt: iso(r.paidAt),
      cancelledAt: iso(r.cancelledAt),
      checkedInAt: iso(r.checkedInAt),
      createdAt: r.createdAt.toISOString(),
    },
    payments: paid.map((p) => ({
      id: p.id,
      provider: p.provider,
      method: METHOD_LABELS[p.provider],
      status: p.status,
      amountMinor: decimalToMinor(p.amount),
      currency: p.currency,
      reference: p.providerRef,
      paidOn: p.paidOn,
      recordedBy: p.recordedBy,
      createdAt: p.createdAt.toISOString(),
    })),
    receipts: issued.map(toReceiptJson),
  };
}

/** The editor registers someone else (decision 0043): priced, coupon taken and seats checked by createRegistration, no payment yet. */
export async function createEditorRegistration(input: {
  db: Db;
  files: FileStore;
  actor: { id: string; ip: string };
  body: EditorRegistrationBody;
}): Promise<EditorRegistrationJson> {
  const { db, body } = input;
  const created = await db.transaction((tx) =>
    createRegistration({
      db: tx,
      userId: null,
      name: body.name,
      email: body.email,
      affiliation: body.affiliation,
      country: body.country,
      category: body.category,
      currency: body.currency,
      paperId: body.paperId ?? null,
      couponCode: body.coupon ?? null,
      billingName: body.billingName ?? null,
      billingAddress: body.billingAddress ?? null,
      files: input.files,
      actor: { id: input.actor.id, role: 'Editor', ip: input.actor.ip },
    }),
  );
  return getEditorRegistration({ db, registrationId: created.id });
}
