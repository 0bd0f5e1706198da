import type { FastifyPluginAsync } from 'fastify';
import { ACCOUNTS } from '../../core/api/accounts';
import { ProfileFields } from '../../core/schemas/auth';
import { AppError } from '../errors';
import { defineRoute } from '../http/route';
import { imageType } from '../storage/sniff';
import { discardFileIfUnused, discardOnFailure } from '../services/shared/discard-file';
import { updateProfile } from '../services/accounts/update-profile';
import { readMultipart, storeUpload } from '../http/upload';
import { getOwnAccount } from '../services/accounts/users';

const PHOTO_MAX = 2 * 1024 * 1024;
const SIGNED_IN = ['Author', 'Editor', 'Reviewer'] as const;

const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;

  defineRoute(app, ACCOUNTS.getMe, { access: SIGNED_IN, handler: ({ caller }) => getOwnAccount({ db, userId: caller.id }) });

  defineRoute(app, ACCOUNTS.updateMe, {
    access: SIGNED_IN,
    // JSON or multipart (the endpoint is declared multipart, so its body is not validated before the
    // handler): a JSON body is read from req.body, a form streamed, the photo stored as it arrives.
    handler: async ({ req, caller }) => {
      let fields: Record<string, unknown> = (req.body ?? {}) as Record<string, unknown>;
      let photoKey: string | undefined;
      if (!req.isMultipart() && req.body !== undefined && (req.body === null || typeof req.body !== 'object' || Array.isArray(req.body))) {
        throw new AppError('bad_request', 'Send the profile as an object with name and/or phone');
      }
      if (req.isMultipart()) {
        const parsed = await readMultipart(req.parts({ limits: { fileSize: PHOTO_MAX + 1 } }), (part) => {
          if (part.fieldname !== 'photo') throw new AppError('bad_request', 'The only file accepted is `photo`');
          return storeUpload(app.files, part, {
            maxBytes: PHOTO_MAX,
            tooLarge: 'The photo is too large (at most 2 MB)',
            check: (head) => (imageType(head) ? null : 'The photo must be a JPEG, PNG or WebP image'),
          });
        }, (key) => discardFileIfUnused(db, app.files, key), req.raw);
        fields = Object.fromEntries(Object.entries(parsed.fields).map(([k, v]) => [k, v[0]]));
        photoKey = parsed.file?.key;
      }
      const user = await discardOnFailure({ db, store: app.files, key: photoKey }, () =>
        updateProfile({ db, userId: caller.id, changes: { ...ProfileFields.parse({ name: fields.name, phone: fields.phone, affiliation: fields.affiliation, country: fields.country, orcid: fields.orcid }), photoKey } }));
      return { message: 'Profile saved', user };
    },
  });
};

export default routes;
