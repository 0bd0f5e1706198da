import type { FastifyPluginAsync } from 'fastify';
import { ATTENDEES } from '../../core/api/attendees';
import { defineRoute } from '../http/route';
import { checkInAttendee, NotPaidYet } from '../services/attendees/check-in';
import { exportAttendeesCsv, listAttendees } from '../services/attendees/list-attendees';
import { printBadges } from '../services/attendees/print-badges';

const EDITOR = ['Editor'] as const;

/** The registration desk (decision 0047): the editor's alone (a track chair is refused). */
const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;

  defineRoute(app, ATTENDEES.listAttendees, {
    access: EDITOR,
    handler: ({ query: { limit, cursor, ...filters } }) => listAttendees({ db, filters, limit, cursor }),
  });

  defineRoute(app, ATTENDEES.exportAttendees, {
    access: EDITOR,
    handler: async ({ query, reply }) => {
      const csv = await exportAttendeesCsv({ db, filters: query });
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', 'attachment; filename="attendees.csv"')
        .send(csv);
    },
  });

  defineRoute(app, ATTENDEES.printBadges, {
    access: EDITOR,
    handler: async ({ query, reply }) => {
      const pdf = await printBadges({ db, filters: query, conference: app.conference.current(), store: app.files });
      return reply
        .type('application/pdf')
        .header('cache-control', 'no-store')
        .header('content-disposition', 'attachment; filename="badges.pdf"')
        .send(Buffer.from(pdf));
    },
  });

  defineRoute(app, ATTENDEES.checkIn, {
    access: EDITOR,
    handler: async ({ req, reply, caller, body }) => {
      try {
        return await checkInAttendee({ db, caller, ip: req.ip, code: body.code });
      } catch (err) {
        // Refused, but the desk is told who it is (name, category) so it can send them to pay.
        if (err instanceof NotPaidYet) return reply.code(409).send({ message: err.message, registration: err.person });
        throw err;
      }
    },
  });
};

export default routes;
