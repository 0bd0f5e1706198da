import { ASSIGNMENT } from '../../core/api/assignment';
import type { BodyOf } from '../../core/api/endpoint';
import { call, callPages, type QueryOf } from './client';

/**
 * The editor's papers, newest first: the first `count` (Infinity: all), matching `q` when given (the list is
 * paged with a cursor); `nextCursor` is set when more are left.
 */
export async function getEditorPapersUpTo(opts: { count: number } & Pick<QueryOf<typeof ASSIGNMENT.listEditorPapers>, 'q'>) {
  const { rows, nextCursor } = await callPages(ASSIGNMENT.listEditorPapers, {
    count: opts.count,
    query: { q: opts.q },
    rows: (papers) => papers,
  });
  return { papers: rows, nextCursor };
}
export const getEditorPaper = (paperId: string) => call(ASSIGNMENT.getEditorPaper, { params: { paperId } });

export const getSuggestedReviewers = (paperId: string) => call(ASSIGNMENT.suggestReviewers, { query: { paperId } });
/** Every reviewer (no paperId): for their names in the preview. */
export const getAllReviewers = () => call(ASSIGNMENT.suggestReviewers);
export const getReviewerStatuses = (paperId: string) => call(ASSIGNMENT.listReviewerStatuses, { params: { paperId } });
/**
 * The chair's ranked list of a paper's reviewers (decision 0025): the first `count` of them (pages of at most 200),
 * narrowed by `q`; the first answer's other fields (assigned, conflicted, limits…) come with the rows.
 */
export async function getRankedReviewers(paperId: string, opts: { count: number; q?: string }) {
  const first = await call(ASSIGNMENT.rankReviewers, {
    params: { paperId },
    query: { limit: Math.min(200, opts.count), q: opts.q || undefined },
  });
  const reviewers = [...first.reviewers];
  let next = first.nextOffset;
  while (next !== null && reviewers.length < opts.count) {
    const page = await call(ASSIGNMENT.rankReviewers, {
      params: { paperId },
      query: { limit: Math.min(200, opts.count - reviewers.length), offset: next, q: opts.q || undefined },
    });
    reviewers.push(...page.reviewers);
    next = page.nextOffset;
  }
  return { ...first, reviewers, nextOffset: next };
}
export const unassignReviewer = (paperId: string, reviewerId: string) =>
  call(ASSIGNMENT.unassignReviewer, { params: { paperId, reviewerId } });
export const getConflictedReviewers = (paperId: string) => call(ASSIGNMENT.listConflictedReviewers, { params: { paperId } });

export const sendMail = (reviewerEmail: string, body: BodyOf<typeof ASSIGNMENT.sendReviewInvitation>) =>
  call(ASSIGNMENT.sendReviewInvitation, { params: { reviewerEmail }, body });
export const sendPaper = (body: BodyOf<typeof ASSIGNMENT.sendPaper>) => call(ASSIGNMENT.sendPaper, { body });
export const autoAssign = (body: BodyOf<typeof ASSIGNMENT.autoAssign>) => call(ASSIGNMENT.autoAssign, { body });

export const getEditorMessages = () => call(ASSIGNMENT.listEditorMessages);

/** The first `count` reviewers under a filter (the answer carries its cursor), and whether approval is required. */
export async function listReviewers(status: NonNullable<QueryOf<typeof ASSIGNMENT.listReviewers>['status']>, count: number) {
  const { rows, nextCursor, last } = await callPages(ASSIGNMENT.listReviewers, {
    count,
    query: { status },
    rows: (a) => a.reviewers,
    cursorOf: (a) => a.nextCursor,
  });
  return { rows, next: nextCursor, required: last?.approvalRequired ?? false };
}
/** Approve a reviewer or withdraw the approval; the answer is the reviewer as now stored. */
export const setReviewerApproval = (id: string, approved: boolean) =>
  call(ASSIGNMENT.setReviewerApproval, { params: { id }, body: { approved } });
