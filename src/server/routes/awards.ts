import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AWARDS } from '../../core/api/awards';
import { NominationFields } from '../../core/schemas/award';
import { controlCharsMessage, isPlainLine } from '../../core/schemas/text';
import { AppError } from '../errors';
import type { Caller } from '../permissions';
import { defineRoute } from '../http/route';
import { multipartParts, storeUpload } from '../http/upload';
import { findAwardeePhoto, listAwardees } from '../services/awards/awardees';
import { decideNomination } from '../services/awards/decide';
import { checkNominationsOpen, createNomination, getMyNomination, listMyNominations } from '../services/awards/nominations';
import {
  addPanelMember,
  checkPanel,
  findNominationCv,
  listPanelMembers,
  listPanelNominations,
  removePanelMember,
  scoreNomination,
} from '../services/awards/panel';
import { discardFileIfUnused, discardOnFailure } from '../services/shared/discard-file';
import { imageType, isPdf } from '../storage/sniff';
import { isStorableText, UNSTORABLE_TEXT } from '../unstorable-text';

const ANYONE = ['Author', 'Editor', 'Reviewer', 'Chair'] as const;
const EDITOR = ['Editor'] as const;
const PHOTO_MAX = 2 * 1024 * 1024;

/**
 * Award nominations, the panel and the awardees (decision 0044). Who may see a nomination is the services' to
 * decide: the nominator their own, the panel and the editors the year's; the CV only the panel and the editors.
 */
