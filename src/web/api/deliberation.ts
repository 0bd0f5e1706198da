import type { BodyOf } from '../../core/api/endpoint';
import { DELIBERATION } from '../../core/api/deliberation';
import { call } from './client';

/** The chair's meta-review of a paper (null before one is written), and saving it. */
export const getMetaReview = (paperId: string) => call(DELIBERATION.getMetaReview, { params: { paperId } });
export const saveMetaReview = (paperId: string, body: BodyOf<typeof DELIBERATION.saveMetaReview>) =>
  call(DELIBERATION.saveMetaReview, { params: { paperId }, body });

/** The author's response page (window, reviews' comments, response) and saving the response. */
export const getAuthorResponse = (paperId: string) => call(DELIBERATION.getAuthorResponse, { params: { id: paperId } });
export const saveAuthorResponse = (paperId: string, text: string) =>
  call(DELIBERATION.saveAuthorResponse, { params: { id: paperId }, body: { text } });
