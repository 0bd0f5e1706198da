import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { newId } from '../../../core/ids';
import {
  SECOND_FACTOR_EXPIRED,
  SECOND_FACTOR_NEEDED,
  SECOND_FACTOR_WRONG,
  type AccountSecurityJson,
  type SecondFactorPendingJson,
  type SecuritySettingsJson,
  type SignedInJson,
} from '../../../core/schemas/signin';
import { addressKey, type Limit, type SharedLimiter, tooMany } from '../../auth/request-limiter';
import type { TokenKey } from '../../auth/tokens';
import type { Db } from '../../db/connect';
import { awardPanelMembers, secondFactorChallenges, securitySettings, userRecoveryCodes, users, userTotp } from '../../db/schema';
import { AppError } from '../../errors';
import type { Caller } from '../../permissions';
import { recordAudit } from '../shared/audit';
import { toUserJson, type UserRow } from '../shared/user-json';
import { endOtherSessions, issueSessionToken } from '../sessions/sessions';

/*
 * Decision 0070: the second factor. Every way in (sign-up, password, login link, role switch, a provider) ends in
 * signIn below: an account with a second factor gets a 5-minute ticket instead of a token, and POST
 * /api/login/second-factor turns the ticket and a code into the token.
 */

const MINUTE = 60_000;
export const CHALLENGE_TTL_MS = 5 * MINUTE;
/**
 * Wrong codes per account from every address together (10 an hour: a million codes cannot be tried), and per
 * address across accounts. Counted for the login step, the confirmation and the turning off alike.
 */
export const SECOND_FACTOR_LIMITS = {
  perAccount: { limit: 10, windowMs: 60 * MINUTE },
  perAddress: { limit: 100, windowMs: 60 * MINUTE },
} as const;
export const RECOVERY_CODES = 10;

export const hashSecret = (value: string) => createHash('sha256').update(value).digest('base64url');
export const randomTicket = () => randomBytes(32).toString('base64url');

/** Whoever signs in: the account, and the request's device and address (for the session). */
export interface SignInContext {
  db: Db;
  key: TokenKey;
  ip: string;
  userAgent?: string;
}

/** Does the editor require a second factor of this account (editors, track chairs, award-panel members)? */
export async function secondFactorRequired(db: Db, user: { id: string; role: string }): Promise<boolean> {
  const [s] = await db.select({ on: securitySettings.requireSecondFactor }).from(securitySettings).where(eq(securitySettings.id, 1));
  if (!s?.on) return false;
  if (user.role === 'Editor') return true;
  const [member] = await db
    .select({ userId: awardPanelMembers.userId })
    .from(awardPanelMembers)
    .where(eq(awardPanelMembers.userId, user.id))
    .limit(1);
  return Boolean(member);
}

async function hasSecondFactor(db: Pick<Db, 'select'>, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: userTotp.userId })
    .from(userTotp)
    .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.confirmedAt)));
  return Boolean(row);
}

/** The token and the answer SPEC §7 describes, through the one token-issuing function (a recorded session, decision 0071). */
async function issue(
  ctx: SignInContext,
  user: UserRow,
  links: string[],
  message: string,
): Promise<{ message: string; token: string; user: ReturnType<typeof toUserJson> }> {
  const { token } = await issueSessionToken({ db: ctx.db, key: ctx.key, user, links, userAgent: ctx.userAgent, ip: ctx.ip });
  return { message, token, user: toUserJson(user) };
}

/**
 * Every way in ends here. Without a second factor: the token, as before (with `secondFactor.enrolRequired` when the
 * editor requires one of this account: it may then only set it up). With one: a ticket for the second step.
 */
export async function signIn(
  ctx: SignInContext & { userId: string; links?: string[]; message: string; via: 'password' | 'link' | 'switch' | 'oidc' | 'signup' },
): Promise<SignedInJson | SecondFactorPendingJson> {
  const { db } = ctx;
  const [user] = await db.select().from(users).where(eq(users.id, ctx.userId));
  if (!user) throw new AppError('unauthorized', 'This account no longer exists');
  const links = ctx.links ?? [];
  if (await hasSecondFactor(db, user.id)) {
    const ticket = randomTicket();
    await db.delete(secondFactorChallenges).where(lt(secondFactorChallenges.expiresAt, new Date()));
    await db.insert(secondFactorChallenges).values({
      id: newId(),
      ticketHash: hashSecret(ticket),
      userId: user.id,
      links,
      via: ctx.via,
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
    });
    return { message: SECOND_FACTOR_NEEDED, secondFactor: { pending: true, ticket, expiresInSeconds: CHALLENGE_TTL_MS / 1000 } };
  }
  const required = await secondFactorRequired(db, user);
  if (required !== user.secondFactorDue) {
    await db.update(users).set({ secondFactorDue: required }).where(eq(users.id, user.id));
    user.secondFactorDue = required;
  }
  const answer = await issue(ctx, user, links, ctx.message);
  return required ? { ...answer, secondFactor: { enrolRequired: true } } : answer;
}

