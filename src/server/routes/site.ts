import type { FastifyPluginAsync, FastifyRequest, FastifyInstance } from 'fastify';
import { SITE } from '../../core/api/site';
import { MESSAGES } from '../../core/messages';
import { ContactBody } from '../../core/schemas/contact';
import { SpeakerEdit, SpeakerFields } from '../../core/schemas/content';
import { CommitteeMemberEdit, CommitteeMemberFields, SponsorEdit, SponsorFields } from '../../core/schemas/site-lists';
import { addressKey, SharedLimiter, tooMany } from '../auth/request-limiter';
import { AppError } from '../errors';
import { defineRoute } from '../http/route';
import { readMultipart, storeUpload } from '../http/upload';
import { discardFileIfUnused, discardOnFailure } from '../services/shared/discard-file';
import { createContactMessage } from '../services/site/create-contact-message';
import {
  addKeynoteSpeaker,
  addNews,
  editKeynoteSpeaker,
  editNews,
  listAllKeynoteSpeakers,
  listKeynoteSpeakers,
  listNews,
  moveKeynoteSpeaker,
  moveNews,
  removeKeynoteSpeaker,
  removeNews,
} from '../services/site/site-content';
import {
  addCommitteeMember,
  addPreviousEvent,
  addSponsor,
  editCommitteeMember,
  editPreviousEvent,
  editSponsor,
  listSiteLists,
  moveCommitteeMember,
  movePreviousEvent,
  moveSponsor,
  removeCommitteeMember,
  removePreviousEvent,
  removeSponsor,
} from '../services/site/site-lists';
import { addSitePage, editSitePage, listSitePages, previewSitePage, removeSitePage } from '../services/site/site-pages';
import { imageType } from '../storage/sniff';
import { checkReadiness } from '../readiness';

/** At most 5 messages per client address in 10 minutes, counted in PostgreSQL (shared by every instance). */
export const CONTACT_PER_ADDRESS = { limit: 5, windowMs: 10 * 60 * 1000 } as const;

const EDITOR = ['Editor'] as const;

/** GET /api/health: up, and its database answering (a load balancer's check; 503 while the database is not). GET /api/health/ready: ready for requests. */
async function healthRoutes(app: FastifyInstance) {
  defineRoute(app, SITE.getHealth, {
    access: 'public',
    handler: async ({ reply }) => {
      try {
        await app.database.ping();
        return { status: 'ok' as const };
      } catch {
        return reply.code(503).send({ status: 'unavailable', message: 'Database is not answering' });
      }
    },
  });
  // Readiness (decision 0067): 503 with a reason while migrating, shedding load or without a database; like
  // liveness it does not wait in the admission queue (app.ts).
  defineRoute(app, SITE.getReadiness, {
    access: 'public',
    handler: async ({ reply }) => {
      const refusal = await checkReadiness({ shedding: () => app.admission.shedding(), ping: () => app.database.ping() });
      if (refusal) return reply.code(503).header('retry-after', '5').send(refusal);
      return { status: 'ready' as const };
    },
  });
}

async function contactRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const limiter = new SharedLimiter(db);

  defineRoute(app, SITE.sendContactMessage, {
    access: 'public',
    guard: async (req) => {
      const refusal = await limiter.take([{ key: `contact:a:${addressKey(req.ip)}`, ...CONTACT_PER_ADDRESS }]);
      if (refusal) throw tooMany(refusal, 'Too many messages from your address.');
    },
    handler: async ({ req, reply }) => {
      // Read here, not by the route's validator: a request without a body is an empty form (200), not a 400.
      const parsed = ContactBody.safeParse(req.body ?? {});
      if (!parsed.success) throw new AppError('bad_request', parsed.error.issues[0]?.message ?? 'Invalid contact form');
      const body = parsed.data;
      // An entirely empty form is not a message (docs/product.md#public-pages): nothing is stored. Its toast shows
      // whatever is typed, so the answer is that text too, as 200 (nothing created) instead of 201.
      if (Object.values(body).every((v) => v === '')) return reply.code(200).send({ message: MESSAGES.contactSent });
      await createContactMessage({ db, body, ip: req.ip });
      return { message: MESSAGES.contactSent };
    },
  });
}

/**
 * Keynote speakers and news items that editors add on /keynote-admin, shown on the public pages.
 * The worked example of a slice (decision 0018): who is asking, parse, one service, reply.
 */
