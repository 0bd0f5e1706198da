import { z } from '../zod';
import { AutoAssignBody, AutoAssignJson } from '../schemas/assignment';
import { Email, Id, MessageJson, PageQuery, PaperId } from '../schemas/common';
import { ConflictedReviewerJson } from '../schemas/editor-stats';
import { EditorMessagesJson, SendMailJson } from '../schemas/mail';
import { PaperJson } from '../schemas/paper';
import { RankedReviewersJson, RankedReviewersQuery, UnassignJson } from '../schemas/ranked-reviewers';
import { ReviewerStatusJson, ReviewerSuggestionJson, SendMailBody, SendPaperBody } from '../schemas/review';
import { ApprovalBody, ReviewerAdminJson, ReviewerListJson, ReviewerListQuery } from '../schemas/reviewers';
import { endpoints } from './endpoint';

const PaperParams = z.object({ paperId: PaperId });
export const SuggestedReviewersQuery = z.object({ paperId: PaperId.optional() });

/**
 * Finding reviewers for a paper and sending it to them, by hand or automatically, and the editor's lists
 * that go with it (papers, reviewers, the mail log). Editor only.
 */
export const ASSIGNMENT = endpoints('assignment', {
  listEditorPapers: {
    method: 'GET',
    path: '/editor/papers',
    tag: 'submissions',
    summary: 'Every submitted paper, newest first',
    description:
      "Without `limit`, the whole list; with it, one page, and the next page's cursor is in the x-next-cursor header. `q` finds a paper by its id, or by words of its title or keywords.",
    query: PageQuery,
    response: z.array(PaperJson),
  },
  getEditorPaper: {
    method: 'GET',
    path: '/editor/papers/:paperId',
    tag: 'submissions',
    summary: 'One paper as the editor sees it',
    params: PaperParams,
    response: PaperJson,
  },
  suggestReviewers: {
    method: 'GET',
    path: '/editor/suggested-reviewers',
    summary: 'The reviewers who fit a paper best, or every reviewer without `paperId`',
    description:
      'With `paperId`: the reviewers whose tags the paper shares (in `matchedTags`), best first, less those with a conflict of interest.',
    query: SuggestedReviewersQuery,
    response: z.array(ReviewerSuggestionJson),
  },
  listReviewerStatuses: {
    method: 'GET',
    path: '/reviewer/status/:paperId',
    summary: 'Where each reviewer of a paper stands (mail sent, sent, accepted, declined)',
    params: PaperParams,
    response: z.array(ReviewerStatusJson),
  },
  sendReviewInvitation: {
    method: 'POST',
    path: '/send-mail/:reviewerEmail',
    summary: 'Mail a reviewer an invitation to review a paper',
    description:
      '200 when the mail server took the mail (or, without a mail server, it is kept in the outbox); 202 while it is still queued; 502 when it failed. ' +
      '409 with the reason for a reviewer conflicted with the paper (the invitation names it), as for Send Paper.',
    params: z.object({ reviewerEmail: Email }),
    body: SendMailBody,
    response: SendMailJson,
    also: { 202: SendMailJson },
    errors: [409, 502],
  },
  sendPaper: {
    method: 'POST',
    path: '/editor/send-paper',
    summary: 'Assign a paper to a reviewer',
    description:
      'Refused with 409 and the reason for a reviewer conflicted with the paper, one the settings do not allow (unverified, not approved), ' +
      'and for a new assignment that would take the reviewer past `maxPapersPerReviewer` papers (assigned, not declined) or the paper past ' +
      '`reviewersPerPaper` reviewers; `override: true` assigns beyond the limits (recorded in the audit log), never past a conflict.',
    body: SendPaperBody,
    response: MessageJson,
    errors: [409],
  },
  rankReviewers: {
    method: 'GET',
    path: '/editor/papers/:paperId/ranked-reviewers',
    summary: 'Every eligible reviewer of a paper, ranked, a page at a time, with the conflicted ones apart',
    description:
      'Score: 10 per topic shared with the paper, +20 for an eager bid, +10 willing (docs/decisions/0025). The suggested group (the highest overlap among ' +
      'the reviewers not conflicted, at least one, ties kept: the same as suggested-reviewers) comes first, marked `suggested`, then the others by score. Each with their load against ' +
      '`maxPapersPerReviewer` and what they have on this paper. `assigned`: everyone the paper is assigned to, with their review; `conflicted`: ' +
      'each conflicted reviewer with the reasons, not assignable. `q` narrows the page to names or addresses containing it.',
    params: PaperParams,
    query: RankedReviewersQuery,
    response: RankedReviewersJson,
  },
  unassignReviewer: {
    method: 'DELETE',
    path: '/editor/papers/:paperId/reviewers/:reviewerId',
    summary: 'Take a paper back from a reviewer who has not reviewed it',
    description:
      '409 once the reviewer has saved a review; 404 when the paper is not assigned to them. Audited as review.unassign; the reviewer is mailed.',
    params: z.object({ paperId: PaperId, reviewerId: Id }),
    response: UnassignJson,
    errors: [409],
  },
  listEditorMessages: {
    method: 'GET',
    path: '/editor/messages',
    tag: 'editor desk',
    summary: "The contact form's messages and every mail the site sent or queued",
    response: EditorMessagesJson,
  },
  autoAssign: {
    method: 'POST',
    path: '/editor/auto-assign',
    summary: 'Propose reviewers for many papers at once, and assign them with `apply`',
    description:
      'Without `apply`, a preview that changes nothing; with `apply: true`, every proposed pair is assigned as Send Paper would.',
    body: AutoAssignBody,
    response: AutoAssignJson,
    errors: [409],
  },
  listConflictedReviewers: {
    method: 'GET',
    path: '/editor/papers/:paperId/conflicted-reviewers',
    tag: 'review',
    summary: 'The reviewers with a conflict of interest on a paper, with names, addresses and why',
    params: PaperParams,
    response: z.array(ConflictedReviewerJson),
  },
  listReviewers: {
    method: 'GET',
    path: '/editor/reviewers',
    summary: 'Every reviewer with their load, tags, verification and approval, a page at a time',
    query: ReviewerListQuery,
    response: ReviewerListJson,
  },
  setReviewerApproval: {
    method: 'PUT',
    path: '/editor/reviewers/:id/approval',
    summary: 'Approve a reviewer, or withdraw the approval',
    params: z.object({ id: Id }),
    body: ApprovalBody,
    response: ReviewerAdminJson,
  },
});
