import type { AutoAssignBody, AutoAssignJson } from '../../core/schemas/assignment';
import type { ReviewerSuggestionJson } from '../../core/schemas/review';
import { api } from './client';

export const autoAssign = (body: AutoAssignBody) => api<AutoAssignJson>('/editor/auto-assign', { json: body });
/** Every reviewer (no paperId): for their names in the preview. */
export const getAllReviewers = () => api<ReviewerSuggestionJson[]>('/editor/suggested-reviewers');
