import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { newId } from '../../../core/ids';
import type { Role } from '../../../core/schemas/common';
import type { SessionsJson } from '../../../core/schemas/sessions';
import { signToken, TOKEN_LIFETIME_MS, type TokenKey } from '../../auth/tokens';
import type { Db } from '../../db/connect';
import { sessions, users } from '../../db/schema';
import { AppError } from '../../errors';
import { recordAudit } from '../shared/audit';
import { deviceLabel } from './device-label';

/** A database or an open transaction. */
type DbOrTx = Pick<Db, 'insert' | 'update' | 'select'>;

/** A session's last-seen time moves at most this often: the check on every request stays one read (decision 0071). */
export const SESSION_TOUCH_MS = 5 * 60 * 1000;

export const SESSION_NOT_FOUND = 'That session has already ended';

/** A header is whatever the client sent: kept short. */
const clip = (s: string | undefined, max: number) => (s ?? '').slice(0, max);

/**
 * The one way a login token is issued (decision 0071): a new session recorded with the device and address it signed in
 * from, and a token naming it. Sign-up, password login, login link, role switch and any other way in call this.
 */
export async function issueSessionToken(opts: {
  db: DbOrTx;
  key: TokenKey;
  user: { id: string; role: Role };
  links?: string[];
  userAgent?: string;
  ip?: string;
}): Promise<{ token: string; sessionId: string }> {
  const sessionId = newId();
  await opts.db
    .insert(sessions)
    .values({ id: sessionId, userId: opts.user.id, userAgent: clip(opts.userAgent, 512), ip: clip(opts.ip, 64) });
  const token = await signToken({ sub: opts.user.id, role: opts.user.role, links: opts.links, sid: sessionId }, opts.key);
  return { token, sessionId };
}

/**
 * A token whose session was never recorded (signed by signToken directly): recorded on its first request, from the
 * device and address that made it. Issued before the account's sessions were all ended, it stays refused.
 */
export async function recordSeenSession(opts: {
  db: DbOrTx;
  sessionId: string;
  userId: string;
  issuedAt: number;
  userAgent?: string;
  ip?: string;
}): Promise<void> {
  await opts.db
    .insert(sessions)
    .values({
      id: opts.sessionId,
      userId: opts.userId,
      createdAt: new Date(opts.issuedAt || Date.now()),
      userAgent: clip(opts.userAgent, 512),
      ip: clip(opts.ip, 64),
    })
    .onConflictDoNothing();
}

/** Move a session's last-seen time and address (the caller checked it is older than SESSION_TOUCH_MS). */
export async function touchSession(opts: { db: DbOrTx; sessionId: string; ip?: string }): Promise<void> {
  await opts.db
    .update(sessions)
    .set({ lastSeenAt: new Date(), ...(opts.ip ? { ip: clip(opts.ip, 64) } : {}) })
    .where(and(eq(sessions.id, opts.sessionId), isNull(sessions.endedAt)));
}

/** Sessions still open: not ended, and younger than a token lives (an older one's token has expired). */
const openSessionsOf = (userId: string) =>
  and(eq(sessions.userId, userId), isNull(sessions.endedAt), gt(sessions.createdAt, new Date(Date.now() - TOKEN_LIFETIME_MS)));

/** Where the account is signed in, the caller's own session first, then the most recently seen. */
export async function listSessions(opts: { db: Db; userId: string; currentSessionId?: string }): Promise<SessionsJson> {
  const rows = await opts.db.select().from(sessions).where(openSessionsOf(opts.userId)).orderBy(desc(sessions.lastSeenAt));
  const list = rows.map((r) => ({
    _id: r.id,
    device: deviceLabel(r.userAgent),
    ip: r.ip,
    createdAt: r.createdAt.toISOString(),
    lastSeenAt: r.lastSeenAt.toISOString(),
    current: r.id === opts.currentSessionId,
  }));
  list.sort((a, b) => Number(b.current) - Number(a.current));
  return { sessions: list, legacy: opts.currentSessionId === undefined };
}

/** End one of the account's sessions: its token is refused from the next request on, on every instance. */
export async function endSession(opts: { db: Db; userId: string; role: string; sessionId: string; ip?: string }): Promise<void> {
  await opts.db.transaction(async (tx) => {
    const ended = await tx
      .update(sessions)
      .set({ endedAt: new Date() })
      .where(and(eq(sessions.id, opts.sessionId), eq(sessions.userId, opts.userId), isNull(sessions.endedAt)))
      .returning({ id: sessions.id });
    if (ended.length === 0) throw new AppError('not_found', SESSION_NOT_FOUND);
    await recordAudit(tx, {
      actorId: opts.userId,
      actorRole: opts.role,
      action: 'session.end',
      ip: opts.ip,
      details: { sessionId: opts.sessionId },
    });
  });
}

/**
 * End every session of an account but `keepSessionId` (none: every one), and refuse every token of it that names no
 * recorded session issued before now — the tokens from before sessions were recorded (decision 0071) — except, for
 * a caller holding such a token, the tokens issued since theirs (`keepUnsessionedIssuedAt`). For a password change
 * or reset and a second-factor change. Pass the transaction of the change. Returns how many sessions ended.
 */
export async function endOtherSessions(opts: {
  db: DbOrTx;
  userId: string;
  keepSessionId?: string | null;
  keepUnsessionedIssuedAt?: number;
}): Promise<number> {
  const now = new Date();
  const ended = await opts.db
    .update(sessions)
    .set({ endedAt: now })
    .where(
      and(eq(sessions.userId, opts.userId), isNull(sessions.endedAt), opts.keepSessionId ? ne(sessions.id, opts.keepSessionId) : undefined),
    )
    .returning({ id: sessions.id });
  const cutoff = opts.keepUnsessionedIssuedAt !== undefined ? new Date(opts.keepUnsessionedIssuedAt) : now;
  await opts.db
    .update(users)
    .set({ unsessionedTokensValidAfter: sql`greatest(${users.unsessionedTokensValidAfter}, ${cutoff.toISOString()}::timestamptz)` })
    .where(eq(users.id, opts.userId));
  return ended.length;
}

/** The route's "end all other sessions": endOtherSessions for the caller's own session, audited. */
export async function endCallerOtherSessions(opts: {
  db: Db;
  caller: { id: string; role: string; sessionId?: string; issuedAt?: number };
  ip?: string;
}): Promise<number> {
  const { caller } = opts;
  return opts.db.transaction(async (tx) => {
    const ended = await endOtherSessions({
      db: tx,
      userId: caller.id,
      keepSessionId: caller.sessionId ?? null,
      keepUnsessionedIssuedAt: caller.sessionId ? undefined : (caller.issuedAt ?? 0),
    });
    await recordAudit(tx, { actorId: caller.id, actorRole: caller.role, action: 'session.end-others', ip: opts.ip, details: { ended } });
    return ended;
  });
}
