import { z } from '../zod';
import { BIDS } from '../assignment/score';
import { CONFLICT_REASONS } from './review-cycle';

const RANKED_LIMIT = 'limit must be 1 to 200';
/** A page of the ranked list when the caller names no `limit`. */
export const RANKED_PAGE_SIZE = 50;

/** One page of the ranked list (decision 0025): `offset` from the previous answer's `nextOffset`, `q` a name or address. */
export const RankedReviewersQuery = z.object({
  limit: z.coerce.number({ message: RANKED_LIMIT }).int(RANKED_LIMIT).min(1, RANKED_LIMIT).max(200, RANKED_LIMIT).optional(),
  offset: z.coerce
    .number({ message: 'offset must be a whole number from 0' })
    .int('offset must be a whole number from 0')
    .min(0, 'offset must be a whole number from 0')
    .max(1_000_000, 'offset is too large')
    .optional(),
  q: z.string().max(200, 'Search text is too long').optional(),
});
export type RankedReviewersQuery = z.infer<typeof RankedReviewersQuery>;

/** What the reviewer has on this paper: the editor's badge (Sent, Mail Sent, Accepted, Declined) and whether they saved a review. */
export const PaperAssignmentJson = z.object({ status: z.string(), assigned: z.boolean(), reviewed: z.boolean() });
export type PaperAssignmentJson = z.infer<typeof PaperAssignmentJson>;

/** One eligible reviewer, ranked: decision 0025 gives the score and the order. */
export const RankedReviewerJson = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  verified: z.boolean(),
  /** The paper's topics the reviewer also chose. */
  sharedTopics: z.array(z.string()),
  bid: z.enum(BIDS).nullable(),
  score: z.number().int(),
  /** The suggested group (docs/product.md#validation-and-messages): the highest overlap among the eligible (not conflicted) reviewers, at least one, ties kept. */
  suggested: z.boolean(),
  /** Papers assigned and not declined (withdrawn papers aside), against `limits.maxPapersPerReviewer`. */
  load: z.number().int(),
  assignment: PaperAssignmentJson.nullable(),
});
export type RankedReviewerJson = z.infer<typeof RankedReviewerJson>;

export const ConflictReasonJson = z.object({ reason: z.enum(CONFLICT_REASONS), explanation: z.string().optional() });

/** A reviewer conflicted with the paper: shown with why, never assignable. */
export const ConflictedCandidateJson = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  reasons: z.array(ConflictReasonJson),
  sharedTopics: z.array(z.string()),
  assignment: PaperAssignmentJson.nullable(),
});
export type ConflictedCandidateJson = z.infer<typeof ConflictedCandidateJson>;

/** Someone the paper is assigned to, eligible or not, with where they stand and their review (null before one is saved). */
export const AssignedReviewerJson = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.string(),
  load: z.number().int(),
  review: z.object({ recommendation: z.number().int(), confidence: z.number().int(), submittedAt: z.string() }).nullable(),
  /** Assigned before a conflict came to light. */
  conflicted: z.boolean(),
});
export type AssignedReviewerJson = z.infer<typeof AssignedReviewerJson>;

/** GET /api/editor/papers/:paperId/ranked-reviewers. */
export const RankedReviewersJson = z.object({
  /** Who submitted the paper (the co-authors are in the paper's own answer). */
  submitter: z.object({ name: z.string(), email: z.string() }),
  /** The reviewers' bids on the paper, by kind (a conflict bid makes a conflict). */
  bids: z.object({ eager: z.number().int(), willing: z.number().int(), notWilling: z.number().int(), conflict: z.number().int() }),
  limits: z.object({ reviewersPerPaper: z.number().int(), maxPapersPerReviewer: z.number().int() }),
  /** The paper's reviewers assigned and not declined, against `limits.reviewersPerPaper`. */
  paperReviewers: z.number().int(),
  /** Eligible reviewers matching `q` (all of them without), and how many of all the eligible are in the suggested group. */
  total: z.number().int(),
  suggestedCount: z.number().int(),
  /** This page, suggested first, then by score. */
  reviewers: z.array(RankedReviewerJson),
  /** The `offset` of the next page; null on the last. */
  nextOffset: z.number().int().nullable(),
  assigned: z.array(AssignedReviewerJson),
  conflicted: z.array(ConflictedCandidateJson),
});
export type RankedReviewersJson = z.infer<typeof RankedReviewersJson>;

/** DELETE /api/editor/papers/:paperId/reviewers/:reviewerId. */
export const UnassignJson = z.object({ message: z.string() });
