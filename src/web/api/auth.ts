import type { LoginBody, LoginResponse, ProfileFields, SignupResponse, UserJson } from '../../core/schemas/auth';
import type { Role } from '../../core/schemas/common';
import { api } from './client';

export const logIn = (body: LoginBody) => api<LoginResponse>('/login', { json: body });

/** Log in with the token of a mailed one-time login link (issue 27.7). */
export const logInWithLink = (token: string) => api<LoginResponse>('/login/link', { json: { token } });

export const signUp = (body: { name: string; email: string; password: string; confirmPassword: string; role: Role; tags: string[] }) =>
  api<SignupResponse>('/signup', { json: body });

export const getMe = () => api<UserJson>('/me');

export const updateMe = (changes: ProfileFields & { photo?: File }) => {
  const form = new FormData();
  if (changes.name !== undefined) form.append('name', changes.name);
  if (changes.phone !== undefined) form.append('phone', changes.phone);
  if (changes.photo) form.append('photo', changes.photo);
  return api<{ message: string; user: UserJson }>('/me', { method: 'PATCH', form });
};
