import type { BodyOf } from '../../core/api/endpoint';
import { REVIEW } from '../../core/api/review';
import { call } from './client';

/** What a reviewer is sent and answers. */
export const getAssignedPapers = (reviewerId: string) => call(REVIEW.listAssignedPapers, { params: { reviewerId } });
export const addComment = (paperId: string, body: BodyOf<typeof REVIEW.addComment>) =>
  call(REVIEW.addComment, { params: { paperId }, body });
export const respondToPaper = (body: BodyOf<typeof REVIEW.respondToPaper>) => call(REVIEW.respondToPaper, { body });

export const getDeadlines = () => call(REVIEW.getDeadlines);
export const getSettings = () => call(REVIEW.getSettings);
export const updateSettings = (patch: BodyOf<typeof REVIEW.updateSettings>) => call(REVIEW.updateSettings, { body: patch });

/** The reviewer's own review of a paper, or null before one is saved. */
export const getOwnReview = (paperId: string) => call(REVIEW.getMyReview, { params: { paperId } });
export const saveReview = (paperId: string, body: BodyOf<typeof REVIEW.saveReview>) =>
  call(REVIEW.saveReview, { params: { paperId }, body });
export const getPaperReviews = (paperId: string) => call(REVIEW.listPaperReviews, { params: { paperId } });
export const setDecision = (paperId: string, decision: BodyOf<typeof REVIEW.setDecision>['decision']) =>
  call(REVIEW.setDecision, { params: { paperId }, body: { decision } });
export const notifyAuthors = (body: BodyOf<typeof REVIEW.notifyAuthors>) => call(REVIEW.notifyAuthors, { body });

export const getBidding = () => call(REVIEW.listBiddingPapers);
export const placeBid = (paperId: string, bid: BodyOf<typeof REVIEW.placeBid>['bid']) =>
  call(REVIEW.placeBid, { params: { paperId }, body: { bid } });

export const getDeclaredConflicts = (paperId: string) => call(REVIEW.listDeclaredConflicts, { params: { id: paperId } });
export const setDeclaredConflicts = (paperId: string, emails: BodyOf<typeof REVIEW.setDeclaredConflicts>['emails']) =>
  call(REVIEW.setDeclaredConflicts, { params: { id: paperId }, body: { emails } });
