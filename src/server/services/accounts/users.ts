import { eq } from 'drizzle-orm';
import type { UserJson } from '../../../core/schemas/auth';
import type { Db } from '../../db/connect';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import { toUserJson } from '../shared/user-json';

/** Does any editor account exist (start-up: whether editor sign-up is still open)? */
export async function editorExists(opts: { db: Db }): Promise<boolean> {
  const [editor] = await opts.db.select({ email: users.email }).from(users).where(eq(users.role, 'Editor')).limit(1);
  return Boolean(editor);
}

/** The signed-in user's own account; 401 when it is gone. */
export async function getOwnAccount(opts: { db: Db; userId: string }): Promise<UserJson> {
  const [row] = await opts.db.select().from(users).where(eq(users.id, opts.userId));
  if (!row) throw new AppError('unauthorized', 'Please login first');
  return toUserJson(row);
}
