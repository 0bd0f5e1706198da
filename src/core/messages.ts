/** Every user-facing message text of SPEC §8 and §5, word for word, in one place. */
export const MESSAGES = {
  loginFailed: 'Login failed',
  signupFailed: 'Signup failed',
  submissionFailed: 'Submission failed. Please try again.',
  paperSubmitted: 'Paper submitted successfully!',
  loadPapersFailed: 'Failed to load papers',
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
} as const;

export const mailSent = (email: string) => `Mail successfully sent to ${email}`;
export const mailFailed = (email: string) => `Failed to send mail to ${email}`;
export const paperResponded = (status: string) => `Paper ${status}!`;
export const paperSentTo = (name: string) => `Paper sent to ${name}`;
export const selectedEvent = (label: string) => `Selected Event: ${label}`;
