import type { FastifyPluginAsync } from 'fastify';
import { PROGRAMME } from '../../core/api/programme';
import { defineRoute } from '../http/route';
import { findCertificatesFor, issueCertificates, renderOwnCertificate, verifyCertificate } from '../services/programme/certificates';

const SIGNED_IN = ['Author', 'Editor', 'Reviewer'] as const;
const EDITOR = ['Editor'] as const;

/** Certificates of presentation, attendance, awards and workshops (issues 15, 24.5, 26.6). */
const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const publicUrl = app.config.publicUrl;

  defineRoute(app, PROGRAMME.issueCertificates, {
    access: EDITOR,
    handler: ({ body }) => issueCertificates({ db, presentationsBeforeSessions: body.presentationsBeforeSessions }),
  });
  defineRoute(app, PROGRAMME.listMyCertificates, { access: SIGNED_IN, handler: ({ caller }) => findCertificatesFor(db, caller) });
  defineRoute(app, PROGRAMME.getMyCertificatePdf, {
    access: SIGNED_IN,
    handler: async ({ caller, params, reply }) => {
      const { code, pdf } = await renderOwnCertificate({ db, store: app.files, code: params.code.slice(0, -'.pdf'.length), caller, conference: app.conference.current(), publicUrl });
      return reply.type('application/pdf').header('content-disposition', `attachment; filename="certificate-${code}.pdf"`)
        .header('cache-control', 'private, no-store').send(Buffer.from(pdf));
    },
  });
  defineRoute(app, PROGRAMME.verifyCertificate, {
    access: 'public',
    handler: async ({ params }) => ({ certificate: await verifyCertificate({ db, code: params.code }) }),
  });
};

export default routes;
