import { z } from '../zod';
import { UserJson } from './auth';

/*
 * Decision 0070: what the login calls answer. Kept apart from ./signin.ts, whose schemas the /login page's JavaScript
 * does not need.
 */

/** A login whose second factor is still to come: no token yet, a ticket for POST /api/login/second-factor (5 minutes). */
export const SecondFactorPendingJson = z.object({
  message: z.string(),
  secondFactor: z.object({
    pending: z.literal(true),
    /** Send it back with the code; good for 5 minutes, once. */
    ticket: z.string(),
    expiresInSeconds: z.number().int(),
  }),
});
export type SecondFactorPendingJson = z.infer<typeof SecondFactorPendingJson>;

/**
 * A login's answer: as SPEC §7 says for an account without a second factor ({message, token, user}); with
 * `secondFactor.enrolRequired` when the editor requires a second factor of this account and it has none (the token
 * then opens only the enrolment); or, for an account with one, the pending answer.
 */
export const SignedInJson = z.object({
  message: z.string(),
  token: z.string(),
  user: UserJson,
  secondFactor: z.object({ enrolRequired: z.literal(true) }).optional(),
});
export type SignedInJson = z.infer<typeof SignedInJson>;
export const LoginAnswerJson = z.union([SignedInJson, SecondFactorPendingJson]);
export type LoginAnswerJson = z.infer<typeof LoginAnswerJson>;