const limitsFor = (userId: string, ip: string): Limit[] => [
  { key: `2fa:u:${userId}`, ...SECOND_FACTOR_LIMITS.perAccount },
  { key: `2fa:a:${addressKey(ip)}`, ...SECOND_FACTOR_LIMITS.perAddress },
];

/** Refuse (429) while this account or address has failed too often; else run `check`, counting a failure. */
async function limitedCheck(
  opts: { db: Db; shared: SharedLimiter; userId: string; role: string; ip: string },
  check: () => Promise<boolean>,
): Promise<void> {
  const limits = limitsFor(opts.userId, opts.ip);
  const refusal = await opts.shared.check(limits);
  if (refusal) throw tooMany(refusal, 'Too many wrong codes.');
  if (await check()) return;
  await opts.db.transaction(async (tx) => {
    await opts.shared.take(limits, tx);
    await recordAudit(tx, { actorId: opts.userId, actorRole: opts.role, action: 'second-factor.failed', ip: opts.ip });
  });
  throw new AppError('unauthorized', SECOND_FACTOR_WRONG);
}

/** The RFC 6238 time step (30 s) a code matches, one step of clock drift either way; null: no match. */
async function matchingStep(secret: string, code: string): Promise<number | null> {
  const result = await verify({ secret, token: code, epochTolerance: 30 });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/**
 * A 6-digit code of this account's app, used at most once: the time step it matched is kept, and a code of that
 * step or an earlier one is refused (RFC 6238 §5.2), in one UPDATE so two requests cannot both use it.
 */
async function useTotpCode(db: Db, userId: string, code: string): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const [row] = await db
    .select()
    .from(userTotp)
    .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.confirmedAt)));
  if (!row) return false;
  const step = await matchingStep(row.secret, code);
  if (step === null) return false;
  const used = await db
    .update(userTotp)
    .set({ lastStep: step })
    .where(and(eq(userTotp.userId, userId), or(isNull(userTotp.lastStep), lt(userTotp.lastStep, step))))
    .returning({ userId: userTotp.userId });
  return used.length === 1;
}

/** A recovery code, used up by the one UPDATE that finds it unused. */
async function useRecoveryCode(db: Db, userId: string, code: string, ip: string, role: string): Promise<boolean> {
  const bare = code.replace(/-/g, '');
  if (!/^[a-z0-9]{10}$/.test(bare)) return false;
  return db.transaction(async (tx) => {
    const used = await tx
      .update(userRecoveryCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(userRecoveryCodes.userId, userId), eq(userRecoveryCodes.codeHash, hashSecret(bare)), isNull(userRecoveryCodes.usedAt)))
      .returning({ id: userRecoveryCodes.id });
    if (used.length !== 1) return false;
    const left = await recoveryCodesLeft(tx, userId);
    await recordAudit(tx, { actorId: userId, actorRole: role, action: 'second-factor.recovery-used', ip, details: { left } });
    return true;
  });
}

