import type { CoAuthor } from '../../core/schemas/accounts';
import type { UserJson } from '../../core/schemas/auth';
import type { PaperDetailResponse, PaperJson } from '../../core/schemas/paper';
import { api } from './client';

export const getMyPapers = () => api<{ user: UserJson; papers: PaperJson[] }>('/author/my-papers');

export function submitPaper(input: { title: string; abstract: string; keywords: string[]; file: File; coAuthors?: CoAuthor[] }) {
  const form = new FormData();
  form.append('title', input.title);
  form.append('abstract', input.abstract);
  for (const k of input.keywords) form.append('keywords', k);
  if (input.coAuthors?.length) form.append('coAuthors', JSON.stringify(input.coAuthors));
  form.append('file', input.file);
  return api<{ message: string; paper: PaperJson }>('/author/new-paper', { form });
}

export const getAuthorPaper = (id: string) => api<PaperDetailResponse>(`/author/paper/${encodeURIComponent(id)}`);

export function updateAuthorPaper(id: string, changes: { abstract?: string; file?: File }) {
  const form = new FormData();
  if (changes.abstract !== undefined) form.append('abstract', changes.abstract);
  if (changes.file) form.append('file', changes.file);
  return api<{ message: string; paper: PaperJson }>(`/author/paper/${encodeURIComponent(id)}`, { method: 'PATCH', form });
}
