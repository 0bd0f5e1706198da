import type { UserJson } from '../../../core/schemas/auth';
import type { UserRow } from '../../db/schema';
import { namePartsJson } from './name-parts';

/** The row type lives in db/schema.ts; re-exported for the services that import it from here. */
export type { UserRow };

export const photoUrl = (key: string | null) => (key ? `/api/photos/${key}` : null);

export function toUserJson(u: UserRow): UserJson {
  return {
    _id: u.id,
    name: u.name,
    email: u.email,
    role: u.role,
    phone: u.phone,
    photo: photoUrl(u.photoKey),
    tags: u.tags,
    affiliation: u.affiliation,
    country: u.country,
    orcid: u.orcid,
    ...namePartsJson(u),
    ...(u.chairOnly ? { chairOnly: true as const } : {}),
  };
}
