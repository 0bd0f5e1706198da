import { z } from '../zod';
import { MESSAGES } from '../messages';

export const ROLES = ['Author', 'Editor', 'Reviewer'] as const;
export const Role = z.enum(ROLES, { message: 'Role must be Author, Editor or Reviewer' });
export type Role = z.infer<typeof Role>;

const HEX24 = /^[0-9a-f]{24}$/;
export const Id = z.string({ message: 'Invalid ID format' }).regex(HEX24, 'Invalid ID format');
export const PaperId = z.string({ message: MESSAGES.badPaperId }).regex(HEX24, MESSAGES.badPaperId);

export const Email = z
  .string()
  .trim()
  .max(254, 'Email is too long')
  .pipe(z.email({ message: 'Please enter a valid email address' }));

/** Where a role lands after login or signup (docs/product.md#roles-and-the-login-area). */
export const DASHBOARD: Record<Role, string> = {
  Author: '/author/dashboard',
  Editor: '/editor/dashboard',
  Reviewer: '/reviewer/dashboard',
};

export const MessageJson = z.object({ message: z.string() });

const PAGE_LIMIT = 'limit must be 1 to 200';
/** How many items one page of a long list holds: 1 to 200 (without it, the whole list). */
export const PageLimit = z.coerce.number().int().min(1, PAGE_LIMIT).max(200, PAGE_LIMIT).optional();

/** One page of a list searched by text: `limit`, the `cursor` the previous page gave, and the search text `q`. */
export const PageQuery = z.object({
  limit: PageLimit,
  cursor: Id.optional(),
  q: z.string().max(200, 'Search text is too long').optional(),
});
export type PageQuery = z.infer<typeof PageQuery>;
