import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { CONFERENCE_TITLE } from '../../core/conference';
import { MessageJson, PaperId } from '../../core/schemas/common';
import {
  CertificateListJson, EditorProgramJson, IssueCertificatesJson, PlacementBody, ProgramJson,
  RegistrationJson, RemindBody, RemindJson, SessionBody, SessionParams, SessionPatchBody,
} from '../../core/schemas/program';
import { API_POLICY } from '../csp';
import { defineRoute } from '../http/route';
import { binary } from './contract';
import { getPaperRegistration } from '../services/author-papers';
import { findCertificatesFor, issueCertificates, renderOwnCertificate, verifyCertificate } from '../services/certificates';
import { createSession, deleteSession, findEditorProgram, findProgram, placePapers, updateSession } from '../services/program';
import { exportProgramIcs } from '../services/program-ics';
import { listPaperRegistrations, remindUnregistered } from '../services/remind-registration';

const EditorSessionJson = EditorProgramJson.shape.sessions.element;
const IcsParams = z.object({ id: z.string().regex(/^[0-9a-f]{24}\.ics$/, 'Invalid ID format') });
const CodeParams = z.object({ code: z.string().max(40) });
const PdfParams = z.object({ code: z.string().regex(/^[0-9A-Za-z-]{1,40}\.pdf$/, 'Certificate not found') });

const ANYONE_SIGNED_IN = ['Author', 'Editor', 'Reviewer'] as const;

