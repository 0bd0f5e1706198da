import { z } from '../zod';
import { BIDS, PAPERS_PER_REVIEWER, REVIEWERS_PER_PAPER } from '../assignment/score';
import { PaperId } from './common';

const perPaper = `Reviewers per paper must be a whole number from ${REVIEWERS_PER_PAPER.min} to ${REVIEWERS_PER_PAPER.max}`;
const perReviewer = `Papers per reviewer must be a whole number from ${PAPERS_PER_REVIEWER.min} to ${PAPERS_PER_REVIEWER.max}`;

export const AutoAssignBody = z.object({
  reviewersPerPaper: z
    .number({ message: perPaper })
    .int(perPaper)
    .min(REVIEWERS_PER_PAPER.min, perPaper)
    .max(REVIEWERS_PER_PAPER.max, perPaper)
    .optional(),
  maxPapersPerReviewer: z
    .number({ message: perReviewer })
    .int(perReviewer)
    .min(PAPERS_PER_REVIEWER.min, perReviewer)
    .max(PAPERS_PER_REVIEWER.max, perReviewer)
    .optional(),
  paperIds: z.array(PaperId, { message: 'paperIds must be a list of paper ids' }).max(100_000, 'Too many paper ids').optional(),
  apply: z.boolean({ message: 'apply must be true or false' }).optional(),
});
export type AutoAssignBody = z.infer<typeof AutoAssignBody>;

export const AutoAssignmentJson = z.object({
  paperId: z.string(),
  reviewerId: z.string(),
  score: z.number(),
  sharedTags: z.array(z.string()),
  bid: z.enum(BIDS).nullable(),
});
export type AutoAssignmentJson = z.infer<typeof AutoAssignmentJson>;

export const AutoAssignJson = z.object({
  assignments: z.array(AutoAssignmentJson),
  unfilled: z.array(z.object({ paperId: z.string(), missing: z.number() })),
  stats: z.object({
    papers: z.number(),
    reviewers: z.number(),
    assigned: z.number(),
    totalScore: z.number(),
    ms: z.number(),
    /** What the result is proven optimal against: no assignment has more pairs, none with as many a larger total score. */
    bound: z.object({ pairs: z.number(), totalScore: z.number() }).optional(),
    /** How the answer was found: solver rounds (a round widens the candidates the check found wanting), candidate pairs, flow phases. */
    rounds: z.number().optional(),
    candidatePairs: z.number().optional(),
    phases: z.number().optional(),
    /** Where the time went, in ms: load (SQL), candidates (scoring every pair), solve, check. */
    timings: z.record(z.string(), z.number()).optional(),
  }),
});
export type AutoAssignJson = z.infer<typeof AutoAssignJson>;
