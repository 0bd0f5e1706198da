import type { FastifyPluginAsync, FastifyReply, FastifyInstance } from 'fastify';
import { PROGRAMME } from '../../core/api/programme';
import { registrationReminded } from '../../core/mail-states';
import { API_POLICY } from '../csp';
import { defineRoute } from '../http/route';
import { findCertificatesFor, issueCertificates, renderOwnCertificate, verifyCertificate } from '../services/programme/certificates';
import { createSession, deleteSession, findEditorProgram, findProgram, placePapers, updateSession } from '../services/programme/program';
import { exportAgendaIcs, findAgenda, starSession, unstarSession } from '../services/programme/agenda';
import { exportProgramIcs } from '../services/programme/program-ics';
import { findProgramLinks } from '../services/programme/program-links';
import { publishProgram } from '../services/programme/publish-program';
import { documentSource, kickDocumentMaker, requestProgrammeDocuments } from '../services/programme-documents/document-jobs';
import { listPaperRegistrations, remindUnregistered } from '../services/programme/remind-registration';
import { getPaperRegistration } from '../services/submissions/author-papers';

const EDITOR = ['Editor'] as const;
const SIGNED_IN = ['Author', 'Editor', 'Reviewer', 'Chair'] as const;

const CERTIFICATE_HOLDERS = ['Author', 'Editor', 'Reviewer'] as const;

/** Programme, calendars and registration of papers (decision 0017). */
async function programRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const publicUrl = app.config.publicUrl;
  const calendarName = () => `${app.conference.current().shortName} programme`;
  const sendIcs = (reply: FastifyReply, body: string, name: string, cache = 'no-cache') =>
    reply
      .type('text/calendar; charset=utf-8')
      .header('cache-control', cache)
      .header('content-disposition', `attachment; filename="${name}"`)
      // The API's sandbox policy without allow-downloads makes Chromium refuse the file a link asks for.
      .header('content-security-policy', `${API_POLICY} allow-downloads`)
      .send(body);

  defineRoute(app, PROGRAMME.getProgram, {
    access: 'public',
    handler: async ({ reply }) => {
      // Public and changing at run time: always revalidated, never cached stale.
      reply.header('cache-control', 'no-cache');
      return findProgram({ db, conference: app.conference.current() });
    },
  });
  defineRoute(app, PROGRAMME.getProgramLinks, {
    access: SIGNED_IN,
    handler: async ({ caller, reply }) => {
      reply.header('cache-control', 'private, no-store');
      return findProgramLinks({ db, caller });
    },
  });
  defineRoute(app, PROGRAMME.getProgramIcs, {
    access: 'public',
    handler: async ({ reply }) =>
      sendIcs(reply, await exportProgramIcs({ db, publicUrl, calendarName: calendarName() }), 'imse-programme.ics'),
  });
  defineRoute(app, PROGRAMME.getSessionIcs, {
    access: 'public',
    handler: async ({ params, reply }) => {
      const sessionId = params.id.slice(0, -'.ics'.length);
      return sendIcs(
        reply,
        await exportProgramIcs({ db, publicUrl, sessionId, calendarName: calendarName() }),
        `imse-session-${sessionId}.ics`,
      );
    },
  });
  defineRoute(app, PROGRAMME.getEditorProgram, {
    access: EDITOR,
    handler: () => findEditorProgram({ db, conference: app.conference.current() }),
  });
  defineRoute(app, PROGRAMME.publishProgram, {
    access: EDITOR,
    handler: async ({ req, caller, body }) => {
      const conference = app.conference.current();
      const published = await publishProgram({
        db,
        mailer: app.mailer,
        conference,
        editor: { id: caller.id, ip: req.ip },
        acknowledgeWarnings: body.acknowledgeWarnings === true,
        publicUrl,
      });
      // Decision 0073: the programme PDF and the abstract book of this publication are made in the background now.
      await requestProgrammeDocuments(db, documentSource(published.publishedAt, conference));
      kickDocumentMaker(db);
      return published;
    },
  });
  defineRoute(app, PROGRAMME.createSession, { access: EDITOR, handler: ({ body }) => createSession({ db, body }) });
  defineRoute(app, PROGRAMME.updateSession, { access: EDITOR, handler: ({ params, body }) => updateSession({ db, id: params.id, body }) });
  defineRoute(app, PROGRAMME.deleteSession, {
    access: EDITOR,
    handler: async ({ params }) => {
      await deleteSession({ db, id: params.id });
      return { message: 'Session deleted' };
    },
  });
  defineRoute(app, PROGRAMME.placePapers, { access: EDITOR, handler: ({ params, body }) => placePapers({ db, id: params.id, body }) });
  // The personal agenda (stars on published sessions): each signed-in person's own.
  const agendaOf = (userId: string) => ({ db, userId, conference: app.conference.current() });
  defineRoute(app, PROGRAMME.getAgenda, {
    access: SIGNED_IN,
    handler: ({ caller, reply }) => {
      reply.header('cache-control', 'private, no-store');
      return findAgenda(agendaOf(caller.id));
    },
  });
  defineRoute(app, PROGRAMME.starSession, {
    access: SIGNED_IN,
    handler: ({ caller, params }) => starSession({ ...agendaOf(caller.id), sessionId: params.id }),
  });
  defineRoute(app, PROGRAMME.unstarSession, {
    access: SIGNED_IN,
    handler: ({ caller, params }) => unstarSession({ ...agendaOf(caller.id), sessionId: params.id }),
  });
  defineRoute(app, PROGRAMME.getAgendaIcs, {
    access: SIGNED_IN,
    handler: async ({ caller, reply }) =>
      sendIcs(
        reply,
        await exportAgendaIcs({ db, userId: caller.id, publicUrl, calendarName: `${calendarName()}: my agenda` }),
        'imse-my-agenda.ics',
        'private, no-store',
      ),
  });
  defineRoute(app, PROGRAMME.listRegistrations, { access: EDITOR, handler: async () => ({ papers: await listPaperRegistrations(db) }) });
  defineRoute(app, PROGRAMME.remindUnregistered, {
    access: EDITOR,
    handler: async ({ body }) => {
      const sent = await remindUnregistered({ db, mailer: app.mailer, paperIds: body.paperIds, publicUrl });
      return { sent, message: registrationReminded(sent, app.mailer.configured) };
    },
  });
  defineRoute(app, PROGRAMME.getPaperRegistration, {
    access: ['Author'],
    handler: ({ caller, params }) => getPaperRegistration({ db, caller, paperId: params.paperId }),
  });
}

