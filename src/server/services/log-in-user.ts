import { and, eq, sql } from 'drizzle-orm';
import type { LoginBody } from '../../core/schemas/auth';
import { dummyHash, verifyPassword } from '../auth/password';
import type { Db } from '../db/connect';
import { users } from '../db/schema';
import { AppError } from '../errors';
import type { UserRow } from './user-json';

export const BAD_CREDENTIALS = 'Invalid email, password or role';

/** The account for these credentials. Unknown email, wrong password and wrong role are one answer, in about one time. */
export async function logInUser(db: Db, body: LoginBody): Promise<UserRow> {
  const [user] = await db.select().from(users)
    .where(and(sql`lower(${users.email}) = ${body.email.toLowerCase()}`, eq(users.role, body.role))).limit(1);
  const ok = await verifyPassword(body.password, user?.passwordHash ?? (await dummyHash()));
  if (!user || !ok) throw new AppError('unauthorized', BAD_CREDENTIALS);
  return user;
}