/** Programme, calendars, registration of papers and certificates (issue 15, docs/decisions/0017). */
const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const publicUrl = app.config.publicUrl;

  defineRoute(app, {
    method: 'GET', url: '/program', tag: 'programme', access: 'public', summary: 'The published programme',
    response: { 200: ProgramJson },
    handler: async ({ reply }) => {
      // Public and changing at run time: always revalidated, never cached stale.
      reply.header('cache-control', 'no-cache');
      return findProgram(db);
    },
  });

  const sendIcs = (reply: FastifyReply, body: string, name: string) => reply
    .type('text/calendar; charset=utf-8').header('cache-control', 'no-cache')
    .header('content-disposition', `attachment; filename="${name}"`)
    // The API's sandbox policy without allow-downloads makes Chromium refuse the file a link asks for.
    .header('content-security-policy', `${API_POLICY} allow-downloads`).send(body);

  defineRoute(app, {
    method: 'GET', url: '/program.ics', tag: 'programme', access: 'public', summary: 'The whole programme as an iCalendar file',
    response: { 200: binary('The whole programme (iCalendar)', 'text/calendar') },
    handler: async ({ reply }) => sendIcs(reply, await exportProgramIcs({ db, publicUrl }), 'imse-programme.ics'),
  });

  defineRoute(app, {
    method: 'GET', url: '/program/sessions/:id', tag: 'programme', access: 'public', summary: 'One session as an iCalendar file',
    params: IcsParams, response: { 200: binary('One session (iCalendar)', 'text/calendar') },
    handler: async ({ params, reply }) => {
      const sessionId = params.id.slice(0, -'.ics'.length);
      return sendIcs(reply, await exportProgramIcs({ db, publicUrl, sessionId }), `imse-session-${sessionId}.ics`);
    },
  });

  defineRoute(app, {
    method: 'GET', url: '/editor/program', tag: 'programme', access: ['Editor'], summary: 'The programme as the editor edits it',
    response: { 200: EditorProgramJson },
    handler: () => findEditorProgram(db),
  });

  defineRoute(app, {
    method: 'POST', url: '/editor/program/sessions', tag: 'programme', access: ['Editor'], summary: 'Add a session',
    body: SessionBody, response: { 201: EditorSessionJson },
    handler: async ({ body, reply }) => reply.code(201).send(await createSession({ db, body })),
  });

  defineRoute(app, {
    method: 'PATCH', url: '/editor/program/sessions/:id', tag: 'programme', access: ['Editor'], summary: 'Change a session',
    params: SessionParams, body: SessionPatchBody, response: { 200: EditorSessionJson },
    handler: ({ params, body }) => updateSession({ db, id: params.id, body }),
  });

  defineRoute(app, {
    method: 'DELETE', url: '/editor/program/sessions/:id', tag: 'programme', access: ['Editor'], summary: 'Remove a session',
    params: SessionParams, response: { 200: MessageJson },
    handler: async ({ params }) => {
      await deleteSession({ db, id: params.id });
      return { message: 'Session deleted' };
    },
  });

  defineRoute(app, {
    method: 'PUT', url: '/editor/program/sessions/:id/papers', tag: 'programme', access: ['Editor'], summary: 'Place papers in a session, in order',
    params: SessionParams, body: PlacementBody, response: { 200: EditorSessionJson },
    handler: ({ params, body }) => placePapers({ db, id: params.id, body }),
  });

  defineRoute(app, {
    method: 'GET', url: '/editor/registrations', tag: 'programme', access: ['Editor'], summary: 'Accepted papers and whether each is registered',
    response: { 200: RegistrationJson },
    handler: async () => ({ papers: await listPaperRegistrations(db) }),
  });

  defineRoute(app, {
    method: 'POST', url: '/editor/registrations/remind', tag: 'programme', access: ['Editor'], summary: 'Remind the authors of unregistered papers',
    body: RemindBody, response: { 200: RemindJson },
    handler: async ({ body }) => {
      const sent = await remindUnregistered({ db, mailer: app.mailer, paperIds: body.paperIds, publicUrl });
      return { sent, message: sent === 1 ? 'Reminder sent to 1 author' : `Reminder sent to ${sent} authors` };
    },
  });

  defineRoute(app, {
    method: 'GET', url: '/author/paper-registration/:paperId', tag: 'programme', access: ['Author'], summary: 'Whether the author\'s paper is registered',
    params: z.object({ paperId: PaperId }), response: { 200: z.object({ registered: z.boolean() }) },
    handler: ({ caller, params }) => getPaperRegistration({ db, caller, paperId: params.paperId }),
  });

  defineRoute(app, {
    method: 'POST', url: '/editor/certificates', tag: 'programme', access: ['Editor'], summary: 'Issue the certificates not issued yet',
    response: { 200: IssueCertificatesJson },
    handler: () => issueCertificates(db),
  });

  defineRoute(app, {
    method: 'GET', url: '/me/certificates', tag: 'programme', access: ANYONE_SIGNED_IN, summary: 'The caller\'s certificates (once their address is verified)',
    response: { 200: CertificateListJson },
    handler: ({ caller }) => findCertificatesFor(db, caller),
  });

  defineRoute(app, {
    method: 'GET', url: '/me/certificates/:code', tag: 'programme', access: ANYONE_SIGNED_IN, summary: 'One of the caller\'s certificates as a PDF',
    params: PdfParams, response: { 200: binary('The certificate (PDF)', 'application/pdf') },
    handler: async ({ caller, params, reply }) => {
      const { code, pdf } = await renderOwnCertificate({ db, code: params.code.slice(0, -'.pdf'.length), caller, conferenceTitle: CONFERENCE_TITLE, publicUrl });
      return reply.type('application/pdf').header('content-disposition', `attachment; filename="certificate-${code}.pdf"`)
        .header('cache-control', 'private, no-store').send(Buffer.from(pdf));
    },
  });

  defineRoute(app, {
    method: 'GET', url: '/certificates/:code', tag: 'programme', access: 'public', summary: 'Check a certificate by its code',
    params: CodeParams, response: { 200: z.object({ certificate: IssueCertificatesJson.shape.certificates.element.omit({ email: true }) }) },
    handler: async ({ params }) => ({ certificate: await verifyCertificate({ db, code: params.code }) }),
  });
};

export default routes;
