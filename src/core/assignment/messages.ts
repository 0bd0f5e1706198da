/**
 * What the chair's paper page says about assigning (decision 0025). Apart from core/messages.ts's MESSAGES, which
 * every page loads, so that public pages do not carry them. Send Paper beyond the saved limits needs
 * `override: true` (the page's "Assign anyway").
 */
export const REVIEWER_NOT_ASSIGNED = 'This reviewer is not assigned to this paper';
export const reviewerAtLimit = (name: string, load: number, max: number) =>
  `${name} already has ${load} of ${max} papers, the limit per reviewer: choose Assign anyway to go beyond it`;
export const paperAtLimit = (count: number, max: number) =>
  `This paper already has ${count} of ${max} reviewers, the limit per paper: choose Assign anyway to add another`;
export const reviewedCannotUnassign = (name: string) => `${name} has saved a review of this paper, so they cannot be unassigned`;
export const reviewerUnassigned = (name: string) => `${name} is no longer assigned to this paper and has been told by e-mail`;
