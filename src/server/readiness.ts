import type { NotReadyJson } from '../core/schemas/content';
import { isMigrating } from './db/connect';

/**
 * Why an instance should not be sent requests now (decision 0067), in the words GET /api/health/ready answers
 * with 503. Liveness (GET /api/health) says only that the process and its database answer.
 */
export const NOT_READY: Record<NotReadyJson['reason'], string> = {
  starting: 'The server is starting. Please try again in a few seconds.',
  migrating: 'The server is applying database migrations. Please try again in a few seconds.',
  shedding: 'The server is refusing requests it has no room for (its admission queue is full).',
  database: 'Database is not answering',
};

export function notReady(reason: NotReadyJson['reason']): NotReadyJson {
  return { status: 'unavailable', reason, message: NOT_READY[reason] };
}

/**
 * Null when the instance is ready; else the first reason it is not: migrations under way in this process, the
 * admission gate shedding load (src/server/http/admission.ts), or the database not answering.
 */
export async function checkReadiness(opts: { shedding: () => boolean; ping: () => Promise<void> }): Promise<NotReadyJson | null> {
  if (isMigrating()) return notReady('migrating');
  if (opts.shedding()) return notReady('shedding');
  try {
    await opts.ping();
  } catch {
    return notReady('database');
  }
  return null;
}
