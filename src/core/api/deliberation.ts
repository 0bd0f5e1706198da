import { z } from '../zod';
import { PaperId } from '../schemas/common';
import { AuthorResponsePage, MetaReviewBody, MetaReviewJson, ResponseBody, SaveResponseAnswer } from '../schemas/deliberation';
import { endpoints } from './endpoint';

const PaperParams = z.object({ paperId: PaperId });
const IdParams = z.object({ id: PaperId });

/** Deliberation (decision 0033): the chair's meta-review and the authors' response to the reviews. */
export const DELIBERATION = endpoints('review', {
  getMetaReview: {
    method: 'GET',
    path: '/editor/papers/:paperId/meta-review',
    summary: 'The meta-review of a paper (null before one is written)',
    description: "The editor, or a chair of the paper's track who is not conflicted with it.",
    params: PaperParams,
    response: MetaReviewJson.nullable(),
  },
  saveMetaReview: {
    method: 'PUT',
    path: '/editor/papers/:paperId/meta-review',
    summary: 'Write (or replace) the meta-review of a paper',
    description: 'The text to the authors goes in the decision mail; the text to the committee never reaches the authors.',
    params: PaperParams,
    body: MetaReviewBody,
    response: MetaReviewJson,
    errors: [409],
  },
  getAuthorResponse: {
    method: 'GET',
    path: '/author/paper/:id/response',
    summary: "The response window, the reviews' comments to the authors and the authors' response",
    description: 'The submitter or a co-author. The reviews are shown once the response window has opened.',
    params: IdParams,
    response: AuthorResponsePage,
  },
  saveAuthorResponse: {
    method: 'PUT',
    path: '/author/paper/:id/response',
    summary: "Write (or replace) the authors' response to the reviews",
    description:
      '403 outside the response window; 400 over the word limit, saying how many words the response has; 409 on a withdrawn paper.',
    params: IdParams,
    body: ResponseBody,
    response: SaveResponseAnswer,
    errors: [409],
  },
});
