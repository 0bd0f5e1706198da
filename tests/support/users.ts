import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Role } from '../../src/core/schemas/common';
import type { UserJson } from '../../src/core/schemas/auth';
import { users } from '../../src/server/db/schema';

let n = 0;

/**
 * A new address on a domain of its own: people who share an institution (a registrable domain, docs/product.md#conflicts-of-interest)
 * are conflicted with each other's papers, so test accounts must not all come from one. Subdomains of one
 * domain (x.example.org, y.example.org) are one institution: each address gets a name under the reserved
 * top-level domain .example instead.
 */
export function uniqueAddress(local: string): string {
  n += 1;
  return `${local}${n}@u${n}-${Date.now().toString(36)}.example`;
}

export interface SignedUp {
  token: string;
  user: UserJson;
  password: string;
  auth: { authorization: string };
}

/**
 * Sign up through the real API: `signupAs(app, 'Reviewer', { tags: ['AI'] })`; with `verified`, the address is then
 * confirmed too (verifyEmail).
 */
export async function signupAs(
  app: FastifyInstance,
  role: Role,
  opts: { email?: string; name?: string; tags?: string[]; password?: string; verified?: boolean } = {},
): Promise<SignedUp> {
  n += 1;
  const password = opts.password ?? 'correct horse battery';
  const res = await app.inject({
    method: 'POST',
    url: '/api/signup',
    payload: {
      name: opts.name ?? `${role} ${n}`,
      email: opts.email ?? uniqueAddress(role.toLowerCase()),
      password,
      confirmPassword: password,
      role,
      tags: opts.tags ?? [],
    },
  });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const { token, user } = res.json();
  const who = { token, user, password, auth: { authorization: `Bearer ${token}` } };
  if (opts.verified) await verifyEmail(app, who);
  return who;
}

/** Confirm these accounts' addresses, as following the mailed link would (straight in the database). */
export async function verifyEmail(app: FastifyInstance, ...who: SignedUp[]): Promise<void> {
  await Promise.all(who.map((w) => app.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, w.user._id))));
}

/**
 * The editor names a new address the chair of `track` (the track's only one: naming replaces the list), and its
 * owner signs up as an Editor, the address confirmed unless `verified` is false: a chair's rights wait for that.
 */
export async function signupChair(
  app: FastifyInstance,
  opts: { editor: SignedUp; track: string; name?: string; verified?: boolean },
): Promise<SignedUp> {
  const email = uniqueAddress('chair');
  const named = await app.inject({
    method: 'PUT',
    url: `/api/editor/tracks/${opts.track}/chairs`,
    headers: opts.editor.auth,
    payload: { emails: [email] },
  });
  if (named.statusCode !== 200) throw new Error(`naming the chair failed: ${named.statusCode} ${named.body}`);
  return signupAs(app, 'Editor', { email, name: opts.name, verified: opts.verified ?? true });
}
