import { and, ne, sql } from 'drizzle-orm';
import type { MyRolesJson } from '../../core/schemas/accounts';
import type { Role } from '../../core/schemas/common';
import { verifyPassword } from '../auth/password';
import type { Db } from '../db/connect';
import { users } from '../db/schema';
import { AppError } from '../errors';
import type { Caller } from '../permissions';
import type { UserRow } from './user-json';

const sameEmail = (email: string) => sql`lower(${users.email}) = ${email.toLowerCase()}`;

/**
 * At a password login: the person's accounts in other roles under the same e-mail whose password is the
 * one just typed. Those are proved, so the header may switch to them without asking again.
 */
export async function findLinkedAccounts(db: Db, opts: { user: UserRow; password: string }): Promise<string[]> {
  const others = await db.select({ id: users.id, hash: users.passwordHash }).from(users)
    .where(and(sameEmail(opts.user.email), ne(users.id, opts.user.id)));
  const linked: string[] = [];
  for (const o of others) if (await verifyPassword(opts.password, o.hash)) linked.push(o.id);
  return linked;
}

/**
 * May the caller become `target` without a password? Yes when this login proved it (same password), or
 * when both accounts confirmed the address through their own mailed link (then both belong to whoever
 * reads that mailbox). An unverified account that merely names the same address gets nothing.
 */
function mayBecome(caller: Caller, me: { emailVerifiedAt: Date | null }, target: { id: string; emailVerifiedAt: Date | null; tokensValidAfter: Date | null }): boolean {
  // A proof made with a password the target has since reset proves nothing any more.
  const proved = (caller.links ?? []).includes(target.id) && (!target.tokensValidAfter || (caller.issuedAt ?? 0) >= target.tokensValidAfter.getTime());
  return proved || (me.emailVerifiedAt !== null && target.emailVerifiedAt !== null);
}

export async function listMyRoles(db: Db, caller: Caller): Promise<MyRolesJson> {
  const rows = await db.select({ id: users.id, role: users.role, emailVerifiedAt: users.emailVerifiedAt, tokensValidAfter: users.tokensValidAfter }).from(users)
    .where(sameEmail(caller.email));
  const me = rows.find((r) => r.id === caller.id) ?? { emailVerifiedAt: null };
  const order: Role[] = ['Author', 'Editor', 'Reviewer'];
  return {
    current: caller.role,
    emailVerified: me.emailVerifiedAt !== null,
    roles: rows.filter((r) => r.id !== caller.id).sort((a, b) => order.indexOf(a.role) - order.indexOf(b.role))
      .map((r) => ({ role: r.role, available: mayBecome(caller, me, r) })),
  };
}

/** The account to switch to, and the links the new token carries (this account too, to switch back). */
export async function switchRole(db: Db, opts: { caller: Caller; role: Role }): Promise<{ user: UserRow; links: string[] }> {
  const { caller, role } = opts;
  if (role === caller.role) throw new AppError('bad_request', `You are already logged in as ${role}`);
  const rows = await db.select().from(users).where(sameEmail(caller.email));
  const me = rows.find((r) => r.id === caller.id);
  const target = rows.find((r) => r.role === role);
  if (!me || !target) throw new AppError('not_found', `You have no ${role} account with this email`);
  if (!mayBecome(caller, me, target)) {
    throw new AppError('forbidden', `To use your ${role} account, log in with its password once (or verify the email of both accounts)`);
  }
  const links = [...new Set([...(caller.links ?? []), caller.id])].filter((id) => id !== target.id);
  return { user: target, links };
}

