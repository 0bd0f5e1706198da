import type { FastifyPluginAsync } from 'fastify';
import { MESSAGES } from '../../core/messages';
import { ContactBody, type ContactSentJson } from '../../core/schemas/contact';
import { AppError } from '../errors';
import { createContactMessage } from '../services/create-contact-message';
import { CONTRACT } from './contract';

const WINDOW_MS = 10 * 60 * 1000;
const PER_ADDRESS = 5;

/**
 * At most 5 messages per client address in 10 minutes. In memory, per server instance: the product
 * runs as one process, and a restart forgetting the counts is harmless for a contact form.
 */
export function contactLimiter(limit = PER_ADDRESS, windowMs = WINDOW_MS, now = () => Date.now()) {
  const hits = new Map<string, number[]>();
  return {
    /** Counts one attempt; throws 429 with Retry-After when the address is over the limit. */
    take(address: string): void {
      const cutoff = now() - windowMs;
      const recent = (hits.get(address) ?? []).filter((t) => t > cutoff);
      if (recent.length >= limit) {
        hits.set(address, recent);
        const retryAfter = Math.max(1, Math.ceil(((recent[0] ?? 0) + windowMs - now()) / 1000));
        throw new AppError('too_many',
          `Too many messages from your address. Please try again in ${Math.ceil(retryAfter / 60)} minutes.`,
          { 'retry-after': String(retryAfter) });
      }
      if (hits.size > 50_000) hits.clear();
      hits.set(address, [...recent, now()]);
    },
  };
}

const routes: FastifyPluginAsync = async (app) => {
  const limiter = contactLimiter();

  app.post('/contact', CONTRACT.contact, async (req, reply) => {
    limiter.take(req.ip);
    const parsed = ContactBody.safeParse(req.body ?? {});
    if (!parsed.success) throw new AppError('bad_request', parsed.error.issues[0]?.message ?? 'Invalid contact form');
    await createContactMessage(app.database.db, { body: parsed.data, ip: req.ip });
    const answer: ContactSentJson = { message: MESSAGES.contactSent };
    return reply.code(201).send(answer);
  });
};

export default routes;
