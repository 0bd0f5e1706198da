import { z } from '../zod';
import { Id } from './common';

/** One place an account is signed in (decision 0071). */
export const SessionJson = z.object({
  _id: Id,
  /** A readable name of the browser and system it signed in from ("Firefox on Windows"). */
  device: z.string(),
  /** The address it was last seen from. */
  ip: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session of the token that asked: "this device". */
  current: z.boolean(),
});
export type SessionJson = z.infer<typeof SessionJson>;

export const SessionsJson = z.object({
  sessions: z.array(SessionJson),
  /** The asking token was issued before sessions were recorded: it is not in the list (it ends when it expires). */
  legacy: z.boolean(),
});
export type SessionsJson = z.infer<typeof SessionsJson>;

export const SessionParams = z.object({ sessionId: Id });

export const SessionsEndedJson = z.object({ message: z.string(), ended: z.number().int() });
