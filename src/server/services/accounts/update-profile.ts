import { eq } from 'drizzle-orm';
import type { ProfileFields, UserJson } from '../../../core/schemas/auth';
import type { Db } from '../../db/connect';
import { users } from '../../db/schema';
import { toUserJson, type UserRow } from '../shared/user-json';

/** Save the caller's name, phone, affiliation, country, ORCID iD and photo (already stored under `photoKey`); nothing to change reads the row back. */
export async function updateProfile(opts: { db: Db; userId: string; changes: ProfileFields & { photoKey?: string } }): Promise<UserJson> {
  const { db, userId, changes } = opts;
  const set: Partial<typeof users.$inferInsert> = {};
  if (changes.name !== undefined) set.name = changes.name;
  if (changes.phone !== undefined) set.phone = changes.phone;
  if (changes.photoKey !== undefined) set.photoKey = changes.photoKey;
  if (changes.affiliation !== undefined) set.affiliation = changes.affiliation;
  if (changes.country !== undefined) set.country = changes.country;
  if (changes.orcid !== undefined) set.orcid = changes.orcid;
  const query = Object.keys(set).length
    ? db.update(users).set(set).where(eq(users.id, userId)).returning()
    : db.select().from(users).where(eq(users.id, userId));
  const [row] = await query;
  return toUserJson(row as UserRow);
}
