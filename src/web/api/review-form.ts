import type { BodyOf } from '../../core/api/endpoint';
import { REVIEW_FORM } from '../../core/api/review-form';
import { call } from './client';

/** The review form's questions a reviewer answers now (decision 0031). */
export const getReviewForm = () => call(REVIEW_FORM.getReviewForm);

/** The editor's form page: every question, add, edit, move, retire, restore. */
export const getEditorReviewForm = () => call(REVIEW_FORM.getEditorReviewForm);
export const createQuestion = (body: BodyOf<typeof REVIEW_FORM.createQuestion>) => call(REVIEW_FORM.createQuestion, { body });
export const updateQuestion = (questionId: string, body: BodyOf<typeof REVIEW_FORM.updateQuestion>) =>
  call(REVIEW_FORM.updateQuestion, { params: { questionId }, body });
