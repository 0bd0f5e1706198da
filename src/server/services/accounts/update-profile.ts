import { eq, sql } from 'drizzle-orm';
import type { ProfileFields, UserJson } from '../../../core/schemas/auth';
import type { Db } from '../../db/connect';
import { users } from '../../db/schema';
import { toUserJson, type UserRow } from '../shared/user-json';
import { nameColumns } from '../shared/name-parts';

/** Save the caller's name, phone, affiliation, country, ORCID iD and photo (already stored under `photoKey`); nothing to change reads the row back. */
export async function updateProfile(opts: { db: Db; userId: string; changes: ProfileFields & { photoKey?: string } }): Promise<UserJson> {
  const { db, userId, changes } = opts;
  const set: Partial<typeof users.$inferInsert> = {};
  if (changes.givenName !== undefined || changes.familyName !== undefined) {
    // Decision 0074: parts sent make the display name (and replace the parts stored); empty parts keep the name.
    const { name, givenName, familyName, familyFirst } = nameColumns({ ...changes, name: changes.name ?? '' });
    Object.assign(set, { givenName, familyName, familyFirst }, name ? { name } : {});
  } else if (changes.name !== undefined) {
    // The name alone (the original profile call) is the display name; stored parts stay only while it is unchanged.
    const same = sql`${users.name} = ${changes.name}`;
    Object.assign(set, {
      name: changes.name,
      givenName: sql`case when ${same} then ${users.givenName} else '' end`,
      familyName: sql`case when ${same} then ${users.familyName} else '' end`,
      familyFirst: sql`${same} and ${users.familyFirst}`,
    });
  }
  if (changes.latinName !== undefined) set.latinName = changes.latinName;
  if (changes.phone !== undefined) set.phone = changes.phone;
  if (changes.photoKey !== undefined) set.photoKey = changes.photoKey;
  if (changes.affiliation !== undefined) set.affiliation = changes.affiliation;
  if (changes.country !== undefined) set.country = changes.country;
  if (changes.orcid !== undefined) {
    set.orcid = changes.orcid;
    // Decision 0070: an iD a provider proved stays verified only while it is the same one.
    (set as Record<string, unknown>).orcidVerifiedAt =
      sql`case when ${users.orcid} is not distinct from ${changes.orcid} then ${users.orcidVerifiedAt} else null end`;
  }
  const query = Object.keys(set).length
    ? db.update(users).set(set).where(eq(users.id, userId)).returning()
    : db.select().from(users).where(eq(users.id, userId));
  const [row] = await query;
  return toUserJson(row as UserRow);
}
