import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONFERENCE_TITLE } from '../../core/conference';
import { MessageJson, PaperId } from '../../core/schemas/common';
import {
  CertificateListJson, EditorProgramJson, IssueCertificatesJson, PlacementBody, ProgramJson,
  RegistrationJson, RemindBody, RemindJson, SessionBody, SessionParams, SessionPatchBody,
} from '../../core/schemas/program';
import { requireCaller } from '../auth/caller';
import { API_POLICY } from '../csp';
import { binary } from './contract';
import { getPaperRegistration } from '../services/author-papers';
import { findCertificatesFor, issueCertificates, renderOwnCertificate, verifyCertificate } from '../services/certificates';
import { createSession, deleteSession, findEditorProgram, findProgram, placePapers, updateSession } from '../services/program';
import { exportProgramIcs } from '../services/program-ics';
import { listPaperRegistrations, remindUnregistered } from '../services/remind-registration';

const errors = { 400: MessageJson, 401: MessageJson, 403: MessageJson, 404: MessageJson };
const EditorSessionJson = EditorProgramJson.shape.sessions.element;
const IcsParams = z.object({ id: z.string().regex(/^[0-9a-f]{24}\.ics$/, 'Invalid ID format') });
const CodeParams = z.object({ code: z.string().max(40) });
const PdfParams = z.object({ code: z.string().regex(/^[0-9A-Za-z-]{1,40}\.pdf$/, 'Certificate not found') });

/** Programme, calendars, registration of papers and certificates (issue 15, docs/decisions/0017). */
const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const publicUrl = app.config.publicUrl;

  r.get('/program', { schema: { response: { 200: ProgramJson } } }, async (_req, reply) => {
    // Public and changing at run time: always revalidated, never cached stale.
    reply.header('cache-control', 'no-cache');
    return findProgram(db);
  });

  const sendIcs = (reply: import('fastify').FastifyReply, body: string, name: string) => reply
    .type('text/calendar; charset=utf-8').header('cache-control', 'no-cache')
    .header('content-disposition', `attachment; filename="${name}"`)
    // The API's sandbox policy without allow-downloads makes Chromium refuse the file a link asks for.
    .header('content-security-policy', `${API_POLICY} allow-downloads`).send(body);

  r.get('/program.ics', { schema: { response: { 200: binary('The whole programme (iCalendar)', 'text/calendar') } } }, async (_req, reply) =>
    sendIcs(reply, await exportProgramIcs({ db, publicUrl }), 'imse-programme.ics'));

  r.get('/program/sessions/:id', { schema: { params: IcsParams, response: { 200: binary('One session (iCalendar)', 'text/calendar'), 400: MessageJson, 404: MessageJson } } }, async (req, reply) => {
    const sessionId = req.params.id.slice(0, -'.ics'.length);
    return sendIcs(reply, await exportProgramIcs({ db, publicUrl, sessionId }), `imse-session-${sessionId}.ics`);
  });

  r.get('/editor/program', { schema: { response: { 200: EditorProgramJson, ...errors } } }, async (req) => {
    await requireCaller(req, 'Editor');
    return findEditorProgram(db);
  });

  r.post('/editor/program/sessions', { schema: { body: SessionBody, response: { 201: EditorSessionJson, ...errors } } }, async (req, reply) => {
    await requireCaller(req, 'Editor');
    return reply.code(201).send(await createSession({ db, body: req.body }));
  });

  r.patch('/editor/program/sessions/:id', { schema: { params: SessionParams, body: SessionPatchBody, response: { 200: EditorSessionJson, ...errors } } }, async (req) => {
    await requireCaller(req, 'Editor');
    return updateSession({ db, id: req.params.id, body: req.body });
  });

  r.delete('/editor/program/sessions/:id', { schema: { params: SessionParams, response: { 200: MessageJson, ...errors } } }, async (req) => {
    await requireCaller(req, 'Editor');
    await deleteSession({ db, id: req.params.id });
    return { message: 'Session deleted' };
  });

  r.put('/editor/program/sessions/:id/papers', { schema: { params: SessionParams, body: PlacementBody, response: { 200: EditorSessionJson, ...errors } } }, async (req) => {
    await requireCaller(req, 'Editor');
    return placePapers({ db, id: req.params.id, body: req.body });
  });

  r.get('/editor/registrations', { schema: { response: { 200: RegistrationJson, ...errors } } }, async (req) => {
    await requireCaller(req, 'Editor');
    return { papers: await listPaperRegistrations(db) };
  });

  r.post('/editor/registrations/remind', { schema: { body: RemindBody, response: { 200: RemindJson, ...errors } } }, async (req) => {
    await requireCaller(req, 'Editor');
    const sent = await remindUnregistered({ db, mailer: app.mailer, paperIds: req.body.paperIds, publicUrl });
    return { sent, message: sent === 1 ? 'Reminder sent to 1 author' : `Reminder sent to ${sent} authors` };
  });

  r.get('/author/paper-registration/:paperId', { schema: { params: z.object({ paperId: PaperId }), response: { 200: z.object({ registered: z.boolean() }), ...errors } } }, async (req) => {
    const caller = await requireCaller(req, 'Author');
    return getPaperRegistration({ db, caller, paperId: req.params.paperId });
  });

  r.post('/editor/certificates', { schema: { response: { 200: IssueCertificatesJson, ...errors } } }, async (req) => {
    await requireCaller(req, 'Editor');
    return issueCertificates(db);
  });

  r.get('/me/certificates', { schema: { response: { 200: CertificateListJson, ...errors } } }, async (req) => {
    const caller = await requireCaller(req, 'Author', 'Editor', 'Reviewer');
    return findCertificatesFor(db, caller);
  });

  r.get('/me/certificates/:code', { schema: { params: PdfParams, response: { 200: binary('The certificate (PDF)', 'application/pdf'), ...errors } } }, async (req, reply) => {
    const caller = await requireCaller(req, 'Author', 'Editor', 'Reviewer');
    const { code, pdf } = await renderOwnCertificate({ db, code: req.params.code.slice(0, -'.pdf'.length), caller, conferenceTitle: CONFERENCE_TITLE, publicUrl });
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="certificate-${code}.pdf"`)
      .header('cache-control', 'private, no-store').send(Buffer.from(pdf) as unknown as string); // the declared 200 is a file, typed string
  });

  r.get('/certificates/:code', { schema: { params: CodeParams, response: { 200: z.object({ certificate: IssueCertificatesJson.shape.certificates.element.omit({ email: true }) }), 404: MessageJson } } }, async (req) => {
    return { certificate: await verifyCertificate({ db, code: req.params.code }) };
  });
};

export default routes;
