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
