import type { MyPapersResponse, PaperDetailResponse, PaperSavedResponse } from '../../core/schemas/paper';
import { api } from './client';

export const getMyPapers = () => api<MyPapersResponse>('/author/my-papers');

export const getAuthorPaper = (id: string) => api<PaperDetailResponse>(`/author/paper/${encodeURIComponent(id)}`);

export function updateAuthorPaper(id: string, changes: { abstract?: string; file?: File }) {
  const form = new FormData();
  if (changes.abstract !== undefined) form.append('abstract', changes.abstract);
  if (changes.file) form.append('file', changes.file);
  return api<PaperSavedResponse>(`/author/paper/${encodeURIComponent(id)}`, { method: 'PATCH', form });
}
