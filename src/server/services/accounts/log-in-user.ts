import { and, desc, eq, sql } from 'drizzle-orm';
import type { LoginBody } from '../../../core/schemas/auth';
import { dummyHash, verifyPassword } from '../../auth/password';
import type { Db } from '../../db/connect';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import { MAX_UNVERIFIED_PER_ADDRESS } from './sign-up-user';
import type { UserRow } from '../shared/user-json';

export const BAD_CREDENTIALS = 'Invalid email, password or role';

/**
 * The account for these credentials. Unknown email, wrong password and wrong role are one answer, in about one
 * time. Unconfirmed accounts may share an address and role (docs/product.md#accounts-and-verified-addresses): the password tells which one is
 * meant, the confirmed account first.
 */
export async function logInUser(db: Db, body: LoginBody): Promise<UserRow> {
  const candidates = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${body.email.toLowerCase()}`, eq(users.role, body.role)))
    .orderBy(sql`${users.emailVerifiedAt} is null`, desc(users.createdAt))
    .limit(MAX_UNVERIFIED_PER_ADDRESS + 1);
  if (candidates.length === 0) {
    await verifyPassword(body.password, await dummyHash());
    throw new AppError('unauthorized', BAD_CREDENTIALS);
  }
  for (const user of candidates) {
    if (await verifyPassword(body.password, user.passwordHash)) return user;
  }
  throw new AppError('unauthorized', BAD_CREDENTIALS);
}
