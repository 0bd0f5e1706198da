import type { UserJson } from '../../core/schemas/auth';
import type { users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;

export const photoUrl = (key: string | null) => (key ? `/api/photos/${key}` : null);

export function toUserJson(u: UserRow): UserJson {
  return { _id: u.id, name: u.name, email: u.email, role: u.role, phone: u.phone, photo: photoUrl(u.photoKey), tags: u.tags };
}
