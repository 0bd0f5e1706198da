/** Every user-facing message text, word for word, in one place (docs/product.md#validation-and-messages). */
export const MESSAGES = {
  loginFailed: 'Login failed',
  signupFailed: 'Signup failed',
  submissionFailed: 'Submission failed. Please try again.',
  paperSubmitted: 'Paper submitted successfully!',
  loadPapersFailed: 'Failed to load papers',
  /** docs/product.md#accounts-and-verified-addresses: rights tied to an address wait until the account proves it reads that mailbox. */
  waitingForVerification:
    'Papers or certificates that name your email address are waiting for you. They appear here once you confirm your address: use "Verify email" at the top of the page, then open the link in the mail.',
  loadPaperDetailsFailed: 'Failed to load paper details',
  commentSaved: 'Comment saved!',
  commentFailed: 'Error saving comment',
  statusFailed: 'Error updating status',
  pleaseLogin: 'Please login first',
  emptyComment: 'Please write a comment.',
  badPaperId: 'Invalid paper ID format',
  noPdf: 'No PDF available to download',
  paymentFailed: 'Something went wrong. Please try again.',
  contactSent: 'Message sent successfully !!',
  noComment: 'No comment available yet.',
  noReviewers: 'No matching reviewers found.',
  appError: 'Unexpected Application Error!',
  // Review cycle (docs/product.md#the-review-cycle)
  reviewSaved: 'Review saved!',
  submissionsClosed: 'Submissions are closed',
  reviewDeadlinePassed: 'The review deadline has passed',
  /** Decision 0035: after the bidding deadline only a conflict of interest may still be declared. */
  biddingClosed: 'The bidding deadline has passed: bids can no longer be changed, but you can still declare a conflict of interest',
  /** docs/product.md#assignments-declines-and-withdrawals: a reviewer is held to their Decline. */
  declinedToReview: 'You declined to review this paper, so you can no longer review or comment on it.',
  declinedFormClosed: 'You declined to review this paper: the review form and comments are closed.',
  cameraReadyNotAccepted: 'Only accepted papers take a camera-ready version',
  cameraReadyDeadlinePassed: 'The camera-ready deadline has passed',
  // Tracks and track chairs (decision 0023)
  chairsMayNot: 'Track chairs may not do this: it is for the conference editor. You act on the papers of your tracks.',
  chairConflicted: 'You have a conflict of interest with this paper: another chair or the editor handles it.',
  chairNotVerified: 'Confirm your email address first: a track chair acts on their tracks once the address is verified.',
  trackNotFound: 'Track not found',
  trackClosed: 'This track is closed for submissions: choose another track.',
  unknownTopic: 'Unknown tag: choose tags from the list',
} as const;

/**
 * Authors fix and withdraw their papers (docs/product.md#assignments-declines-and-withdrawals). Apart from MESSAGES, which every page loads: only the server
 * says these (the login area shows the server's words), so public pages' JavaScript does not carry them.
 */
export const REVISION_MESSAGES = {
  paperSaved: 'Paper saved',
  paperWithdrawn: 'Paper withdrawn',
  alreadyWithdrawn: 'This paper is already withdrawn',
  withdrawnPaper: 'This paper was withdrawn',
  withdrawnNoReview: 'This paper was withdrawn by its authors: no review is needed, and reviews and comments are closed.',
  withdrawAfterDecision: 'A decision has been taken on this paper, so it can no longer be withdrawn. Please write to the editor.',
} as const;

export const mailSent = (email: string) => `Mail successfully sent to ${email}`;
export const mailFailed = (email: string) => `Failed to send mail to ${email}`;
/** The mail server did not take the mail yet: the queue keeps trying (docs/product.md#mail). */
export const mailQueued = (email: string) => `Mail to ${email} is queued: the mail server is not answering, it will be sent when it does`;
/** No SMTP_URL: the mail is only in the outbox (docs/product.md#mail); the success text is for a real send. */
export const mailKeptInOutbox = (email: string) => `Mail is not configured: the mail to ${email} is kept in the outbox, nothing was sent`;
export const MAIL_NOT_CONFIGURED =
  'Mail is not configured: messages are kept in the outbox and nothing is sent until the server is given an SMTP_URL.';
export const paperResponded = (status: string) => `Paper ${status}!`;
export const paperSentTo = (name: string) => `Paper sent to ${name}`;
export const selectedEvent = (label: string) => `Selected Event: ${label}`;
// Missing reviews (docs/product.md#assignments-declines-and-withdrawals): reminders, one mail per reviewer, honest about the mail's state.
export const noMissingReviews = 'No reviews are missing on the papers you handle: there is nobody to remind.';
export const reviewerHasNoMissingReviews =
  'This reviewer has no missing reviews on the papers you handle: there is nothing to remind them of.';
