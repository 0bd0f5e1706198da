import type { FastifyPluginAsync } from 'fastify';
import { SITE } from '../../core/api/site';
import { MESSAGES } from '../../core/messages';
import { ContactBody } from '../../core/schemas/contact';
import { addressKey, SharedLimiter, tooMany } from '../auth/request-limiter';
import { AppError } from '../errors';
import { defineRoute } from '../http/route';
import { createContactMessage } from '../services/site/create-contact-message';

/** At most 5 messages per client address in 10 minutes, counted in PostgreSQL (shared by every instance). */
export const CONTACT_PER_ADDRESS = { limit: 5, windowMs: 10 * 60 * 1000 } as const;

const routes: FastifyPluginAsync = async (app) => {
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
      // An entirely empty form is not a message (issue 18.5): nothing is stored. SPEC §8 shows its toast
      // whatever is typed, so the answer is that text too, as 200 (nothing created) instead of 201.
      if (Object.values(body).every((v) => v === '')) return reply.code(200).send({ message: MESSAGES.contactSent });
      await createContactMessage(db, { body, ip: req.ip });
      return { message: MESSAGES.contactSent };
    },
  });
};

export default routes;
