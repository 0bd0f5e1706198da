import { and, asc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { ReviewerAdminJson, ReviewerListJson, ReviewerListQuery } from '../../../core/schemas/reviewers';
import type { Db } from '../../db/connect';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import { isApprovalRequired } from './reviewer-checks';
import { recordAudit, type Actor } from '../shared/audit';

const columns = {
  id: users.id,
  name: users.name,
  email: users.email,
  tags: users.tags,
  verifiedAt: users.emailVerifiedAt,
  approvedAt: users.approvedAt,
  createdAt: users.createdAt,
  load: sql<number>`(select count(*)::int from review_statuses s where s.reviewer_id = ${users.id} and s.assigned)`,
  reviews: sql<number>`(select count(*)::int from reviews r where r.reviewer_id = ${users.id})`,
  // docs/product.md#deliberation: the chairs' ratings of the reviewer's reviews, helpful 3, adequate 2, poor 1.
  ratingAverage: sql<
    number | null
  >`(select round(avg(case q.rating when 'helpful' then 3 when 'adequate' then 2 else 1 end), 2)::float8 from review_ratings q where q.reviewer_id = ${users.id})`,
  ratingCount: sql<number>`(select count(*)::int from review_ratings q where q.reviewer_id = ${users.id})`,
};

type Row = {
  id: string;
  name: string;
  email: string;
  tags: string[];
  verifiedAt: Date | null;
  approvedAt: Date | null;
  createdAt: Date;
  load: number;
  reviews: number;
  ratingAverage: number | null;
  ratingCount: number;
};

const toJson = (r: Row): ReviewerAdminJson => ({
  _id: r.id,
  name: r.name,
  email: r.email,
  tags: r.tags,
  verified: r.verifiedAt !== null,
  approved: r.approvedAt !== null,
  approvedAt: r.approvedAt?.toISOString() ?? null,
  load: Number(r.load),
  createdAt: r.createdAt.toISOString(),
  reviews: Number(r.reviews),
  rating: { average: r.ratingAverage === null ? null : Number(r.ratingAverage), count: Number(r.ratingCount) },
});

/** The reviewers, oldest account first, a page at a time (keyset on the id). */
export async function listReviewersForEditor(opts: { db: Db; query: ReviewerListQuery }): Promise<ReviewerListJson> {
  const { db, query: q } = opts;
  const rows = await db
    .select(columns)
    .from(users)
    .where(
      and(
        eq(users.role, 'Reviewer'),
        q.cursor ? gt(users.id, q.cursor) : undefined,
        q.status === 'pending' ? isNull(users.approvedAt) : q.status === 'approved' ? isNotNull(users.approvedAt) : undefined,
      ),
    )
    .orderBy(asc(users.id))
    .limit(q.limit + 1);
  const more = rows.length > q.limit;
  const page = more ? rows.slice(0, q.limit) : rows;
  return {
    reviewers: page.map(toJson),
    nextCursor: more ? page[page.length - 1]!.id : null,
    approvalRequired: await isApprovalRequired({ db }),
  };
}

/** Approve a reviewer (keeps the first approval time) or withdraw the approval, audited. */
export async function setReviewerApproval(opts: {
  db: Db;
  reviewerId: string;
  approved: boolean;
  editor: Actor;
}): Promise<ReviewerAdminJson> {
  const { db, reviewerId, approved, editor } = opts;
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ approvedAt: approved ? sql`coalesce(${users.approvedAt}, now())` : null })
      .where(and(eq(users.id, reviewerId), eq(users.role, 'Reviewer')))
      .returning({ id: users.id });
    if (!updated) throw new AppError('not_found', 'Reviewer not found');
    const [row] = await tx.select(columns).from(users).where(eq(users.id, reviewerId)).limit(1);
    await recordAudit(tx, {
      actorId: editor.id,
      actorRole: 'Editor',
      action: approved ? 'reviewer.approve' : 'reviewer.unapprove',
      ip: editor.ip,
      details: { reviewerId },
    });
    return toJson(row!);
  });
}
