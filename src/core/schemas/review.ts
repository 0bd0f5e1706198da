import { z } from '../zod';
import { CommentText } from './paper';
import { Email, Id, PaperId } from './common';

export const ReviewerSuggestionJson = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.literal('Reviewer'),
  tags: z.array(z.string()),
  /** With ?paperId=: the reviewer's tags that the paper shares. */
  matchedTags: z.array(z.string()).optional(),
  /** The reviewer confirmed their e-mail address through the link mailed at signup. */
  verified: z.boolean().optional(),
});
export type ReviewerSuggestionJson = z.infer<typeof ReviewerSuggestionJson>;

export const EDITOR_BADGES = ['Waiting', 'Sent', 'Accepted', 'Declined', 'Mail Sent'] as const;
export const ReviewerStatusJson = z.object({ reviewerId: z.string(), status: z.string() });
export type ReviewerStatusJson = z.infer<typeof ReviewerStatusJson>;

export const SendMailBody = z.object({
  name: z.string().trim().max(120).default(''),
  paperTitle: z.string().trim().max(300).default(''),
  paperId: PaperId,
  reviewerId: Id,
});
export const SendPaperBody = z.object({
  paperId: PaperId,
  reviewerId: Id,
  /** Decision 0025: assign although the reviewer or the paper is at its saved limit (refused with 409 otherwise). */
  override: z.boolean({ message: 'override must be true or false' }).optional(),
});

export const AddCommentBody = z.object({ reviewerId: Id, text: CommentText });
export const RESPONSES = ['Accepted', 'Declined'] as const;
export const RespondBody = z.object({
  paperId: PaperId,
  email: Email,
  status: z.enum(RESPONSES, { message: 'Status must be Accepted or Declined' }),
});
