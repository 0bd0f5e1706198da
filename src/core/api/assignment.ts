import { z } from 'zod';
import { AutoAssignBody, AutoAssignJson } from '../schemas/assignment';
import { Email, Id, MessageJson, PageQuery, PaperId } from '../schemas/common';
import { ConflictedReviewerJson } from '../schemas/editor-stats';
import { EditorMessagesJson, SendMailJson } from '../schemas/mail';
import { PaperJson } from '../schemas/paper';
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
    method: 'GET', path: '/editor/papers', tag: 'submissions', summary: 'Every submitted paper, newest first',
    description: 'Without `limit`, the whole list; with it, one page, and the next page\'s cursor is in the x-next-cursor header. `q` finds a paper by its id, or by words of its title or keywords.',
    query: PageQuery, response: z.array(PaperJson),
  },
  getEditorPaper: { method: 'GET', path: '/editor/papers/:paperId', tag: 'submissions', summary: 'One paper as the editor sees it', params: PaperParams, response: PaperJson },
  suggestReviewers: {
    method: 'GET', path: '/editor/suggested-reviewers', summary: 'The reviewers who fit a paper best, or every reviewer without `paperId`',
    description: 'With `paperId`: the reviewers whose tags the paper shares (in `matchedTags`), best first, less those with a conflict of interest.',
    query: SuggestedReviewersQuery, response: z.array(ReviewerSuggestionJson),
  },
  listReviewerStatuses: {
    method: 'GET', path: '/reviewer/status/:paperId', summary: 'Where each reviewer of a paper stands (mail sent, sent, accepted, declined)',
    params: PaperParams, response: z.array(ReviewerStatusJson),
  },
  sendReviewInvitation: {
    method: 'POST', path: '/send-mail/:reviewerEmail', summary: 'Mail a reviewer an invitation to review a paper',
    description: '200 when the mail server took the mail (or, without a mail server, it is kept in the outbox); 202 while it is still queued; 502 when it failed.',
    params: z.object({ reviewerEmail: Email }), body: SendMailBody, response: SendMailJson, also: { 202: SendMailJson }, errors: [409, 502],
  },
  sendPaper: {
    method: 'POST', path: '/editor/send-paper', summary: 'Assign a paper to a reviewer', body: SendPaperBody, response: MessageJson, errors: [409],
  },
  listEditorMessages: {
    method: 'GET', path: '/editor/messages', tag: 'editor desk', summary: 'The contact form\'s messages and every mail the site sent or queued', response: EditorMessagesJson,
  },
  autoAssign: {
    method: 'POST', path: '/editor/auto-assign', summary: 'Propose reviewers for many papers at once, and assign them with `apply`',
    description: 'Without `apply`, a preview that changes nothing; with `apply: true`, every proposed pair is assigned as Send Paper would.',
    body: AutoAssignBody, response: AutoAssignJson, errors: [409],
  },
  listConflictedReviewers: {
    method: 'GET', path: '/editor/papers/:paperId/conflicted-reviewers', tag: 'review',
    summary: 'The reviewers with a conflict of interest on a paper, with names, addresses and why',
    params: PaperParams, response: z.array(ConflictedReviewerJson),
  },
  listReviewers: {
    method: 'GET', path: '/editor/reviewers', summary: 'Every reviewer with their load, tags, verification and approval, a page at a time',
    query: ReviewerListQuery, response: ReviewerListJson,
  },
  setReviewerApproval: {
    method: 'PUT', path: '/editor/reviewers/:id/approval', summary: 'Approve a reviewer, or withdraw the approval',
    params: z.object({ id: Id }), body: ApprovalBody, response: ReviewerAdminJson,
  },
});
