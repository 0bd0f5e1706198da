import type { EditorMessagesJson } from '../../core/schemas/mail';
import type { PaperJson } from '../../core/schemas/paper';
import type { ReviewerStatusJson, ReviewerSuggestionJson } from '../../core/schemas/review';
import { api, ApiError, session } from './client';

export async function getEditorPapers(opts: { limit: number; cursor?: string; q?: string }): Promise<{ papers: PaperJson[]; nextCursor: string | null }> {
  const params = new URLSearchParams({ limit: String(opts.limit) });
  if (opts.cursor) params.set('cursor', opts.cursor);
  if (opts.q) params.set('q', opts.q);
  const headers: Record<string, string> = {};
  const token = session.token();
  if (token) headers.authorization = `Bearer ${token}`;
  // The next cursor comes in a header, so this one call reads the response itself.
  const res = await fetch(`/api/editor/papers?${params}`, { headers });
  if (!res.ok) {
    const body = await res.json().catch(() => ({}));
    throw new ApiError(res.status, body.message ?? `Request failed (${res.status})`, body.message);
  }
  return { papers: await res.json(), nextCursor: res.headers.get('x-next-cursor') };
}

export const getEditorPaper = (id: string) => api<PaperJson>(`/editor/papers/${encodeURIComponent(id)}`);
export const getSuggestedReviewers = (paperId: string) => api<ReviewerSuggestionJson[]>(`/editor/suggested-reviewers?paperId=${encodeURIComponent(paperId)}`);
export const getReviewerStatuses = (paperId: string) => api<ReviewerStatusJson[]>(`/reviewer/status/${encodeURIComponent(paperId)}`);
export const sendMail = (reviewerEmail: string, body: { name: string; paperTitle: string; paperId: string; reviewerId: string }) =>
  api<{ message: string }>(`/send-mail/${encodeURIComponent(reviewerEmail)}`, { json: body });
export const sendPaper = (body: { paperId: string; reviewerId: string }) => api<{ message: string }>('/editor/send-paper', { json: body });

export const getAssignedPapers = (reviewerId: string) => api<PaperJson[]>(`/reviewer/assigned-papers/${encodeURIComponent(reviewerId)}`);
export const addComment = (paperId: string, body: { reviewerId: string; text: string }) =>
  api<{ message: string }>(`/reviewer/add-comment/${encodeURIComponent(paperId)}`, { json: body });
export const respondToPaper = (body: { paperId: string; email: string; status: 'Accepted' | 'Declined' }) =>
  api<{ message: string }>('/reviewer/respond', { json: body });

export type { ContactMessageJson, MailJson } from '../../core/schemas/mail';
export const getEditorMessages = () => api<EditorMessagesJson>('/editor/messages');

export interface SpeakerJson { _id: string; name: string; designation: string; position: string; photo: string | null }
export interface NewsJson { _id: string; name: string; description: string }
export const getSpeakers = () => api<SpeakerJson[]>('/keynote-speakers');
export const addSpeaker = (form: FormData) => api<{ message: string }>('/keynote-speakers', { form });
export const removeSpeaker = (id: string) => api<{ message: string }>(`/keynote-speakers/${id}`, { method: 'DELETE' });
export const getNews = () => api<NewsJson[]>('/news');
export const addNews = (body: { name: string; description: string }) => api<{ message: string }>('/news', { json: body });
export const removeNews = (id: string) => api<{ message: string }>(`/news/${id}`, { method: 'DELETE' });