/** Certificates of presentation, attendance, awards and workshops (decisions 0017, 0047 and 0054). */
async function certificateRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const publicUrl = app.config.publicUrl;

  defineRoute(app, PROGRAMME.issueCertificates, {
    access: EDITOR,
    handler: ({ body }) =>
      issueCertificates({
        db,
        presentationsBeforeSessions: body.presentationsBeforeSessions,
        notify: { mailer: app.mailer, publicUrl },
      }),
  });
  defineRoute(app, PROGRAMME.listMyCertificates, {
    access: CERTIFICATE_HOLDERS,
    handler: ({ caller }) => findCertificatesFor({ db, holder: caller }),
  });
  defineRoute(app, PROGRAMME.getMyCertificatePdf, {
    access: CERTIFICATE_HOLDERS,
    handler: async ({ caller, params, reply }) => {
      const { code, pdf } = await renderOwnCertificate({
        db,
        store: app.files,
        code: params.code.slice(0, -'.pdf'.length),
        caller,
        conference: app.conference.current(),
        publicUrl,
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="certificate-${code}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  });
  defineRoute(app, PROGRAMME.verifyCertificate, {
    access: 'public',
    handler: async ({ params }) => ({ certificate: await verifyCertificate({ db, code: params.code }) }),
  });
}

const routes: FastifyPluginAsync = async (app) => {
  await programRoutes(app);
  await certificateRoutes(app);
};

export default routes;
