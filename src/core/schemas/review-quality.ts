import { z } from '../zod';
import { noBidiControls } from './text';

/** A chair's rating of a review (docs/product.md#deliberation), with the points the reviewers page averages. */
export const REVIEW_RATINGS = ['helpful', 'adequate', 'poor'] as const;
export type ReviewRating = (typeof REVIEW_RATINGS)[number];
export const RATING_POINTS: Record<ReviewRating, number> = { helpful: 3, adequate: 2, poor: 1 };
export const RATING_WORDS: Record<ReviewRating, string> = { helpful: 'Helpful', adequate: 'Adequate', poor: 'Poor' };

/** The word for an average of ratings (3 helpful, 2 adequate, 1 poor), rounded to the nearest. */
export function ratingWord(average: number): string {
  return average >= 2.5 ? RATING_WORDS.helpful : average >= 1.5 ? RATING_WORDS.adequate : RATING_WORDS.poor;
}

const DiffPartJson = z.object({ kind: z.enum(['same', 'added', 'removed']), text: z.string() });
export const FieldChangeJson = z.object({ field: z.string(), label: z.string(), parts: z.array(DiffPartJson) });

export const ReviewVersionJson = z.object({
  version: z.number().int(),
  savedAt: z.string(),
  recommendation: z.number().int(),
  confidence: z.number().int(),
  commentsToAuthors: z.string(),
  commentsToEditor: z.string(),
  answers: z.record(z.string(), z.union([z.number(), z.string()])),
  /** What changed from the version before (empty for the first). */
  changes: z.array(FieldChangeJson),
});
export type ReviewVersionJson = z.infer<typeof ReviewVersionJson>;

export const ReviewRatingJson = z.object({
  rating: z.enum(REVIEW_RATINGS),
  note: z.string(),
  updatedAt: z.string(),
});
export type ReviewRatingJson = z.infer<typeof ReviewRatingJson>;

/** A review's saved versions, newest first, and the chairs' rating of it (committee only). */
export const ReviewHistoryJson = z.object({
  versions: z.array(ReviewVersionJson),
  rating: ReviewRatingJson.nullable(),
});
export type ReviewHistoryJson = z.infer<typeof ReviewHistoryJson>;

const RATING_MESSAGE = 'rating must be helpful, adequate, poor or null';
export const RatingBody = z
  .object(
    {
      rating: z.enum(REVIEW_RATINGS, { message: RATING_MESSAGE }).nullable(),
      note: z
        .string({ message: 'note must be text' })
        .trim()
        .max(2000, 'note is too long (at most 2,000 characters)')
        .refine(...noBidiControls('note'))
        .optional(),
    },
    { message: 'Send {"rating": "helpful" | "adequate" | "poor" | null, "note": "…"}' },
  )
  .strict();
export type RatingBody = z.infer<typeof RatingBody>;

export const RatingResponse = z.object({ message: z.string(), rating: ReviewRatingJson.nullable() });
export type RatingResponse = z.infer<typeof RatingResponse>;

/** One question of the review form as the anonymised export names it. */
const ExportQuestionJson = z.object({ id: z.string(), label: z.string() });

export const AnonymisedReviewJson = z.object({
  /** A stable pseudonym, the same in every export: "R-" and 12 hexadecimal digits. */
  reviewer: z.string(),
  recommendation: z.number().int(),
  confidence: z.number().int(),
  commentsToAuthors: z.string(),
  commentsToEditor: z.string(),
  answers: z.record(z.string(), z.union([z.number(), z.string()])),
});

export const AnonymisedPaperJson = z.object({
  paperId: z.string(),
  track: z.string(),
  decision: z.string().nullable(),
  reviews: z.array(AnonymisedReviewJson),
  metaReview: z.object({ recommendation: z.string(), toAuthors: z.string(), toCommittee: z.string() }).nullable(),
  authorResponse: z.object({ words: z.number().int(), text: z.string() }).nullable(),
});

/** Every counted review with reviewers as pseudonyms (decision 0034): no names, addresses or user ids. */
export const AnonymisedExportJson = z.object({
  generatedAt: z.string(),
  questions: z.array(ExportQuestionJson),
  papers: z.array(AnonymisedPaperJson),
});
export type AnonymisedExportJson = z.infer<typeof AnonymisedExportJson>;
