import type { CoAuthor } from '../../core/schemas/accounts';
import type { PaperSavedResponse } from '../../core/schemas/paper';
import type {
  Bid, BiddingPaperJson, Decision, EditorReviewJson, ReviewBody, ReviewJson,
} from '../../core/schemas/review-cycle';
import type { Deadlines, EditorSettings, UpdateSettingsBody } from '../../core/schemas/settings';
import { api, ApiError, uploadWithProgress } from './client';

const id = encodeURIComponent;

export const getDeadlines = () => api<Deadlines>('/deadlines');
export const getSettings = () => api<EditorSettings>('/editor/settings');
export const updateSettings = (patch: UpdateSettingsBody) => api<EditorSettings>('/editor/settings', { method: 'PUT', json: patch });

export const getOwnReview = async (paperId: string): Promise<ReviewJson | null> => {
  try {
    return await api<ReviewJson>(`/reviewer/review/${id(paperId)}`);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
};
export const saveReview = (paperId: string, body: ReviewBody) =>
  api<{ message: string; review: ReviewJson }>(`/reviewer/review/${id(paperId)}`, { method: 'PUT', json: body });
export const getPaperReviews = (paperId: string) => api<EditorReviewJson[]>(`/editor/papers/${id(paperId)}/reviews`);
export const setDecision = (paperId: string, decision: Decision | null) =>
  api<{ paperId: string; decision: Decision | null; notifiedDecision: Decision | null }>(`/editor/papers/${id(paperId)}/decision`, { method: 'PUT', json: { decision } });
export const notifyAuthors = (body: { paperIds?: string[]; dryRun?: boolean }) =>
  api<{ sent: number; skipped: number; preview?: Array<{ to: string; subject: string; text: string }> }>('/editor/notify', { json: body });

export const getBidding = () => api<BiddingPaperJson[]>('/reviewer/bidding');
export const placeBid = (paperId: string, bid: Bid | null) => api<{ paperId: string; bid: Bid | null }>(`/reviewer/bid/${id(paperId)}`, { method: 'PUT', json: { bid } });

export const getDeclaredConflicts = (paperId: string) => api<{ emails: string[] }>(`/author/paper/${id(paperId)}/conflicts`);
export const setDeclaredConflicts = (paperId: string, emails: string[]) =>
  api<{ emails: string[] }>(`/author/paper/${id(paperId)}/conflicts`, { method: 'PUT', json: { emails } });

export const uploadCameraReady = (paperId: string, file: File, onProgress: (sent: number, total: number) => void) => {
  const form = new FormData();
  form.append('file', file);
  return uploadWithProgress<PaperSavedResponse>(`/author/paper/${id(paperId)}/camera-ready`, form, onProgress);
};

export const getEditorStats = () => api<import('../../core/schemas/editor-stats').EditorStatsJson>('/editor/stats');

/** A new paper (SPEC §7 new-paper, multipart) whose PDF upload reports bytes sent of total. */
export function submitPaperWithProgress(input: { title: string; abstract: string; keywords: string[]; file: File; coAuthors?: CoAuthor[] },
  onProgress: (sent: number, total: number) => void) {
  const form = new FormData();
  form.append('title', input.title);
  form.append('abstract', input.abstract);
  for (const k of input.keywords) form.append('keywords', k);
  if (input.coAuthors?.length) form.append('coAuthors', JSON.stringify(input.coAuthors));
  form.append('file', input.file);
  return uploadWithProgress<PaperSavedResponse>('/author/new-paper', form, onProgress);
}

export const getConflictedReviewers = (paperId: string) =>
  api<import('../../core/schemas/editor-stats').ConflictedReviewerJson[]>(`/editor/papers/${id(paperId)}/conflicted-reviewers`);
