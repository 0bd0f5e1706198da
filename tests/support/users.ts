import type { FastifyInstance } from 'fastify';
import type { Role } from '../../src/core/schemas/common';
import type { UserJson } from '../../src/core/schemas/auth';

let n = 0;

/**
 * A new address on a domain of its own: people who share an institution (a registrable domain, issue 27.5)
 * are conflicted with each other's papers, so test accounts must not all come from one. Subdomains of one
 * domain (x.example.org, y.example.org) are one institution: each address gets a name under the reserved
 * top-level domain .example instead.
 */
export function uniqueAddress(local: string): string {
  n += 1;
  return `${local}${n}@u${n}-${Date.now().toString(36)}.example`;
}

export interface SignedUp { token: string; user: UserJson; password: string; auth: { authorization: string } }

/** Sign up through the real API: `signupAs(app, 'Reviewer', { tags: ['AI'] })`. */
export async function signupAs(app: FastifyInstance, role: Role, opts: { email?: string; name?: string; tags?: string[]; password?: string } = {}): Promise<SignedUp> {
  n += 1;
  const password = opts.password ?? 'correct horse battery';
  const res = await app.inject({
    method: 'POST', url: '/api/signup',
    payload: {
      name: opts.name ?? `${role} ${n}`, email: opts.email ?? uniqueAddress(role.toLowerCase()),
      password, confirmPassword: password, role, tags: opts.tags ?? [],
    },
  });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const { token, user } = res.json();
  return { token, user, password, auth: { authorization: `Bearer ${token}` } };
}