async function recoveryCodesLeft(db: Pick<Db, 'select'>, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

const useCode = (db: Db, userId: string, code: string, ip: string, role: string) =>
  /^\d{6}$/.test(code) ? useTotpCode(db, userId, code) : useRecoveryCode(db, userId, code, ip, role);

/** The second step of a login: the ticket and a code (or a recovery code) of the same account. */
export async function completeSecondFactor(
  ctx: SignInContext & { shared: SharedLimiter; ticket: string; code: string },
): Promise<SignedInJson> {
  const { db } = ctx;
  const [challenge] = await db
    .select()
    .from(secondFactorChallenges)
    .where(and(eq(secondFactorChallenges.ticketHash, hashSecret(ctx.ticket)), gt(secondFactorChallenges.expiresAt, new Date())));
  if (!challenge) throw new AppError('bad_request', SECOND_FACTOR_EXPIRED);
  const [user] = await db.select().from(users).where(eq(users.id, challenge.userId));
  if (!user) throw new AppError('bad_request', SECOND_FACTOR_EXPIRED);
  await limitedCheck({ db, shared: ctx.shared, userId: user.id, role: user.role, ip: ctx.ip }, () =>
    useCode(db, user.id, ctx.code, ctx.ip, user.role),
  );
  // The ticket works once: of two requests with right codes, one gets the token.
  const taken = await db
    .delete(secondFactorChallenges)
    .where(eq(secondFactorChallenges.id, challenge.id))
    .returning({ id: secondFactorChallenges.id });
  if (taken.length !== 1) throw new AppError('bad_request', SECOND_FACTOR_EXPIRED);
  if (user.secondFactorDue) await db.update(users).set({ secondFactorDue: false }).where(eq(users.id, user.id));
  return issue(ctx, user, challenge.links, 'Login successful');
}

/** Start setting up an app: a new secret (replacing one not yet confirmed) and its QR code. */
export async function startTotp(opts: { db: Db; caller: Caller; issuer: string }) {
  const { db, caller } = opts;
  if (await hasSecondFactor(db, caller.id))
    throw new AppError('conflict', 'Your second factor is already on; turn it off first to set up another app');
  const secret = generateSecret();
  await db
    .insert(userTotp)
    .values({ userId: caller.id, secret })
    .onConflictDoUpdate({ target: userTotp.userId, set: { secret, confirmedAt: null, lastStep: null, createdAt: new Date() } });
  const uri = generateURI({ issuer: opts.issuer, label: `${caller.email} (${caller.role})`, secret });
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** Ten recovery codes, xxxxx-xxxxx (50 random bits each), and their hashes. */
function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  const codes: string[] = [];
  for (let i = 0; i < RECOVERY_CODES; i++) {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => alphabet[b % 32]).join('');
    codes.push(`${chars.slice(0, 5)}-${chars.slice(5)}`);
  }
  return { codes, hashes: codes.map((c) => hashSecret(c.replace(/-/g, ''))) };
}

/** Turn the second factor on with a first code of the app; answers the recovery codes, shown this once. */
export async function confirmTotp(opts: { db: Db; shared: SharedLimiter; caller: Caller; code: string; ip: string }) {
  const { db, caller } = opts;
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, caller.id));
  if (!row) throw new AppError('conflict', 'Start setting up your authenticator app first');
  if (row.confirmedAt) throw new AppError('conflict', 'Your second factor is already on');
  let step = 0;
  await limitedCheck({ db, shared: opts.shared, userId: caller.id, role: caller.role, ip: opts.ip }, async () => {
    step = (await matchingStep(row.secret, opts.code)) ?? 0;
    return step > 0;
  });
  const { codes, hashes } = newRecoveryCodes();
  const user = await db.transaction(async (tx) => {
    const done = await tx
      .update(userTotp)
      .set({ confirmedAt: new Date(), lastStep: step })
      .where(and(eq(userTotp.userId, caller.id), isNull(userTotp.confirmedAt)))
      .returning({ userId: userTotp.userId });
    if (done.length !== 1) throw new AppError('conflict', 'Your second factor is already on');
    await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, caller.id));
    await tx.insert(userRecoveryCodes).values(hashes.map((codeHash) => ({ id: newId(), userId: caller.id, codeHash })));
    const [u] = await tx.update(users).set({ secondFactorDue: false }).where(eq(users.id, caller.id)).returning();
    // A second-factor change ends the account's other sessions (decision 0071): a thief's password-only session goes.
    await endOtherSessions({
      db: tx,
      userId: caller.id,
      keepSessionId: caller.sessionId ?? null,
      keepUnsessionedIssuedAt: caller.sessionId ? undefined : caller.issuedAt,
    });
    await recordAudit(tx, { actorId: caller.id, actorRole: caller.role, action: 'second-factor.enrol', ip: opts.ip });
    return u!;
  });
  return { message: 'Your second factor is on', recoveryCodes: codes, user: toUserJson(user) };
}

async function removeSecondFactor(tx: Pick<Db, 'delete'>, userId: string): Promise<void> {
  await tx.delete(userTotp).where(eq(userTotp.userId, userId));
  await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  await tx.delete(secondFactorChallenges).where(eq(secondFactorChallenges.userId, userId));
}

/** Turn it off with a current code or a recovery code; not when the editor requires it of this account. */
export async function disableTotp(opts: { db: Db; shared: SharedLimiter; caller: Caller; code: string; ip: string }) {
  const { db, caller } = opts;
  if (!(await hasSecondFactor(db, caller.id))) throw new AppError('conflict', 'Your second factor is not on');
  if (await secondFactorRequired(db, caller)) {
    throw new AppError(
      'forbidden',
      "The editor requires a second factor of your role: it cannot be turned off (set up a new app with an editor's reset)",
    );
  }
  await limitedCheck({ db, shared: opts.shared, userId: caller.id, role: caller.role, ip: opts.ip }, () =>
    useCode(db, caller.id, opts.code, opts.ip, caller.role),
  );
  await db.transaction(async (tx) => {
    await removeSecondFactor(tx, caller.id);
    await endOtherSessions({
      db: tx,
      userId: caller.id,
      keepSessionId: caller.sessionId ?? null,
      keepUnsessionedIssuedAt: caller.sessionId ? undefined : caller.issuedAt,
    });
    await recordAudit(tx, { actorId: caller.id, actorRole: caller.role, action: 'second-factor.disable', ip: opts.ip });
  });
  return { message: 'Your second factor is off' };
}

