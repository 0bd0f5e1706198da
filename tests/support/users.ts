import type { FastifyInstance } from 'fastify';
import type { Role } from '../../src/core/schemas/common';
import type { UserJson } from '../../src/core/schemas/auth';

let n = 0;

export interface SignedUp { token: string; user: UserJson; password: string; auth: { authorization: string } }

/** Sign up through the real API: `signupAs(app, 'Reviewer', { tags: ['AI'] })`. */
export async function signupAs(app: FastifyInstance, role: Role, opts: { email?: string; name?: string; tags?: string[]; password?: string } = {}): Promise<SignedUp> {
  n += 1;
  const password = opts.password ?? 'correct horse battery';
  const res = await app.inject({
    method: 'POST', url: '/api/signup',
    payload: {
      name: opts.name ?? `${role} ${n}`, email: opts.email ?? `${role.toLowerCase()}${n}.${Date.now()}@example.org`,
      password, confirmPassword: password, role, tags: opts.tags ?? [],
    },
  });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const { token, user } = res.json();
  return { token, user, password, auth: { authorization: `Bearer ${token}` } };
}