const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;

  /** The nomination form: text fields, the CV (`cv`, a PDF, checked like a paper) and an optional `photo` (an image), both stored as they arrive. */
  const readNominationForm = async (req: FastifyRequest) => {
    if (!req.isMultipart()) throw new AppError('bad_request', 'Send the nomination as multipart/form-data');
    const maxPdf = Math.floor(app.config.MAX_UPLOAD_MB * 1024 * 1024);
    const fields: Record<string, string> = {};
    const stored: Partial<Record<'cv' | 'photo', string>> = {};
    const store = (part: MultipartFile) => {
      if (part.fieldname === 'cv') {
        return storeUpload(app.files, part, {
          maxBytes: maxPdf,
          tooLarge: `The CV is too large (at most ${app.config.MAX_UPLOAD_MB} MB)`,
          check: (head) => (isPdf(head) ? null : 'The CV is not a PDF'),
        });
      }
      if (part.fieldname === 'photo') {
        return storeUpload(app.files, part, {
          maxBytes: PHOTO_MAX,
          tooLarge: 'The photo is too large (at most 2 MB)',
          check: (head) => (imageType(head) ? null : 'The photo must be a JPEG, PNG or WebP image'),
        });
      }
      throw new AppError('bad_request', 'Send the CV in the field `cv` and the photo in the field `photo`');
    };
    try {
      for await (const part of multipartParts(req.parts({ limits: { files: 2, fileSize: Math.max(maxPdf, PHOTO_MAX) + 1 } }), req.raw)) {
        if (part.type === 'file') {
          const name = part.fieldname as 'cv' | 'photo';
          const fileName = typeof part.filename === 'string' ? part.filename : '';
          try {
            if (stored[name]) throw new AppError('bad_request', name === 'cv' ? 'Send one CV only' : 'Send one photo only');
            if (!isStorableText(fileName)) throw new AppError('bad_request', UNSTORABLE_TEXT);
            if (!isPlainLine(fileName)) throw new AppError('bad_request', controlCharsMessage('File name'));
            stored[name] = (await store(part)).key;
          } catch (err) {
            // A refused file must still be read to its end, or the parser waits for it and the request hangs.
            part.file.resume();
            throw err;
          }
        } else {
          const value = String(part.value ?? '');
          if (!isStorableText(value)) throw new AppError('bad_request', UNSTORABLE_TEXT);
          fields[part.fieldname] ??= value;
        }
      }
    } catch (err) {
      for (const key of Object.values(stored)) await discardFileIfUnused({ db, store: app.files, key }).catch(() => {});
      throw err;
    }
    return { fields, cvKey: stored.cv, photoKey: stored.photo ?? null };
  };

  /** The panel's routes refuse anyone else before the request's input is read (a stranger hears 403 whatever they send). */
  const panelOnly = async (_req: FastifyRequest, caller: Caller) => {
    const denial = await checkPanel({ db, caller });
    if (denial) throw new AppError(denial.code, denial.message);
  };

  defineRoute(app, AWARDS.listAwardees, { access: 'public', handler: ({ params }) => listAwardees({ db, year: params.year }) });

  defineRoute(app, AWARDS.getAwardeePhoto, {
    access: 'public',
    handler: async ({ params, reply }) => {
      const photo = await findAwardeePhoto({ db, files: app.files, id: params.id });
      return reply
        .header('content-type', photo.type)
        .header('cache-control', 'public, max-age=300')
        .header('content-security-policy', "default-src 'none'")
        .header('x-content-type-options', 'nosniff')
        .send(app.files.get(photo.key));
    },
  });

  defineRoute(app, AWARDS.listMyNominations, { access: ANYONE, handler: ({ caller }) => listMyNominations({ db, caller }) });

  defineRoute(app, AWARDS.createNomination, {
    access: ANYONE,
    // After the deadline nothing is read or stored.
    guard: async () => checkNominationsOpen({ db }),
    handler: async ({ req, caller }) => {
      const form = await readNominationForm(req);
      const nomination = await discardOnFailure({
        db,
        store: app.files,
        key: [form.cvKey, form.photoKey],
        work: async () => {
          const fields = NominationFields.parse(form.fields);
          if (!form.cvKey) throw new AppError('bad_request', "Attach the nominee's CV as a PDF");
          return createNomination({
            db,
            caller,
            ip: req.ip,
            fields,
            cvKey: form.cvKey,
            photoKey: form.photoKey,
            notify: { mailer: app.mailer, publicUrl: app.config.publicUrl },
          });
        },
      });
      return { message: `Nomination received: ${nomination.nomineeName}, ${nomination.category}`, nomination };
    },
  });

  defineRoute(app, AWARDS.getMyNomination, {
    access: ANYONE,
    handler: ({ caller, params }) => getMyNomination({ db, caller, id: params.id }),
  });

  defineRoute(app, AWARDS.getMyPanelMembership, {
    access: ANYONE,
    handler: async ({ caller }) => ({ member: (await checkPanel({ db, caller })) === null }),
  });

  defineRoute(app, AWARDS.listPanelNominations, {
    access: ANYONE,
    guard: panelOnly,
    handler: ({ caller }) => listPanelNominations({ db, caller }),
  });

  defineRoute(app, AWARDS.getNominationCv, {
    access: ANYONE,
    guard: panelOnly,
    handler: async ({ caller, params, reply }) => {
      const cv = await findNominationCv({ db, caller, id: params.id });
      if (!(await app.files.exists(cv.storageKey))) throw new AppError('not_found', 'CV not found');
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${cv.fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(app.files.get(cv.storageKey));
    },
  });

  defineRoute(app, AWARDS.scoreNomination, {
    access: ANYONE,
    guard: panelOnly,
    handler: async ({ req, caller, params, body }) => ({
      message: 'Score saved',
      nomination: await scoreNomination({ db, caller, ip: req.ip, id: params.id, body }),
    }),
  });

  defineRoute(app, AWARDS.decideNomination, {
    access: EDITOR,
    handler: async ({ req, caller, params, body }) => {
      const decided = await decideNomination({
        db,
        mailer: app.mailer,
        publicUrl: app.config.publicUrl,
        caller,
        ip: req.ip,
        id: params.id,
        body,
      });
      const message =
        decided.nomination.status === 'awarded'
          ? `Awarded: ${decided.nomination.nomineeName}, award id ${decided.nomination.awardId}. The nominee and the nominator are told.`
          : `Not awarded: ${decided.nomination.nomineeName}. The nominee and the nominator are told.`;
      return { message, ...decided };
    },
  });

  defineRoute(app, AWARDS.listPanelMembers, { access: EDITOR, handler: () => listPanelMembers({ db }) });
  defineRoute(app, AWARDS.addPanelMember, {
    access: EDITOR,
    handler: ({ req, caller, body }) =>
      addPanelMember({ db, caller, ip: req.ip, email: body.email, notify: { mailer: app.mailer, publicUrl: app.config.publicUrl } }),
  });
  defineRoute(app, AWARDS.removePanelMember, {
    access: EDITOR,
    handler: ({ req, caller, params }) => removePanelMember({ db, caller, ip: req.ip, userId: params.userId }),
  });
};

export default routes;
