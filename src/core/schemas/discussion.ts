import { z } from '../zod';
import { noBidiControls } from './text';

/** A discussion post's longest body, and how long its writer may still edit it (decision 0032). */
export const POST_MAX_CHARS = 5000;
export const EDIT_WINDOW_MINUTES = 15;

export const DISCUSSION_MESSAGES = {
  empty: 'Write something before posting',
  tooLong: `A post has at most ${POST_MAX_CHARS} characters`,
  posted: 'Your post was added to the discussion',
  edited: 'Your post was changed',
  notYours: 'You can edit only your own posts',
  editWindowClosed: `The ${EDIT_WINDOW_MINUTES} minutes to edit this post have passed: write a new post instead`,
  postNotFound: 'Post not found',
  notParticipant: "You are not part of this paper's discussion",
} as const;

export const DiscussionPostBody = z.object({
  body: z
    .string({ message: DISCUSSION_MESSAGES.empty })
    .trim()
    .min(1, DISCUSSION_MESSAGES.empty)
    .max(POST_MAX_CHARS, DISCUSSION_MESSAGES.tooLong)
    .refine(...noBidiControls('The post')),
});
export type DiscussionPostBody = z.infer<typeof DiscussionPostBody>;

/**
 * One post as the caller may see it: `author` is "Reviewer 2", "Chair" or "Editor"; `name` is the writer's name
 * for the editor and chairs, null for reviewers (reviewers never see each other's names).
 */
export const DiscussionPostJson = z.object({
  id: z.string(),
  author: z.string(),
  name: z.string().nullable(),
  body: z.string(),
  mine: z.boolean(),
  /** The caller's own post, still within its edit window. */
  editable: z.boolean(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
});
export type DiscussionPostJson = z.infer<typeof DiscussionPostJson>;

/**
 * The thread, and the authors' response to the reviews (decision 0033) once they wrote one: the committee reads it
 * beside the discussion (it never names its writer).
 */
export const DiscussionJson = z.object({
  posts: z.array(DiscussionPostJson),
  authorResponse: z.object({ text: z.string(), words: z.number(), updatedAt: z.string() }).nullable(),
});
export type DiscussionJson = z.infer<typeof DiscussionJson>;
export const DiscussionPostAnswer = z.object({ message: z.string(), post: DiscussionPostJson });

/** The other reviews of a paper as a reviewer may see them (decision 0032): labels, never names or comments to the editor. */
export const OtherReviewJson = z.object({
  reviewer: z.string(),
  recommendation: z.number(),
  confidence: z.number(),
  commentsToAuthors: z.string(),
  answers: z.record(z.string(), z.union([z.number(), z.string()])).optional(),
  submittedAt: z.string(),
});
export type OtherReviewJson = z.infer<typeof OtherReviewJson>;
export const OtherReviewsJson = z.object({ visible: z.boolean(), reason: z.string(), reviews: z.array(OtherReviewJson) });
export type OtherReviewsJson = z.infer<typeof OtherReviewsJson>;
