import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { REGISTRATION_OFFICE } from '../../core/api/registration-office';
import { AppError } from '../errors';
import { defineRoute } from '../http/route';
import { VERIFY_FIRST } from '../services/registrations/list-my-registrations';
import { matchPayment, formatRevenueCsv, getRevenue } from '../services/payments/reconcile-payments';
import { renderETicketByLink, renderMyETicket } from '../services/registrations/e-ticket';
import { listSeatHolds, releaseSeatHold } from '../services/registrations/registration-holds';
import { getRegistrationOffice, updateRegistrationOffice } from '../services/shared/registration-office';

const EDITOR = ['Editor'] as const;
const ANY_ROLE = ['Author', 'Editor', 'Reviewer'] as const;

/** Decision 0077: the registration office: seat holds, badge pick-up, reconciling payments, revenue, e-tickets. */
const routes: FastifyPluginAsync = async (app) => {
  const db = app.database.db;
  const { publicUrl, JWT_SECRET: secret } = app.config;
  const notify = { mailer: app.mailer, publicUrl, secret };
  const actorOf = (caller: { id: string; role: string }, ip: string) => ({ id: caller.id, role: caller.role, ip });
  const sendTicket = (reply: FastifyReply, { code, pdf }: { code: string; pdf: Uint8Array }) =>
    reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="e-ticket-${code}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(pdf));

  defineRoute(app, REGISTRATION_OFFICE.getRegistrationOffice, { access: EDITOR, handler: () => getRegistrationOffice({ db }) });
  defineRoute(app, REGISTRATION_OFFICE.updateRegistrationOffice, {
    access: EDITOR,
    handler: ({ req, caller, body }) => updateRegistrationOffice({ db, change: body, actor: actorOf(caller, req.ip) }),
  });
  defineRoute(app, REGISTRATION_OFFICE.listSeatHolds, { access: EDITOR, handler: () => listSeatHolds({ db }) });
  defineRoute(app, REGISTRATION_OFFICE.releaseSeatHold, {
    access: EDITOR,
    handler: ({ req, caller, params }) =>
      releaseSeatHold({ db, registrationId: params.id, actor: actorOf(caller, req.ip), mailer: app.mailer, publicUrl }),
  });
  defineRoute(app, REGISTRATION_OFFICE.matchPayment, {
    access: EDITOR,
    handler: ({ req, caller, params, body }) =>
      matchPayment({ db, paymentId: params.id, registrationCode: body.registrationCode, actor: actorOf(caller, req.ip), notify }),
  });
  defineRoute(app, REGISTRATION_OFFICE.getRevenue, { access: EDITOR, handler: () => getRevenue({ db }) });
  defineRoute(app, REGISTRATION_OFFICE.exportRevenue, {
    access: EDITOR,
    handler: async ({ reply }) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', 'attachment; filename="revenue.csv"')
        .send(formatRevenueCsv(await getRevenue({ db }))),
  });
  defineRoute(app, REGISTRATION_OFFICE.getETicket, {
    access: ANY_ROLE,
    // Registrations belong to a confirmed address: asked before the path is read (decision 0043).
    guard: async (_req, caller) => {
      if (!caller.emailVerified) throw new AppError('forbidden', VERIFY_FIRST);
    },
    handler: async ({ caller, params, reply }) =>
      sendTicket(reply, await renderMyETicket({ db, caller, registrationId: params.id, conference: app.conference.current() })),
  });
  defineRoute(app, REGISTRATION_OFFICE.getETicketByLink, {
    access: 'public',
    handler: async ({ params, query, reply }) =>
      sendTicket(
        reply,
        await renderETicketByLink({ db, secret, registrationId: params.id, sig: query.sig, conference: app.conference.current() }),
      ),
  });
};

export default routes;
