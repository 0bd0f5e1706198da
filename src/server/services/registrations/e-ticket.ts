import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ConferenceFacts } from '../../../core/conference-facts';
import type { Db } from '../../db/connect';
import { registrations } from '../../db/schema';
import { renderETicketPdf } from '../../documents/e-ticket-pdf';
import { AppError } from '../../errors';
import type { Caller } from '../../permissions';
import { categoryLabeller } from '../shared/category-labels';
import { findMyRegistration } from './list-my-registrations';

export const E_TICKET_NOT_FOUND = 'E-ticket not found';
export const E_TICKET_NOT_PAID = 'The e-ticket is ready once the registration is paid.';

/** The e-ticket link of the confirmation mail (decision 0077): the registration's id signed with the server's secret. */
function eTicketSignature(secret: string, registrationId: string): string {
  return createHmac('sha256', secret).update(`e-ticket\n${registrationId}`).digest('base64url');
}

export function eTicketLink(opts: { publicUrl: string; secret: string; registrationId: string }): string {
  return `${opts.publicUrl}/api/e-tickets/${opts.registrationId}.pdf?sig=${eTicketSignature(opts.secret, opts.registrationId)}`;
}

type Row = typeof registrations.$inferSelect;

async function render(db: Db, r: Row, conference: ConferenceFacts): Promise<{ code: string; pdf: Uint8Array }> {
  if (r.status !== 'paid') throw new AppError('conflict', E_TICKET_NOT_PAID);
  const label = await categoryLabeller(db);
  const pdf = await renderETicketPdf({ name: r.name, affiliation: r.affiliation, category: label(r.category), code: r.code, conference });
  return { code: r.code, pdf };
}

/** The caller's own e-ticket (the registration found for their verified address, else 404). */
export async function renderMyETicket(opts: {
  db: Db;
  caller: Caller;
  registrationId: string;
  conference: ConferenceFacts;
}): Promise<{ code: string; pdf: Uint8Array }> {
  const r = await findMyRegistration({ db: opts.db, caller: opts.caller, registrationId: opts.registrationId });
  return render(opts.db, r, opts.conference);
}

/** The e-ticket through the mail's signed link; a changed id or signature is a 404 like an unknown one. */
export async function renderETicketByLink(opts: {
  db: Db;
  secret: string;
  registrationId: string;
  sig: string;
  conference: ConferenceFacts;
}): Promise<{ code: string; pdf: Uint8Array }> {
  const want = Buffer.from(eTicketSignature(opts.secret, opts.registrationId));
  const got = Buffer.from(opts.sig);
  if (want.length !== got.length || !timingSafeEqual(want, got)) throw new AppError('not_found', E_TICKET_NOT_FOUND);
  const [r] = await opts.db.select().from(registrations).where(eq(registrations.id, opts.registrationId));
  if (!r) throw new AppError('not_found', E_TICKET_NOT_FOUND);
  return render(opts.db, r, opts.conference);
}
