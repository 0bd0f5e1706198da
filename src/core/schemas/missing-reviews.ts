import { z } from '../zod';
import { Id, PageLimit } from './common';
import { MailState } from './mail';

/**
 * Where a page of missing reviews ends: the last row's assignment time (UTC, to the microsecond) and its paper
 * and reviewer, as nextCursor gave it.
 */
const CURSOR = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z_[0-9a-f]{24}_[0-9a-f]{24}$/;

const BAD_CURSOR = 'cursor must be a value nextCursor returned';
/** The cursor's time is a real instant (the database would refuse the 45th of a 13th month). */
const realInstant = (cursor: string) => {
  const iso = `${cursor.slice(0, 23)}Z`;
  const at = new Date(iso);
  return !Number.isNaN(at.getTime()) && at.toISOString() === iso;
};

export const MissingReviewsQuery = z.object(
  {
    limit: PageLimit,
    cursor: z.string().regex(CURSOR, BAD_CURSOR).refine(realInstant, BAD_CURSOR).optional(),
  },
  { message: 'Invalid query' },
);
export type MissingReviewsQuery = z.infer<typeof MissingReviewsQuery>;

/** One assignment without a review (docs/product.md#assignments-declines-and-withdrawals): assigned, not declined, its paper not withdrawn. */
export const MissingReviewJson = z.object({
  paperId: z.string(),
  title: z.string(),
  track: z.string(),
  reviewerId: z.string(),
  reviewerName: z.string(),
  reviewerEmail: z.string(),
  /** 'Sent': the reviewer has not answered yet; 'Accepted': they agreed to review and have not saved it. */
  state: z.enum(['Sent', 'Accepted']),
  /** When the paper was sent to the reviewer. */
  sentAt: z.string(),
  /** The review deadline (the settings'), null when none is set. */
  reviewDeadline: z.string().nullable(),
  deadlinePassed: z.boolean(),
  /** The last reminder about this paper, by an editor or chair ('editor') or the automatic one ('automatic'). */
  lastRemindedAt: z.string().nullable(),
  lastReminder: z.enum(['editor', 'automatic']).nullable(),
});
export type MissingReviewJson = z.infer<typeof MissingReviewJson>;

export const MissingReviewsJson = z.object({
  assignments: z.array(MissingReviewJson),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** Every missing review in the caller's scope, and how many reviewers owe them (whatever the page). */
  total: z.number().int(),
  reviewers: z.number().int(),
});
export type MissingReviewsJson = z.infer<typeof MissingReviewsJson>;

const REMIND_ONE_OR_ALL = 'Send {"reviewerId": "…"} to remind one reviewer, or {"all": true} to remind every reviewer with missing reviews';
export const RemindReviewersBody = z
  .object(
    {
      reviewerId: Id.optional(),
      all: z.literal(true, { message: 'all must be true: send {"all": true} to remind every reviewer' }).optional(),
    },
    { message: REMIND_ONE_OR_ALL },
  )
  .strict()
  .refine((b) => (b.reviewerId === undefined) !== (b.all === undefined), { message: REMIND_ONE_OR_ALL });
export type RemindReviewersBody = z.infer<typeof RemindReviewersBody>;

export const RemindReviewersJson = z.object({
  message: z.string(),
  /** How many reviewers were mailed (one mail each, listing their papers). */
  reviewers: z.number().int(),
  /** The reminders' state: 'sent' (delivered), 'queued' (the queue is delivering them) or 'outbox' (no mail server: nothing sent). */
  result: MailState,
});
export type RemindReviewersJson = z.infer<typeof RemindReviewersJson>;
