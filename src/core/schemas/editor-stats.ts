import { z } from '../zod';
import { CONFLICT_REASONS } from './review-cycle';

/** GET /api/editor/stats: what the editor dashboard's charts draw (docs/product.md#the-review-cycle). Days are UTC calendar days. */
export const EditorStatsJson = z.object({
  submissionsPerDay: z.array(z.object({ day: z.string(), count: z.number().int() })),
  reviews: z.object({ done: z.number().int(), expected: z.number().int(), papers: z.number().int(), reviewersPerPaper: z.number().int() }),
  /** One entry per recommendation 1..5, zero counts included. */
  recommendations: z.array(z.object({ recommendation: z.number().int(), count: z.number().int() })),
});
export type EditorStatsJson = z.infer<typeof EditorStatsJson>;

/**
 * GET /api/editor/papers/:paperId/conflicted-reviewers: each conflict with the reviewer's name and address;
 * a conflict by person says why the addresses match ('daved+rev@gmail.com and dave.d@gmail.com are the same
 * Gmail address (dots and +tags are ignored)').
 */
export const ConflictedReviewerJson = z.object({
  reviewerId: z.string(),
  name: z.string(),
  email: z.string(),
  reason: z.enum(CONFLICT_REASONS),
  explanation: z.string().optional(),
});
export type ConflictedReviewerJson = z.infer<typeof ConflictedReviewerJson>;
