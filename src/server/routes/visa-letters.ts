import type { FastifyPluginAsync } from 'fastify';
import { VISA_LETTERS } from '../../core/api/visa-letters';
import { SIGNATURE_MAX_BYTES, SIGNATURE_TEXT } from '../../core/schemas/visa-letter';
import { defineRoute } from '../http/route';
import { readMultipart, storeUpload } from '../http/upload';
import { AppError } from '../errors';
import { discardFileIfUnused, discardOnFailure } from '../services/shared/discard-file';
import { decideVisaLetter } from '../services/visa-letters/decide-visa-letter';
import { findOwnVisaLetter, listMyVisaLetters, listVisaLetters } from '../services/visa-letters/list-visa-letters';
import { findSignature, removeSignature, saveSignature, signatureType } from '../services/visa-letters/organiser-signature';
import { requestVisaLetter, requireVerified, VISA_TEXT } from '../services/visa-letters/request-visa-letter';
import { renderOwnVisaLetter } from '../services/visa-letters/render-visa-letter';

const ANY_ROLE = ['Author', 'Editor', 'Reviewer'] as const;
const EDITOR = ['Editor'] as const;

/** Visa invitation letters (decision 0046) and the organiser's signature image they carry. */
const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const publicUrl = app.config.publicUrl;
  const actor = (caller: { id: string }, ip: string) => ({ id: caller.id, ip });

  defineRoute(app, VISA_LETTERS.requestVisaLetter, {
    access: ANY_ROLE,
    // An unverified address is refused before its input is read (decision 0018): nothing to learn from a 400.
    guard: async (_req, caller) => requireVerified(caller),
    handler: async ({ req, caller, params, body }) => ({
      message: VISA_TEXT.requested,
      letter: await requestVisaLetter({
        db,
        caller,
        ip: req.ip,
        registrationId: params.id,
        input: body,
        days: { start: app.conference.current().startDate, end: app.conference.current().endDate },
      }),
    }),
  });
  defineRoute(app, VISA_LETTERS.listMyVisaLetters, { access: ANY_ROLE, handler: ({ caller }) => listMyVisaLetters({ db, caller }) });
  defineRoute(app, VISA_LETTERS.downloadMyVisaLetter, {
    access: ANY_ROLE,
    handler: async ({ reply, caller, params }) => {
      const record = await findOwnVisaLetter({ db, caller, letterId: params.id });
      const pdf = await renderOwnVisaLetter({ db, store: app.files, record, publicUrl, conference: app.conference.current() });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="visa-letter-${record.letter.code}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  });

  defineRoute(app, VISA_LETTERS.listVisaLetters, { access: EDITOR, handler: () => listVisaLetters(db) });
  defineRoute(app, VISA_LETTERS.approveVisaLetter, {
    access: EDITOR,
    handler: async ({ req, caller, params }) => ({
      message: 'Letter approved: the requester was mailed the link',
      letter: await decideVisaLetter({
        db,
        mailer: app.mailer,
        publicUrl,
        editor: actor(caller, req.ip),
        letterId: params.id,
        decision: { approve: true },
      }),
    }),
  });
  defineRoute(app, VISA_LETTERS.rejectVisaLetter, {
    access: EDITOR,
    handler: async ({ req, caller, params, body }) => ({
      message: 'Request refused: the requester was mailed the reason',
      letter: await decideVisaLetter({
        db,
        mailer: app.mailer,
        publicUrl,
        editor: actor(caller, req.ip),
        letterId: params.id,
        decision: { approve: false, reason: body.reason },
      }),
    }),
  });

  const signature = {
    maxBytes: SIGNATURE_MAX_BYTES,
    tooLarge: SIGNATURE_TEXT.tooLarge,
    check: (head: Buffer) => (signatureType(head) ? null : SIGNATURE_TEXT.wrongType),
  };
  defineRoute(app, VISA_LETTERS.uploadSignature, {
    access: EDITOR,
    handler: async ({ req, caller }) => {
      if (!req.isMultipart())
        throw new AppError('bad_request', 'Send the signature as multipart/form-data with a file field named signature');
      const { file } = await readMultipart(
        req.parts({ limits: { fileSize: SIGNATURE_MAX_BYTES + 1 } }),
        (part) => storeUpload(app.files, part, signature),
        (key) => discardFileIfUnused({ db, store: app.files, key }),
        req.raw,
      );
      if (!file) throw new AppError('bad_request', 'Please choose the signature image (PNG or JPEG)');
      await discardOnFailure({
        db,
        store: app.files,
        key: file.key,
        work: () => saveSignature({ db, store: app.files, key: file.key, editor: actor(caller, req.ip) }),
      });
      return { message: SIGNATURE_TEXT.saved };
    },
  });
  defineRoute(app, VISA_LETTERS.getSignature, {
    access: EDITOR,
    handler: async ({ reply }) => {
      const { key, type } = await findSignature({ db, store: app.files });
      return reply.type(`image/${type}`).header('cache-control', 'private, no-store').send(app.files.get(key));
    },
  });
  defineRoute(app, VISA_LETTERS.removeSignature, {
    access: EDITOR,
    handler: async ({ req, caller }) => {
      await removeSignature({ db, store: app.files, editor: actor(caller, req.ip) });
      return { message: SIGNATURE_TEXT.removed };
    },
  });
};

export default routes;
