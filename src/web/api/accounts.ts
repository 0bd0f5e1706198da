import type { CoAuthor, ForgotBody, MyRolesJson, PersonConflictJson, ResetBody } from '../../core/schemas/accounts';
import type { UserJson } from '../../core/schemas/auth';
import type { Role } from '../../core/schemas/common';
import { api } from './client';

type Message = { message: string };

export const requestPasswordReset = (body: ForgotBody) => api<Message>('/password/forgot', { json: body });
export const resetPassword = (body: ResetBody) => api<Message>('/password/reset', { json: body });
export const verifyEmail = (token: string) => api<Message>('/email/verify', { json: { token } });
export const resendVerification = () => api<Message>('/email/verify/resend', { method: 'POST', json: {} });
export const getMyRoles = () => api<MyRolesJson>('/me/roles');
export const switchRole = (role: Role) => api<Message & { token: string; user: UserJson }>('/switch-role', { json: { role } });
export const saveCoAuthors = (paperId: string, coAuthors: CoAuthor[]) =>
  api<Message & { coAuthors: CoAuthor[] }>(`/author/paper/${paperId}/co-authors`, { method: 'PUT', json: { coAuthors } });
export const getPersonConflicts = (paperId: string) =>
  api<{ conflicts: PersonConflictJson[] }>(`/editor/papers/${encodeURIComponent(paperId)}/person-conflicts`);

/** The editor's list of reviewers (issue 16.6), `limit` at a time from `cursor`; the next cursor is in the answer. */
export const listReviewers = (status: 'all' | 'pending' | 'approved', limit: number, cursor?: string | null) =>
  api<import('../../core/schemas/reviewers').ReviewerListJson>(`/editor/reviewers?limit=${limit}&status=${status}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
/** Approve a reviewer or withdraw the approval; the answer is the reviewer as now stored. */
export const setReviewerApproval = (id: string, approved: boolean) =>
  api<import('../../core/schemas/reviewers').ReviewerAdminJson>(`/editor/reviewers/${encodeURIComponent(id)}/approval`, { method: 'PUT', json: { approved } });
