import { z } from '../zod';

/** One reviewer on the editor's Reviewers page (docs/product.md#the-review-cycle). */
export const ReviewerAdminJson = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  tags: z.array(z.string()),
  verified: z.boolean(),
  approved: z.boolean(),
  approvedAt: z.string().nullable(),
  /** Papers assigned to the reviewer. */
  load: z.number().int(),
  createdAt: z.string(),
  /** Reviews the reviewer has saved (docs/product.md#deliberation). */
  reviews: z.number().int(),
  /** The chairs' ratings of those reviews: their mean (helpful 3, adequate 2, poor 1; null when none) and how many. */
  rating: z.object({ average: z.number().nullable(), count: z.number().int() }),
});
export type ReviewerAdminJson = z.infer<typeof ReviewerAdminJson>;

export const ReviewerListJson = z.object({
  reviewers: z.array(ReviewerAdminJson),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** Whether the editor's settings currently ask for approval. */
  approvalRequired: z.boolean(),
});
export type ReviewerListJson = z.infer<typeof ReviewerListJson>;

const LIMIT_MESSAGE = 'limit must be a whole number from 1 to 200';
export const ReviewerListQuery = z.object(
  {
    limit: z.coerce.number({ message: LIMIT_MESSAGE }).int(LIMIT_MESSAGE).min(1, LIMIT_MESSAGE).max(200, LIMIT_MESSAGE).default(50),
    cursor: z
      .string()
      .regex(/^[0-9a-f]{24}$/, 'cursor must be a value nextCursor returned')
      .optional(),
    status: z.enum(['all', 'pending', 'approved'], { message: 'status must be all, pending or approved' }).default('all'),
  },
  { message: 'Invalid query' },
);
export type ReviewerListQuery = z.infer<typeof ReviewerListQuery>;

export const ApprovalBody = z
  .object(
    {
      approved: z.boolean({ message: 'approved must be true or false' }),
    },
    { message: 'Send {"approved": true} or {"approved": false}' },
  )
  .strict();
export type ApprovalBody = z.infer<typeof ApprovalBody>;
