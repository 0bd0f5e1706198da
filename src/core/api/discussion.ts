import { z } from '../zod';
import { Id, PaperId } from '../schemas/common';
import { DiscussionJson, DiscussionPostAnswer, DiscussionPostBody, OtherReviewsJson } from '../schemas/discussion';
import { endpoints } from './endpoint';

const PaperParams = z.object({ paperId: PaperId });

/** Deliberation among a paper's committee (decision 0032): the other reviews, and the discussion thread. */
export const DISCUSSION = endpoints('review', {
  listOtherReviews: {
    method: 'GET',
    path: '/reviewer/papers/:paperId/other-reviews',
    summary: 'The other reviews of a paper sent to the reviewer, when the chairs allow',
    description:
      'Reviewers appear as "Reviewer 1, 2…" (the numbering the authors see); never names or comments to the editor. 403 when the paper was not sent to the caller or they declined it.',
    params: PaperParams,
    response: OtherReviewsJson,
  },
  listDiscussion: {
    method: 'GET',
    path: '/papers/:paperId/discussion',
    summary: "A paper's discussion among its reviewers, chairs and the editor, oldest post first",
    description:
      'Reviewers (assigned, not declined), the chairs of the paper\'s track (not conflicted) and the editor. Reviewers see each other as "Reviewer n"; the editor and chairs see names.',
    params: PaperParams,
    response: DiscussionJson,
  },
  addDiscussionPost: {
    method: 'POST',
    path: '/papers/:paperId/discussion',
    summary: "Post to a paper's discussion",
    description: 'The other participants are mailed at most once an hour per paper (a digest of what they missed).',
    params: PaperParams,
    body: DiscussionPostBody,
    status: 201,
    response: DiscussionPostAnswer,
  },
  editDiscussionPost: {
    method: 'PATCH',
    path: '/papers/:paperId/discussion/:postId',
    summary: "Change one's own post, within 15 minutes of posting it",
    params: z.object({ paperId: PaperId, postId: Id }),
    body: DiscussionPostBody,
    response: DiscussionPostAnswer,
  },
});
