import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { MyRolesJson } from '../../../core/schemas/accounts';
import type { UserJson } from '../../../core/schemas/auth';
import type { Role } from '../../../core/schemas/common';
import { verifyPassword } from '../../auth/password';
import type { Db } from '../../db/connect';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import type { Caller } from '../../permissions';
import { toUserJson, type UserRow } from '../shared/user-json';

const sameEmail = (email: string) => sql`lower(${users.email}) = ${email.toLowerCase()}`;

/** The password typed for another account was not its password (counted like a failed login by the route). */
export const SWITCH_PASSWORD_WRONG = 'That is not the password of your account in this role';

/**
 * At a password login: the person's accounts in other roles under the same e-mail whose password is the
 * one just typed. Those are proved, so the header may switch to them without asking again.
 */
export async function findLinkedAccounts(db: Db, opts: { user: UserRow; password: string }): Promise<string[]> {
  const others = await db
    .select({ id: users.id, hash: users.passwordHash })
    .from(users)
    .where(and(sameEmail(opts.user.email), ne(users.id, opts.user.id), ne(users.role, opts.user.role)));
  const linked: string[] = [];
  for (const o of others) if (await verifyPassword(opts.password, o.hash)) linked.push(o.id);
  return linked;
}

/**
 * May the caller become `target` without typing its password? Only when the caller's login proved the target
 * (the same password opened both), and the target has not reset its password since. A shared address proves
 * nothing, verified or not: anyone can sign up with the editor's address, and the editor may well click the
 * mail that signup caused (docs/product.md#accounts-and-verified-addresses).
 */
function provedByLogin(caller: Caller, target: { id: string; tokensValidAfter: Date | null }): boolean {
  return (
    (caller.links ?? []).includes(target.id) && (!target.tokensValidAfter || (caller.issuedAt ?? 0) >= target.tokensValidAfter.getTime())
  );
}

export async function listMyRoles({ db, caller }: { db: Db; caller: Caller }): Promise<MyRolesJson> {
  const rows = await db
    .select({ id: users.id, role: users.role, tokensValidAfter: users.tokensValidAfter })
    .from(users)
    .where(and(sameEmail(caller.email), ne(users.role, caller.role)));
  const order: Role[] = ['Author', 'Editor', 'Reviewer'];
  return {
    current: caller.role,
    emailVerified: caller.emailVerified,
    roles: order
      .filter((role) => rows.some((r) => r.role === role))
      .map((role) => ({ role, available: rows.some((r) => r.role === role && provedByLogin(caller, r)) })),
  };
}

/**
 * The account to switch to, and the links the new token carries (this account too, to switch back). Proof
 * comes from the target: this login's password opened it, or `password` is its password now.
 */
export async function switchRole(opts: {
  db: Db;
  caller: Caller;
  role: Role;
  password?: string;
}): Promise<{ user: UserJson; links: string[] }> {
  const { db, caller, role } = opts;
  if (role === caller.role) throw new AppError('bad_request', `You are already logged in as ${role}`);
  // Verified first: when a stranger's unverified account shares the address and role, the owner's wins a tie.
  const targets = await db
    .select()
    .from(users)
    .where(and(sameEmail(caller.email), eq(users.role, role)))
    .orderBy(sql`${users.emailVerifiedAt} is null`, desc(users.createdAt))
    .limit(4);
  if (targets.length === 0) throw new AppError('not_found', `You have no ${role} account with this email`);
  let target = targets.find((t) => provedByLogin(caller, t));
  if (!target && opts.password) {
    for (const t of targets) {
      if (await verifyPassword(opts.password, t.passwordHash)) {
        target = t;
        break;
      }
    }
    if (!target) throw new AppError('forbidden', SWITCH_PASSWORD_WRONG);
  }
  if (!target) throw new AppError('forbidden', `To use your ${role} account, type its password (or log in with it once)`);
  const links = [...new Set([...(caller.links ?? []), caller.id])].filter((id) => id !== target.id);
  return { user: toUserJson(target), links };
}