/** `email` for one reviewer; else `count` reviewers. 'queued': for one reviewer the mail server did not take it yet. */
export function reviewersReminded(opts: { count: number; email?: string; result: 'sent' | 'queued' | 'outbox' | 'failed' }): string {
  const one = opts.email !== undefined || opts.count === 1;
  const who = opts.email ?? (opts.count === 1 ? '1 reviewer' : `${opts.count} reviewers`);
  const reminders = one ? 'reminder' : 'reminders';
  switch (opts.result) {
    case 'sent':
      return `Reminder sent to ${who}`;
    case 'failed':
      return `Failed to send the reminder to ${who}`;
    case 'outbox':
      return `Mail is not configured: the ${reminders} to ${who} ${one ? 'is' : 'are'} kept in the outbox, nothing was sent`;
    case 'queued':
      return opts.email !== undefined
        ? `Reminder to ${who} is queued: the mail server is not answering, it will be sent when it does`
        : `${one ? 'Reminder' : 'Reminders'} to ${who} queued: the mail queue sends ${one ? 'it' : 'them'} now`;
  }
}

/** What a request the server was too busy to take is told (503 with Retry-After, decision 0036). */
export const SERVER_BUSY = 'The server is busy right now. Please try again in a few seconds.';

/** A request whose body stopped arriving, or came slower than the least rate the server waits for (408, decision 0057). */
export const BODY_TOO_SLOW = 'The request took too long to arrive. Please check your connection and send it again.';

/**
 * An upload the server was too busy to take (503 with Retry-After, decision 0036): nothing was sent and the form
 * keeps what the author entered.
 */
export function uploadServerBusy(retryAfterSeconds: number): string {
  const when =
    Number.isFinite(retryAfterSeconds) && retryAfterSeconds >= 1
      ? `in ${Math.ceil(retryAfterSeconds)} second${Math.ceil(retryAfterSeconds) === 1 ? '' : 's'}`
      : 'in a few seconds';
  return `The server is busy right now, so your upload was not received. Please try again ${when}: everything you entered is still here.`;
}

/**
 * A registration naming a paper that is not the registrant's released accepted paper (decision 0056): one text for
 * every case (unknown, undecided, rejected, not released yet, someone else's), so the answer tells nothing more.
 */
export const PAPER_NOT_YOURS = (paperId: string) =>
  `Paper ${paperId} is not an accepted paper of yours: register without it, or check the paper ID. ` +
  'Only the paper\u2019s authors and co-authors, signed in with their confirmed address, can register with it.';

/** A second unpaid registration for one workshop course by one person (409): one seat held at a time (decision 0056). */
export const UNPAID_COURSE_HOLD = (courseLabel: string, code: string) =>
  `You have an unpaid registration for ${courseLabel} already (code ${code}): pay it or cancel it on your registrations page before registering again.`;

/** A payment received that does not cover its registration's price: it stays unpaid, the rest is owed (decision 0056). */
export const STILL_OWED = (owed: string) =>
  `Your registration is not paid yet: ${owed} is still owed. Pay the rest from your registrations page.`;

/**
 * At upload, where the author's PDF names them, and the files attached to it: the reviewers' copy leaves all of these
 * out under blind review (decision 0021). Each place as the warning lists it.
 */
export const PDF_NAMES_YOU = {
  documentProperties: (fields: string[]) => `its document properties (${fields.join('; ')})`,
  annotationsBy: (author: string, count: number) => (count === 1 ? `an annotation by ${author}` : `${count} annotations by ${author}`),
  annotationText: (count: number) => (count === 1 ? 'the text of an annotation' : `the text of ${count} annotations`),
  outlineEntries: (titles: string[]) =>
    titles.length === 1 ? `an outline entry ${quoteList(titles)}` : `outline entries ${quoteList(titles)}`,
  pieceInfo: 'private data an application left in it (PieceInfo)',
} as const;

const andList = (items: string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);
/** At most five, quoted; the rest counted. */
function quoteList(items: string[]): string {
  const shown = items.slice(0, 5).map((item) => `\u2018${item}\u2019`);
  return andList(items.length > 5 ? [...shown, `${items.length - 5} more`] : shown);
}

/** The upload's warning, from the places where the PDF names the author (PDF_NAMES_YOU) and its attached files' names; undefined for none. */
export function pdfUploadWarning(opts: { places: string[]; files: string[] }): string | undefined {
  const { places, files } = opts;
  if (!places.length && !files.length) return undefined;
  const parts = [
    ...(places.length ? [`names you in ${andList(places)}`] : []),
    ...(files.length ? [`has ${files.length === 1 ? 'an attached file' : 'attached files'} ${quoteList(files)}`] : []),
  ];
  const it = !places.length && files.length === 1 ? 'it' : 'them';
  return `Your PDF ${parts.join(', and ')}. Reviewers get a copy without ${it} under blind review, but you may want to remove ${it}.`;
}
