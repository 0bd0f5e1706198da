import { and, asc, eq, sql } from 'drizzle-orm';
import type { Role } from '../../../core/schemas/common';
import type { Db } from '../../db/connect';
import { discussionPosts, users } from '../../db/schema';

/** A post with its writer's name, account and the label others see them under. */
export interface Post {
  id: string;
  authorId: string;
  body: string;
  createdAt: Date;
  editedAt: Date | null;
  name: string;
  role: Role;
  chairOnly: boolean;
  label: string;
}

/** The posts of a paper, oldest first, each with its writer's label ("Reviewer n", "Chair", "Editor") and name. */
export async function findPosts(opts: {
  db: Pick<Db, 'select'>;
  paperId: string;
  labels: Map<string, string>;
  after?: Date;
}): Promise<Post[]> {
  const { db, paperId, labels, after } = opts;
  const rows = await db
    .select({
      id: discussionPosts.id,
      authorId: discussionPosts.authorId,
      body: discussionPosts.body,
      createdAt: discussionPosts.createdAt,
      editedAt: discussionPosts.editedAt,
      name: users.name,
      role: users.role,
      chairOnly: users.chairOnly,
    })
    .from(discussionPosts)
    .innerJoin(users, eq(users.id, discussionPosts.authorId))
    .where(and(eq(discussionPosts.paperId, paperId), after ? sql`${discussionPosts.createdAt} > ${after.toISOString()}` : undefined))
    .orderBy(asc(discussionPosts.createdAt), asc(discussionPosts.id));
  return rows.map((r) => ({
    ...r,
    label: r.role === 'Reviewer' ? (labels.get(r.authorId) ?? 'Reviewer') : r.chairOnly ? 'Chair' : 'Editor',
  }));
}
