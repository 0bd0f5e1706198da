import type { EditorMessagesJson } from '../../core/schemas/mail';
import type { PaperJson } from '../../core/schemas/paper';
import type { ReviewerStatusJson, ReviewerSuggestionJson } from '../../core/schemas/review';
import { api, apiPages } from './client';

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

/**
 * The editor's papers, newest first: the first `count` (Infinity: all), matching `q` when given (the list is
 * paged with a cursor); `nextCursor` is set when more are left.
 */
export async function getEditorPapersUpTo(opts: { count: number; q?: string }): Promise<{ papers: PaperJson[]; nextCursor: string | null }> {
  const { rows, nextCursor } = await apiPages<PaperJson>('/editor/papers', { count: opts.count, query: { q: opts.q } });
  return { papers: rows, nextCursor };
}