async function contentRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const photo = {
    maxBytes: 2 * 1024 * 1024,
    tooLarge: 'The picture is too large (at most 2 MB)',
    check: (head: Buffer) => (imageType(head) ? null : 'The picture must be a JPEG, PNG or WebP image'),
  };

  defineRoute(app, SITE.listKeynoteSpeakers, { access: 'public', handler: () => listKeynoteSpeakers(db) });

  defineRoute(app, SITE.listAllKeynoteSpeakers, { access: 'public', handler: () => listAllKeynoteSpeakers(db) });

  /** The speaker form's fields and stored photo, from JSON or multipart (the photo streamed to storage as it arrives). */
  const readSpeakerForm = async (req: FastifyRequest): Promise<{ fields: Record<string, unknown>; photoKey: string | null }> => {
    if (!req.isMultipart()) return { fields: (req.body ?? {}) as Record<string, unknown>, photoKey: null };
    const parsed = await readMultipart(
      req.parts({ limits: { fileSize: photo.maxBytes + 1 } }),
      (part) => storeUpload(app.files, part, photo),
      (key) => discardFileIfUnused({ db, store: app.files, key }),
      req.raw,
    );
    return { fields: Object.fromEntries(Object.entries(parsed.fields).map(([k, v]) => [k, v[0]])), photoKey: parsed.file?.key ?? null };
  };

  defineRoute(app, SITE.addKeynoteSpeaker, {
    access: EDITOR,
    handler: async ({ req, caller }) => {
      const { fields, photoKey } = await readSpeakerForm(req);
      // The picture is kept only if the speaker is: refused fields or a failed insert discard it.
      const speaker = await discardOnFailure({
        db,
        store: app.files,
        key: photoKey,
        work: () => addKeynoteSpeaker({ db, fields: SpeakerFields.parse(fields), photoKey, editor: { id: caller.id, ip: req.ip } }),
      });
      return { message: 'Keynote speaker added', speaker };
    },
  });

  defineRoute(app, SITE.editKeynoteSpeaker, {
    access: EDITOR,
    handler: async ({ req, caller, params }) => {
      const { fields, photoKey } = await readSpeakerForm(req);
      // A new picture is kept only if the edit is: refused fields or an unknown speaker discard it.
      const speaker = await discardOnFailure({
        db,
        store: app.files,
        key: photoKey,
        work: () =>
          editKeynoteSpeaker({
            db,
            files: app.files,
            id: params.id,
            fields: SpeakerEdit.parse(fields),
            photoKey,
            editor: { id: caller.id, ip: req.ip },
          }),
      });
      return { message: 'Keynote speaker saved', speaker };
    },
  });

  defineRoute(app, SITE.moveKeynoteSpeaker, {
    access: EDITOR,
    handler: async ({ req, caller, params, body }) => {
      await moveKeynoteSpeaker({ db, id: params.id, direction: body.direction, editor: { id: caller.id, ip: req.ip } });
      return { message: 'Keynote speaker moved' };
    },
  });

  defineRoute(app, SITE.removeKeynoteSpeaker, {
    access: EDITOR,
    handler: async ({ req, caller, params }) => {
      await removeKeynoteSpeaker({ db, files: app.files, id: params.id, editor: { id: caller.id, ip: req.ip } });
      return { message: 'Keynote speaker removed' };
    },
  });

  defineRoute(app, SITE.listNews, { access: 'public', handler: () => listNews(db) });

  defineRoute(app, SITE.addNews, {
    access: EDITOR,
    handler: async ({ req, caller, body }) => ({
      message: 'News item added',
      item: await addNews({ db, fields: body, editor: { id: caller.id, ip: req.ip } }),
    }),
  });

  defineRoute(app, SITE.editNews, {
    access: EDITOR,
    handler: async ({ req, caller, params, body }) => ({
      message: 'News item saved',
      item: await editNews({ db, id: params.id, fields: body, editor: { id: caller.id, ip: req.ip } }),
    }),
  });

  defineRoute(app, SITE.moveNews, {
    access: EDITOR,
    handler: async ({ req, caller, params, body }) => {
      await moveNews({ db, id: params.id, direction: body.direction, editor: { id: caller.id, ip: req.ip } });
      return { message: 'News item moved' };
    },
  });

  defineRoute(app, SITE.removeNews, {
    access: EDITOR,
    handler: async ({ req, caller, params }) => {
      await removeNews({ db, id: params.id, editor: { id: caller.id, ip: req.ip } });
      return { message: 'News item removed' };
    },
  });
}

