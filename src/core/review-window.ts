/**
 * When a reviewer may still save their review (decision 0033):
 * until the review deadline (none set: always); after it, while the author response window is open, so a
 * reviewer can answer a response the moment it arrives; and, for a paper that has a response, until the
 * discussion deadline. Each bound is inclusive: at the very instant of a deadline it is still open.
 */
export interface ReviewWindowDates {
  reviewDeadline: Date | null;
  responseOpens: Date | null;
  responseCloses: Date | null;
  discussionDeadline: Date | null;
}

/** The response window is open: it has opened (a window without an opening date never opens) and not closed. */
export function isResponseWindowOpen(d: Pick<ReviewWindowDates, 'responseOpens' | 'responseCloses'>, now: Date): boolean {
  if (!d.responseOpens || now.getTime() < d.responseOpens.getTime()) return false;
  return !d.responseCloses || now.getTime() <= d.responseCloses.getTime();
}

export function mayReviewerSave(d: ReviewWindowDates & { paperHasResponse: boolean }, now: Date = new Date()): boolean {
  if (!d.reviewDeadline || now.getTime() <= d.reviewDeadline.getTime()) return true;
  if (isResponseWindowOpen(d, now)) return true;
  return d.paperHasResponse && d.discussionDeadline !== null && now.getTime() <= d.discussionDeadline.getTime();
}

/**
 * Why an author may not save a response now, or null while the window is open: the same words in the browser
 * and from the server, the dates written by `format` (each side's own).
 */
export function responseWindowRefusal(
  d: Pick<ReviewWindowDates, 'responseOpens' | 'responseCloses'>,
  now: Date,
  format: (date: Date) => string,
): string | null {
  if (isResponseWindowOpen(d, now)) return null;
  if (!d.responseOpens) return 'The response window is not open: its dates are not set yet.';
  if (now.getTime() < d.responseOpens.getTime()) {
    return `The response window opens ${format(d.responseOpens)}${d.responseCloses ? ` and closes ${format(d.responseCloses)}` : ''}.`;
  }
  return `The response window closed on ${format(d.responseCloses!)}.`;
}
