import type { CoAuthor, ForgotBody, MyRolesJson, PersonConflictJson, ResetBody } from '../../core/schemas/accounts';
import type { UserJson } from '../../core/schemas/auth';
import type { Role } from '../../core/schemas/common';
import type { ReviewerAdminJson, ReviewerListJson } from '../../core/schemas/reviewers';
import { api, apiPages } from './client';

type Message = { message: string };

export const requestPasswordReset = (body: ForgotBody) => api<Message>('/password/forgot', { json: body });
export const resetPassword = (body: ResetBody) => api<Message>('/password/reset', { json: body });
export const verifyEmail = (token: string) => api<Message>('/email/verify', { json: { token } });
export const resendVerification = () => api<Message>('/email/verify/resend', { method: 'POST', json: {} });
export const getMyRoles = () => api<MyRolesJson>('/me/roles');
export const switchRole = (role: Role, password?: string) => api<Message & { token: string; user: UserJson }>('/switch-role', { json: password ? { role, password } : { role } });
export const saveCoAuthors = (paperId: string, coAuthors: CoAuthor[]) =>
  api<Message & { coAuthors: CoAuthor[] }>(`/author/paper/${paperId}/co-authors`, { method: 'PUT', json: { coAuthors } });
export const getPersonConflicts = (paperId: string) =>
  api<{ conflicts: PersonConflictJson[] }>(`/editor/papers/${encodeURIComponent(paperId)}/person-conflicts`);

/** The editor's list of reviewers (issue 16.6), `limit` at a time from `cursor`; the next cursor is in the answer. */
/** The first `count` reviewers under a filter (the answer carries its cursor), and whether approval is required. */
export async function listReviewers(status: 'all' | 'pending' | 'approved', count: number) {
  const { rows, nextCursor, last } = await apiPages<ReviewerAdminJson>('/editor/reviewers', {
    count, query: { status }, rows: (a) => (a as ReviewerListJson).reviewers, cursorOf: (a) => (a as ReviewerListJson).nextCursor,
  });
  return { rows, next: nextCursor, required: (last as ReviewerListJson).approvalRequired };
}
/** Approve a reviewer or withdraw the approval; the answer is the reviewer as now stored. */
export const setReviewerApproval = (id: string, approved: boolean) =>
  api<ReviewerAdminJson>(`/editor/reviewers/${encodeURIComponent(id)}/approval`, { method: 'PUT', json: { approved } });