/**
 * The committee, sponsors and previous events the editor keeps on /editor/site (decision 0062). After each change
 * this instance reads the lists again, which re-renders the public pages that show them.
 */
async function listRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const files = app.files;
  const picture = {
    maxBytes: 2 * 1024 * 1024,
    tooLarge: 'The picture is too large (at most 2 MB)',
    check: (head: Buffer) =>
      ['image/png', 'image/jpeg'].includes(imageType(head) ?? '') ? null : 'The picture must be a PNG or JPEG image',
  };
  // The change is committed: a failed re-read is logged, and the 5 s watch brings the pages up to date.
  const published = () =>
    app.siteLists.refresh(db).then(
      () => undefined,
      (err: unknown) => app.log.error({ err }, "reading the site's lists after a change failed"),
    );

  /** A form's fields and its stored picture (`field`: photo or logo), from JSON or multipart. */
  const readForm = async (req: FastifyRequest, field: string): Promise<{ fields: Record<string, unknown>; key: string | null }> => {
    if (!req.isMultipart()) return { fields: (req.body ?? {}) as Record<string, unknown>, key: null };
    const parsed = await readMultipart(
      req.parts({ limits: { fileSize: picture.maxBytes + 1 } }),
      (part) => {
        if (part.fieldname !== field) throw new AppError('bad_request', `Send the picture as the field "${field}"`);
        return storeUpload(files, part, picture);
      },
      (key) => discardFileIfUnused({ db, store: files, key }),
      req.raw,
    );
    return { fields: Object.fromEntries(Object.entries(parsed.fields).map(([k, v]) => [k, v[0]])), key: parsed.file?.key ?? null };
  };

  defineRoute(app, SITE.listSiteLists, { access: EDITOR, handler: () => listSiteLists(db) });

  defineRoute(app, SITE.addCommitteeMember, {
    access: EDITOR,
    handler: async ({ req, caller }) => {
      const { fields, key } = await readForm(req, 'photo');
      const member = await discardOnFailure({
        db,
        store: files,
        key,
        work: () =>
          addCommitteeMember({ db, fields: CommitteeMemberFields.parse(fields), photoKey: key, editor: { id: caller.id, ip: req.ip } }),
      });
      await published();
      return { message: 'Committee member added', member };
    },
  });

  defineRoute(app, SITE.editCommitteeMember, {
    access: EDITOR,
    handler: async ({ req, caller, params }) => {
      const { fields, key } = await readForm(req, 'photo');
      const member = await discardOnFailure({
        db,
        store: files,
        key,
        work: () =>
          editCommitteeMember({
            db,
            files,
            id: params.id,
            fields: CommitteeMemberEdit.parse(fields),
            photoKey: key,
            editor: { id: caller.id, ip: req.ip },
          }),
      });
      await published();
      return { message: 'Committee member saved', member };
    },
  });

  defineRoute(app, SITE.moveCommitteeMember, {
    access: EDITOR,
    handler: async ({ req, caller, params, body }) => {
      await moveCommitteeMember({ db, id: params.id, direction: body.direction, editor: { id: caller.id, ip: req.ip } });
      await published();
      return { message: 'Committee member moved' };
    },
  });

  defineRoute(app, SITE.removeCommitteeMember, {
    access: EDITOR,
    handler: async ({ req, caller, params }) => {
      await removeCommitteeMember({ db, files, id: params.id, editor: { id: caller.id, ip: req.ip } });
      await published();
      return { message: 'Committee member removed' };
    },
  });

  defineRoute(app, SITE.addSponsor, {
    access: EDITOR,
    handler: async ({ req, caller }) => {
      const { fields, key } = await readForm(req, 'logo');
      const sponsor = await discardOnFailure({
        db,
        store: files,
        key,
        work: () => addSponsor({ db, fields: SponsorFields.parse(fields), logoKey: key, editor: { id: caller.id, ip: req.ip } }),
      });
      await published();
      return { message: 'Sponsor added', sponsor };
    },
  });

  defineRoute(app, SITE.editSponsor, {
    access: EDITOR,
    handler: async ({ req, caller, params }) => {
      const { fields, key } = await readForm(req, 'logo');
      const sponsor = await discardOnFailure({
        db,
        store: files,
        key,
        work: () =>
          editSponsor({ db, files, id: params.id, fields: SponsorEdit.parse(fields), logoKey: key, editor: { id: caller.id, ip: req.ip } }),
      });
      await published();
      return { message: 'Sponsor saved', sponsor };
    },
  });

  defineRoute(app, SITE.moveSponsor, {
    access: EDITOR,
    handler: async ({ req, caller, params, body }) => {
      await moveSponsor({ db, id: params.id, direction: body.direction, editor: { id: caller.id, ip: req.ip } });
      await published();
      return { message: 'Sponsor moved' };
    },
  });

  defineRoute(app, SITE.removeSponsor, {
    access: EDITOR,
    handler: async ({ req, caller, params }) => {
      await removeSponsor({ db, files, id: params.id, editor: { id: caller.id, ip: req.ip } });
      await published();
      return { message: 'Sponsor removed' };
    },
  });

  defineRoute(app, SITE.addPreviousEvent, {
    access: EDITOR,
    handler: async ({ req, caller, body }) => {
      const event = await addPreviousEvent({ db, fields: body, editor: { id: caller.id, ip: req.ip } });
      await published();
      return { message: 'Previous event added', event };
    },
  });

  defineRoute(app, SITE.editPreviousEvent, {
    access: EDITOR,
    handler: async ({ req, caller, params, body }) => {
      const event = await editPreviousEvent({ db, id: params.id, fields: body, editor: { id: caller.id, ip: req.ip } });
      await published();
      return { message: 'Previous event saved', event };
    },
  });

  defineRoute(app, SITE.movePreviousEvent, {
    access: EDITOR,
    handler: async ({ req, caller, params, body }) => {
      await movePreviousEvent({ db, id: params.id, direction: body.direction, editor: { id: caller.id, ip: req.ip } });
      await published();
      return { message: 'Previous event moved' };
    },
  });

  defineRoute(app, SITE.removePreviousEvent, {
    access: EDITOR,
    handler: async ({ req, caller, params }) => {
      await removePreviousEvent({ db, id: params.id, editor: { id: caller.id, ip: req.ip } });
      await published();
      return { message: 'Previous event removed' };
    },
  });
}

