import type { BodyOf } from '../../core/api/endpoint';
import { SUBMISSIONS } from '../../core/api/submissions';
import type { CoAuthor } from '../../core/schemas/accounts';
import { call, uploadWithProgress } from './client';

type Progress = (sent: number, total: number) => void;

export const getMyPapers = () => call(SUBMISSIONS.listMyPapers);
export const getAuthorPaper = (id: string) => call(SUBMISSIONS.getMyPaper, { params: { id } });

/**
 * A revision: the fields given (title, abstract, track, topics, free keywords) and/or a new PDF. A list given
 * empty is sent as one empty value, which the server reads as "no topics" (a form cannot send a field zero times).
 */
export function updateAuthorPaper(id: string, changes: Omit<BodyOf<typeof SUBMISSIONS.revisePaper>, 'file'> & { file?: File }) {
  const form = new FormData();
  for (const key of ['title', 'abstract', 'track'] as const) {
    const value = changes[key];
    if (value !== undefined) form.append(key, value);
  }
  for (const key of ['keywords', 'freeKeywords'] as const) {
    const list = changes[key];
    if (list === undefined) continue;
    if (list.length === 0) form.append(key, '');
    for (const item of list) form.append(key, item);
  }
  if (changes.file) form.append('file', changes.file);
  return call(SUBMISSIONS.revisePaper, { params: { id }, form });
}

/** Withdraw the paper before its decision (the submitting author). */
export const withdrawPaper = (id: string) => call(SUBMISSIONS.withdrawPaper, { params: { id } });

/** A new paper (the original new-paper call, multipart: docs/product.md#the-api) whose PDF upload reports bytes sent of total. */
export function submitPaperWithProgress(
  input: Omit<BodyOf<typeof SUBMISSIONS.submitPaper>, 'file' | 'coAuthors'> & { file: File; coAuthors?: CoAuthor[] },
  onProgress: Progress,
) {
  const form = new FormData();
  form.append('title', input.title);
  form.append('abstract', input.abstract);
  if (input.track) form.append('track', input.track);
  for (const k of input.keywords ?? []) form.append('keywords', k);
  for (const k of input.freeKeywords ?? []) form.append('freeKeywords', k);
  if (input.coAuthors?.length) form.append('coAuthors', JSON.stringify(input.coAuthors));
  form.append('file', input.file);
  return uploadWithProgress(SUBMISSIONS.submitPaper, { form, onProgress });
}

export const uploadCameraReady = (paperId: string, file: File, onProgress: Progress) => {
  const form = new FormData();
  form.append('file', file);
  return uploadWithProgress(SUBMISSIONS.uploadCameraReady, { params: { id: paperId }, form, onProgress });
};
