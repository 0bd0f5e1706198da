import { z } from '../zod';
import { CreateQuestionBody, QuestionJson, UpdateQuestionBody } from '../review-form';
import { endpoints } from './endpoint';

const QuestionParams = z.object({ questionId: z.string().trim().min(1, 'Question not found').max(64, 'Question not found') });

/** The conference's own review form (decision 0031): the editor's questions beside recommendation and confidence. */
export const REVIEW_FORM = endpoints('review', {
  getReviewForm: {
    method: 'GET',
    path: '/review-form',
    summary: "The review form's questions a reviewer answers now, in order",
    description: 'For the committee (reviewers, the editor, track chairs); retired questions are left out.',
    response: z.array(QuestionJson),
  },
  getEditorReviewForm: {
    method: 'GET',
    path: '/editor/review-form',
    summary: 'Every question of the review form, the retired ones after the current ones',
    response: z.array(QuestionJson),
  },
  createQuestion: {
    method: 'POST',
    path: '/editor/review-form/questions',
    summary: 'Add a question to the end of the review form',
    description:
      'A score gives the labels of 1…n (2 to 10), a choice its options (2 to 20), a text none. 409 when the form has 50 questions.',
    body: CreateQuestionBody,
    status: 201,
    response: QuestionJson,
    errors: [409],
  },
  updateQuestion: {
    method: 'PATCH',
    path: '/editor/review-form/questions/:questionId',
    summary: 'Edit, move, retire or restore a review form question',
    description:
      'A question is never deleted nor changes kind: a retired one keeps its answers readable. 409 when a score scale would shrink below an answer given, or a retired question is moved.',
    params: QuestionParams,
    body: UpdateQuestionBody,
    response: QuestionJson,
    errors: [409],
  },
});
