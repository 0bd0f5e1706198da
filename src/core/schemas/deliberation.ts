import { z } from '../zod';
import { Decision } from './review-cycle';
import { noBidiControls } from './text';

const LONG = 20_000;

/** The chair's meta-review (decision 0033): a recommendation, a text the authors read, a text for the committee only. */
export const MetaReviewBody = z.object({
  recommendation: Decision,
  toAuthors: z
    .string({ message: 'The text to the authors is required' })
    .trim()
    .min(1, 'The text to the authors is required')
    .max(LONG, 'The text to the authors is too long (at most 20,000 characters)')
    .refine(...noBidiControls('The text to the authors')),
  toCommittee: z
    .string({ message: 'The text to the committee must be text' })
    .trim()
    .max(LONG, 'The text to the committee is too long (at most 20,000 characters)')
    .refine(...noBidiControls('The text to the committee'))
    .optional(),
});
export type MetaReviewBody = z.infer<typeof MetaReviewBody>;

export const MetaReviewJson = z.object({
  paperId: z.string(),
  recommendation: Decision,
  toAuthors: z.string(),
  toCommittee: z.string(),
  /** Who wrote (last saved) it: the chairs see names. */
  authorName: z.string(),
  updatedAt: z.string(),
});
export type MetaReviewJson = z.infer<typeof MetaReviewJson>;

/** What the authors read of the meta-review, once notified: never its text to the committee, never who wrote it. */
export const AuthorMetaReviewJson = z.object({ recommendation: Decision, toAuthors: z.string() });

/** The author response (decision 0033): the words are counted by core/word-count on both sides. */
export const ResponseBody = z.object({
  text: z
    .string({ message: 'Please write your response' })
    .trim()
    .min(1, 'Please write your response before saving')
    .max(100_000, 'The response is too long (at most 100,000 characters)')
    .refine(...noBidiControls('The response')),
});
export type ResponseBody = z.infer<typeof ResponseBody>;

export const ResponseWindowJson = z.object({ opens: z.string().nullable(), closes: z.string().nullable(), open: z.boolean() });
export const AuthorResponseJson = z.object({ text: z.string(), words: z.number(), updatedAt: z.string() });
export const AuthorResponsePage = z.object({
  window: ResponseWindowJson,
  wordLimit: z.number(),
  /** The counted reviews' comments to the authors, once the window has opened; "Reviewer n", never a name. */
  reviews: z.array(z.object({ reviewer: z.string(), commentsToAuthors: z.string() })),
  response: AuthorResponseJson.nullable(),
});
export type AuthorResponsePage = z.infer<typeof AuthorResponsePage>;
export const SaveResponseAnswer = z.object({ message: z.string(), response: AuthorResponseJson });
