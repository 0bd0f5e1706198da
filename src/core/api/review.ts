import { z } from '../zod';
import { Id, MessageJson, PaperId } from '../schemas/common';
import { PaperJson } from '../schemas/paper';
import { AddCommentBody, RespondBody } from '../schemas/review';
import {
  BidBody,
  BiddingPaperJson,
  BidResponse,
  ConflictJson,
  ConflictsBody,
  ConflictsResponse,
  DecisionBody,
  DecisionResponse,
  EditorReviewJson,
  NotifyBody,
  NotifyResponse,
  ReviewBody,
  ReviewJson,
  SaveReviewResponse,
} from '../schemas/review-cycle';
import { Deadlines, EditorSettings, UpdateSettingsBody } from '../schemas/settings';
import { endpoints } from './endpoint';

const PaperParams = z.object({ paperId: PaperId });
const IdParams = z.object({ id: PaperId });

/**
 * The review cycle to a decision: what a reviewer is sent and answers, settings and deadlines, structured
 * reviews, conflicts of interest, bids, decisions and the authors' notification.
 */
export const REVIEW = endpoints('review', {
  listAssignedPapers: {
    method: 'GET',
    path: '/reviewer/assigned-papers/:reviewerId',
    summary: "The papers sent to a reviewer (the caller's own id)",
    params: z.object({ reviewerId: Id }),
    response: z.array(PaperJson),
  },
  addComment: {
    method: 'POST',
    path: '/reviewer/add-comment/:paperId',
    summary: 'Comment on a paper sent to the reviewer',
    params: PaperParams,
    body: AddCommentBody,
    status: 201,
    response: MessageJson,
  },
  respondToPaper: {
    method: 'POST',
    path: '/reviewer/respond',
    summary: 'Accept or decline to review a paper sent to the reviewer',
    body: RespondBody,
    response: MessageJson,
  },
  getSettings: {
    method: 'GET',
    path: '/editor/settings',
    summary: "The review cycle's settings: deadlines, reviewers per paper, blind review…",
    response: EditorSettings,
  },
  updateSettings: {
    method: 'PUT',
    path: '/editor/settings',
    summary: "Change some of the review cycle's settings (the fields sent)",
    body: UpdateSettingsBody,
    response: EditorSettings,
  },
  getDeadlines: { method: 'GET', path: '/deadlines', summary: 'The submission, review and camera-ready deadlines', response: Deadlines },
  saveReview: {
    method: 'PUT',
    path: '/reviewer/review/:paperId',
    summary: "Save the reviewer's review of a paper sent to them (replaces an earlier one)",
    description: 'Refused with 403 when the paper was not sent to the caller (whatever the body), and after the review deadline.',
    params: PaperParams,
    body: ReviewBody,
    response: SaveReviewResponse,
  },
  getMyReview: {
    method: 'GET',
    path: '/reviewer/review/:paperId',
    summary: "The reviewer's own review of a paper (null before one is saved)",
    description: 'null, not 404, before a review is saved: opening a paper to review is not an error.',
    params: PaperParams,
    response: ReviewJson.nullable(),
  },
  listPaperReviews: {
    method: 'GET',
    path: '/editor/papers/:paperId/reviews',
    summary: 'Every review of a paper, with who wrote it',
    params: PaperParams,
    response: z.array(EditorReviewJson),
  },
  listPaperConflicts: {
    method: 'GET',
    path: '/editor/papers/:paperId/conflicts',
    summary: 'The reviewers with a conflict of interest on a paper, and why',
    params: PaperParams,
    response: z.array(ConflictJson),
  },
  listDeclaredConflicts: {
    method: 'GET',
    path: '/author/paper/:id/conflicts',
    summary: 'The addresses the author declared a conflict of interest with, for their paper',
    params: IdParams,
    response: ConflictsResponse,
  },
  setDeclaredConflicts: {
    method: 'PUT',
    path: '/author/paper/:id/conflicts',
    summary: 'Replace the addresses the author declares a conflict of interest with',
    description: 'Only the submitting author; the list sent replaces the one before.',
    params: IdParams,
    body: ConflictsBody,
    response: ConflictsResponse,
  },
  listBiddingPapers: {
    method: 'GET',
    path: '/reviewer/bidding',
    summary: 'The papers a reviewer may bid on, with their bid',
    description: "Once the reviewer's address is verified (403 until then); papers with a conflict of interest are left out.",
    response: z.array(BiddingPaperJson),
  },
  placeBid: {
    method: 'PUT',
    path: '/reviewer/bid/:paperId',
    summary: 'Bid on a paper, declare a conflict with it, or withdraw the bid (null)',
    description: "Once the reviewer's address is verified (403 until then, whatever is sent). 409 on a paper its authors withdrew.",
    params: PaperParams,
    body: BidBody,
    response: BidResponse,
    errors: [409],
  },
  setDecision: {
    method: 'PUT',
    path: '/editor/papers/:paperId/decision',
    summary: "Record the editor's decision on a paper (null clears it); the authors learn it when notified",
    description: '409 when the authors withdrew the paper.',
    params: PaperParams,
    body: DecisionBody,
    response: DecisionResponse,
    errors: [409],
  },
  notifyAuthors: {
    method: 'POST',
    path: '/editor/notify',
    summary: "Mail the authors their papers' decisions and reviews",
    description:
      'The decided papers not notified of their current decision, or those of `paperIds`; `dryRun` previews the mails and sends nothing.',
    body: NotifyBody,
    response: NotifyResponse,
  },
});
