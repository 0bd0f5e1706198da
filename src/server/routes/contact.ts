import type { FastifyPluginAsync } from 'fastify';
import { MESSAGES } from '../../core/messages';
import { ContactBody, type ContactSentJson } from '../../core/schemas/contact';
import { addressKey, SharedLimiter, tooMany } from '../auth/request-limiter';
import { AppError } from '../errors';
import { createContactMessage } from '../services/site/create-contact-message';
import { CONTRACT } from './contract';

/** At most 5 messages per client address in 10 minutes, counted in PostgreSQL (shared by every instance). */
export const CONTACT_PER_ADDRESS = { limit: 5, windowMs: 10 * 60 * 1000 } as const;

const routes: FastifyPluginAsync = async (app) => {
  const limiter = new SharedLimiter(app.database.db);

  app.post('/contact', CONTRACT.contact, async (req, reply) => {
    const refusal = await limiter.take([{ key: `contact:a:${addressKey(req.ip)}`, ...CONTACT_PER_ADDRESS }]);
    if (refusal) throw tooMany(refusal, 'Too many messages from your address.');
    const parsed = ContactBody.safeParse(req.body ?? {});
    if (!parsed.success) throw new AppError('bad_request', parsed.error.issues[0]?.message ?? 'Invalid contact form');
    // An entirely empty form is not a message (issue 18.5): nothing is stored. SPEC §8 shows its toast
    // whatever is typed, so the answer is that text too, as 200 (nothing created) instead of 201.
    if (Object.values(parsed.data).every((v) => v === '')) return reply.code(200).send({ message: MESSAGES.contactSent } satisfies ContactSentJson);
    await createContactMessage(app.database.db, { body: parsed.data, ip: req.ip });
    const answer: ContactSentJson = { message: MESSAGES.contactSent };
    return reply.code(201).send(answer);
  });
};

export default routes;
