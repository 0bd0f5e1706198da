import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { RECEIPTS } from '../../core/api/receipts';
import { defineRoute } from '../http/route';
import { recordBankTransfer } from '../services/payments/bank-transfers';
import { createEditorRegistration, getEditorRegistration } from '../services/payments/editor-registrations';
import { findOwnReceipt, findReceiptByNumber, findReceiptBySignedLink, renderReceipt, type Receipt } from '../services/receipts/receipts';

const EDITOR = ['Editor'] as const;
const SIGNED_IN = ['Author', 'Reviewer', 'Editor'] as const;

/** Receipts (decision 0048), bank transfers and the editor's page of one registration (decision 0043). */
const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const { publicUrl, JWT_SECRET: secret } = app.config;
  const notify = { mailer: app.mailer, publicUrl, secret };

  const sendReceipt = async (reply: FastifyReply, receipt: Receipt) => {
    const { fileName, pdf } = await renderReceipt({ db, receipt, publicUrl, conference: app.conference.current(), store: app.files });
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(pdf));
  };

  defineRoute(app, RECEIPTS.downloadOwnReceipt, {
    access: SIGNED_IN,
    handler: async ({ caller, params, reply }) => sendReceipt(reply, await findOwnReceipt({ db, caller, registrationId: params.id })),
  });
  defineRoute(app, RECEIPTS.downloadReceiptByLink, {
    access: 'public',
    handler: async ({ params, query, reply }) =>
      sendReceipt(reply, await findReceiptBySignedLink({ db, code: params.code, sig: query.sig, secret })),
  });
  defineRoute(app, RECEIPTS.downloadEditorReceipt, {
    access: EDITOR,
    handler: async ({ params, reply }) => sendReceipt(reply, await findReceiptByNumber({ db, number: params.number })),
  });
  defineRoute(app, RECEIPTS.getEditorRegistration, {
    access: EDITOR,
    handler: ({ params }) => getEditorRegistration({ db, registrationId: params.id }),
  });
  defineRoute(app, RECEIPTS.createEditorRegistration, {
    access: EDITOR,
    handler: ({ caller, req, body }) => createEditorRegistration({ db, files: app.files, actor: { id: caller.id, ip: req.ip }, body }),
  });
  defineRoute(app, RECEIPTS.recordBankTransfer, {
    access: EDITOR,
    handler: async ({ caller, req, params, body }) => {
      const { receiptNumber } = await recordBankTransfer({
        db,
        notify,
        registrationId: params.id,
        actor: { id: caller.id, ip: req.ip },
        transfer: body,
      });
      return { receiptNumber, registration: await getEditorRegistration({ db, registrationId: params.id }) };
    },
  });
};

export default routes;