/** An editor removes another person's second factor (a lost device and no recovery code), audited in the same transaction. */
export async function resetSecondFactor(opts: { db: Db; caller: Caller; userId: string; ip: string }) {
  const { db, caller } = opts;
  if (opts.userId === caller.id) throw new AppError('forbidden', 'Another editor must reset your own second factor');
  const [target] = await db.select().from(users).where(eq(users.id, opts.userId));
  if (!target) throw new AppError('not_found', 'No such account');
  if (!(await hasSecondFactor(db, target.id))) throw new AppError('conflict', `${target.name} has no second factor to reset`);
  const required = await secondFactorRequired(db, target);
  await db.transaction(async (tx) => {
    await removeSecondFactor(tx, target.id);
    await tx.update(users).set({ secondFactorDue: required }).where(eq(users.id, target.id));
    // Whoever holds the lost device's sessions is signed out everywhere.
    await endOtherSessions({ db: tx, userId: target.id });
    await recordAudit(tx, {
      actorId: caller.id,
      actorRole: caller.role,
      action: 'second-factor.reset',
      ip: opts.ip,
      details: { userId: target.id, email: target.email, role: target.role },
    });
  });
  return {
    message: `The second factor of ${target.name} (${target.role}) was removed: they sign in with their password and set it up again`,
  };
}

/** The setting, and the accounts with a second factor or due to set one up (editors first), at most 500. */
export async function getSecuritySettings(db: Db): Promise<SecuritySettingsJson> {
  const [s] = await db.select().from(securitySettings).where(eq(securitySettings.id, 1));
  const rows = await db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      enabled: sql<boolean>`${userTotp.confirmedAt} is not null`,
      due: users.secondFactorDue,
    })
    .from(users)
    .leftJoin(userTotp, eq(userTotp.userId, users.id))
    .where(or(isNotNull(userTotp.confirmedAt), eq(users.secondFactorDue, true)))
    .orderBy(sql`${users.role} <> 'Editor'`, users.name)
    .limit(500);
  return { requireSecondFactor: s?.requireSecondFactor ?? false, people: rows };
}

/**
 * Require a second factor of editors, track chairs and award-panel members (or stop): those without one may only set
 * it up from their next request on. The editor turning it on must have one already (or be locked in with the rest).
 */
export async function updateSecuritySettings(opts: {
  db: Db;
  caller: Caller;
  requireSecondFactor: boolean;
  ip: string;
}): Promise<SecuritySettingsJson> {
  const { db, caller, requireSecondFactor } = opts;
  if (requireSecondFactor && !(await hasSecondFactor(db, caller.id))) {
    throw new AppError('conflict', 'Set up your own second factor (Account security) before requiring one of others');
  }
  await db.transaction(async (tx) => {
    await tx
      .insert(securitySettings)
      .values({ id: 1, requireSecondFactor, updatedAt: new Date(), updatedBy: caller.id })
      .onConflictDoUpdate({ target: securitySettings.id, set: { requireSecondFactor, updatedAt: new Date(), updatedBy: caller.id } });
    if (requireSecondFactor) {
      const confirmed = tx.select({ id: userTotp.userId }).from(userTotp).where(isNotNull(userTotp.confirmedAt));
      const panel = tx.select({ id: awardPanelMembers.userId }).from(awardPanelMembers);
      await tx
        .update(users)
        .set({ secondFactorDue: true })
        .where(and(or(eq(users.role, 'Editor'), inArray(users.id, panel)), sql`${users.id} not in (${confirmed})`));
    } else {
      await tx.update(users).set({ secondFactorDue: false }).where(eq(users.secondFactorDue, true));
    }
    await recordAudit(tx, {
      actorId: caller.id,
      actorRole: caller.role,
      action: 'settings.security',
      ip: opts.ip,
      details: { requireSecondFactor },
    });
  });
  return getSecuritySettings(db);
}

/** The second-factor part of the account security screen. */
export async function secondFactorState(db: Db, user: { id: string; role: string }): Promise<AccountSecurityJson['secondFactor']> {
  return {
    enabled: await hasSecondFactor(db, user.id),
    required: await secondFactorRequired(db, user),
    recoveryCodesLeft: await recoveryCodesLeft(db, user.id),
  };
}
