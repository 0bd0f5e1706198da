import type { BodyOf } from '../../core/api/endpoint';
import { SUBMISSIONS } from '../../core/api/submissions';
import type { CoAuthor } from '../../core/schemas/accounts';
import { call, uploadWithProgress } from './client';

type Progress = (sent: number, total: number) => void;

export const getMyPapers = () => call(SUBMISSIONS.listMyPapers);
export const getAuthorPaper = (id: string) => call(SUBMISSIONS.getMyPaper, { params: { id } });

/** A new abstract, a new PDF, or both (the form's fields, with the PDF as a File). */
export function updateAuthorPaper(id: string, changes: Omit<BodyOf<typeof SUBMISSIONS.revisePaper>, 'file'> & { file?: File }) {
  const form = new FormData();
  if (changes.abstract !== undefined) form.append('abstract', changes.abstract);
  if (changes.file) form.append('file', changes.file);
  return call(SUBMISSIONS.revisePaper, { params: { id }, form });
}

/** A new paper (SPEC §7 new-paper, multipart) whose PDF upload reports bytes sent of total. */
export function submitPaperWithProgress(
  input: Omit<BodyOf<typeof SUBMISSIONS.submitPaper>, 'file' | 'coAuthors'> & { file: File; coAuthors?: CoAuthor[] },
  onProgress: Progress,
) {
  const form = new FormData();
  form.append('title', input.title);
  form.append('abstract', input.abstract);
  for (const k of input.keywords ?? []) form.append('keywords', k);
  if (input.coAuthors?.length) form.append('coAuthors', JSON.stringify(input.coAuthors));
  form.append('file', input.file);
  return uploadWithProgress(SUBMISSIONS.submitPaper, { form, onProgress });
}

export const uploadCameraReady = (paperId: string, file: File, onProgress: Progress) => {
  const form = new FormData();
  form.append('file', file);
  return uploadWithProgress(SUBMISSIONS.uploadCameraReady, { params: { id: paperId }, form, onProgress });
};
