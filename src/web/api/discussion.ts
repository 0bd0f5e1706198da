import { DISCUSSION } from '../../core/api/discussion';
import { call } from './client';

/** The other reviews of a paper sent to the reviewer, when the chairs' setting allows (decision 0032). */
export const getOtherReviews = (paperId: string) => call(DISCUSSION.listOtherReviews, { params: { paperId } });

/** A paper's discussion, oldest post first (decision 0032). */
export const getDiscussion = (paperId: string) => call(DISCUSSION.listDiscussion, { params: { paperId } });

export const addDiscussionPost = (paperId: string, body: string) =>
  call(DISCUSSION.addDiscussionPost, { params: { paperId }, body: { body } });

/** Change one's own post, within 15 minutes of posting it. */
export const editDiscussionPost = (paperId: string, postId: string, body: string) =>
  call(DISCUSSION.editDiscussionPost, { params: { paperId, postId }, body: { body } });
