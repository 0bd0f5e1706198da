import { z } from '../zod';
import { DECISIONS, paperState } from '../paper-state';
import { AnswerJson, Answers } from '../review-form';
import { Email } from './common';
import { noBidiControls } from './text';
import { ReviewRatingJson } from './review-quality';

export const RECOMMENDATIONS = { 1: 'Strong reject', 2: 'Weak reject', 3: 'Borderline', 4: 'Weak accept', 5: 'Strong accept' } as const;
export const CONFIDENCES = { 1: 'Low', 2: 'Fair', 3: 'Good', 4: 'High', 5: 'Expert' } as const;

const score = (field: string) =>
  z
    .number({ message: `${field} must be a whole number from 1 to 5` })
    .int(`${field} must be a whole number from 1 to 5`)
    .min(1, `${field} must be a whole number from 1 to 5`)
    .max(5, `${field} must be a whole number from 1 to 5`);

export const ReviewBody = z.object({
  recommendation: score('recommendation'),
  confidence: score('confidence'),
  commentsToAuthors: z
    .string({ message: 'commentsToAuthors is required' })
    .trim()
    .min(1, 'commentsToAuthors is required')
    .max(20_000, 'commentsToAuthors is too long (at most 20,000 characters)')
    .refine(...noBidiControls('commentsToAuthors')),
  commentsToEditor: z
    .string({ message: 'commentsToEditor must be text' })
    .trim()
    .max(20_000, 'commentsToEditor is too long (at most 20,000 characters)')
    .refine(...noBidiControls('commentsToEditor'))
    .optional(),
  /** The conference's own questions (decision 0031, core/review-form.ts): question id → score, choice or text. */
  answers: Answers.optional(),
});
export type ReviewBody = z.infer<typeof ReviewBody>;

export const ReviewJson = z.object({
  paperId: z.string(),
  recommendation: z.number(),
  confidence: z.number(),
  commentsToAuthors: z.string(),
  commentsToEditor: z.string(),
  submittedAt: z.string(),
  /** Question id → answer, retired questions' included (decision 0031). */
  answers: z.record(z.string(), z.union([z.number(), z.string()])),
});
export type ReviewJson = z.infer<typeof ReviewJson>;
export const SaveReviewResponse = z.object({ message: z.string(), review: ReviewJson });

export const EditorReviewJson = z.object({
  reviewerId: z.string(),
  name: z.string(),
  email: z.string(),
  recommendation: z.number(),
  confidence: z.number(),
  commentsToAuthors: z.string(),
  commentsToEditor: z.string(),
  submittedAt: z.string(),
  /** False when the reviewer declined the paper after saving it (docs/product.md#assignments-declines-and-withdrawals): shown, counted nowhere. */
  counted: z.boolean(),
  /** The form's answers with their labels and visibility (decision 0031), retired questions' marked. */
  answers: z.array(AnswerJson),
  /** How many versions were saved (decision 0034): the page reads them only when the history is opened. */
  versions: z.number(),
  /** The committee's rating of the review (docs/product.md#deliberation), committee only. */
  rating: ReviewRatingJson.nullable(),
});
export type EditorReviewJson = z.infer<typeof EditorReviewJson>;

export const ReviewSummary = z.object({
  count: z.number(),
  mean: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
});
export type ReviewSummary = z.infer<typeof ReviewSummary>;

export { DECISIONS };
export const Decision = z.enum(DECISIONS, { message: 'decision must be Accepted, Rejected, Revision or null' });
export type Decision = z.infer<typeof Decision>;
export const DecisionBody = z.object({ decision: Decision.nullable() });
export const DecisionResponse = z.object({ paperId: z.string(), decision: Decision.nullable(), notifiedDecision: Decision.nullable() });

/** What the author is told, once notified: the decision and every review's comments, never who wrote them. */
export const AuthorReviewJson = z.object({
  reviewer: z.string().optional(),
  recommendation: z.number(),
  commentsToAuthors: z.string(),
  /** The answers to the form's authors-visible questions only (decision 0031), in the form's order. */
  answers: z.array(z.object({ label: z.string(), text: z.string() })).optional(),
});

export const NotifyBody = z.object({
  paperIds: z
    .array(z.string().regex(/^[0-9a-f]{24}$/, 'Invalid paper ID format'))
    .max(20_000)
    .optional(),
  dryRun: z.boolean({ message: 'dryRun must be true or false' }).optional(),
});
export const NotifyResponse = z.object({
  sent: z.number(),
  skipped: z.number(),
  /** Decision 0041: where the decision e-mails went: queued for the SMTP server, or kept in the outbox (no SMTP). Not on a dry run. */
  mail: z.enum(['queued', 'outbox']).optional(),
  preview: z.array(z.object({ to: z.string(), subject: z.string(), text: z.string() })).optional(),
});

export const CONFLICT_REASONS = ['same-person', 'same-domain', 'declared-by-author', 'declared-by-reviewer'] as const;
export type ConflictReason = (typeof CONFLICT_REASONS)[number];
export const CONFLICT_WORDS: Record<ConflictReason, string> = {
  'same-person': 'the reviewer is an author of this paper',
  'same-domain': 'the reviewer and an author share an institutional e-mail domain',
  'declared-by-author': 'the author declared a conflict with this reviewer',
  'declared-by-reviewer': 'the reviewer declared a conflict with this paper',
};
export const ConflictJson = z.object({ reviewerId: z.string(), reason: z.enum(CONFLICT_REASONS) });
export const ConflictsBody = z.object({
  emails: z.array(Email, { message: 'emails must be a list of e-mail addresses' }).max(100, 'At most 100 addresses'),
});
export const ConflictsResponse = z.object({ emails: z.array(z.string()) });

export const BIDS = ['eager', 'willing', 'not-willing', 'conflict'] as const;
export const Bid = z.enum(BIDS, { message: 'bid must be eager, willing, not-willing, conflict or null' });
export type Bid = z.infer<typeof Bid>;
export const BidBody = z.object({ bid: Bid.nullable() });
export const BidResponse = z.object({ paperId: z.string(), bid: Bid.nullable() });
export const BiddingPaperJson = z.object({
  _id: z.string(),
  title: z.string(),
  abstract: z.string(),
  keywords: z.array(z.string()),
  bid: Bid.nullable(),
  /** The paper's track (decision 0023): the bidding page shows it and filters by it. */
  track: z.object({ id: z.string(), name: z.string() }),
});
export type BiddingPaperJson = z.infer<typeof BiddingPaperJson>;

export const CameraReadyJson = z.object({ pdf: z.string(), uploadedAt: z.string() }).nullable();

/** The author's status text ('Under Review', then the notified decision: docs/product.md#statuses), in core/paper-state.ts's words. */
export function authorStatusText(notified: Decision | null | undefined): string {
  return paperState(
    {
      withdrawnAt: null,
      decision: null,
      notifiedDecision: notified ?? null,
      reviews: 0,
      reviewers: 0,
      anyAssigned: false,
      cameraReady: false,
    },
    'author',
  ).label;
}