/**
 * The organiser's own pages (decision 0064), kept on /editor/site: Markdown at a top-level address. After each change
 * this instance reads the published pages again, which re-renders them and the public bar's menu.
 */
async function pageRoutes(app: FastifyInstance) {
  const { db } = app.database;
  // The change is committed: a failed re-read is logged, and the 5 s watch brings the site up to date.
  const published = () =>
    app.sitePages.refresh(db).then(
      () => undefined,
      (err: unknown) => app.log.error({ err }, "reading the organiser's pages after a change failed"),
    );

  defineRoute(app, SITE.listSitePages, { access: EDITOR, handler: () => listSitePages(db) });

  defineRoute(app, SITE.previewSitePage, { access: EDITOR, handler: ({ body }) => previewSitePage(body.body) });

  defineRoute(app, SITE.addSitePage, {
    access: EDITOR,
    handler: async ({ req, caller, body }) => {
      const page = await addSitePage({ db, fields: body, editor: { id: caller.id, ip: req.ip } });
      await published();
      return { message: 'Page added', page };
    },
  });

  defineRoute(app, SITE.editSitePage, {
    access: EDITOR,
    handler: async ({ req, caller, params, body }) => {
      const page = await editSitePage({ db, id: params.id, fields: body, editor: { id: caller.id, ip: req.ip } });
      await published();
      return { message: 'Page saved', page };
    },
  });

  defineRoute(app, SITE.removeSitePage, {
    access: EDITOR,
    handler: async ({ req, caller, params }) => {
      await removeSitePage({ db, id: params.id, editor: { id: caller.id, ip: req.ip } });
      await published();
      return { message: 'Page removed' };
    },
  });
}

const routes: FastifyPluginAsync = async (app) => {
  await healthRoutes(app);
  await contactRoutes(app);
  await contentRoutes(app);
  await listRoutes(app);
  await pageRoutes(app);
};

export default routes;
