/** Every e-mail the product sends: named templates with {placeholders}, in one place. */
export const MAIL_TEMPLATES = {
  decisionNotification: {
    subject: 'Decision on your paper: {paperTitle}',
    text: [
      'Dear {name},',
      '',
      'The programme committee of the {conference} has reached a decision on your paper',
      '',
      '  "{paperTitle}"',
      '  Paper ID: {paperId}',
      '',
      'Decision: {decision}',
      '',
      '{reviews}',
      '',
      'You can read the decision and the reviews after logging in as an Author:',
      '{loginUrl}',
      '',
      'The editorial team',
    ].join('\n'),
  },
  reviewInvitation: {
    subject: 'Invitation to review: {paperTitle}',
    text: [
      'Dear {name},',
      '',
      'The editors of the {conference} invite you to review the paper',
      '',
      '  "{paperTitle}"',
      '  Paper ID: {paperId}',
      '',
      'Please log in as a Reviewer to read the paper, comment on it and accept or decline it:',
      '{loginUrl}',
      '',
      'Thank you for your help.',
      'The editorial team',
    ].join('\n'),
  },
  passwordReset: {
    subject: 'Choose a new password for your IMSE {role} account',
    text: [
      'Dear {name},',
      '',
      'Someone (we hope you) asked to choose a new password for your {role} account.',
      'Open this link within one hour to choose it; the link works once:',
      '{resetUrl}',
      '',
      'If you did not ask for this, ignore this mail: your password stays as it is.',
      'The editorial team',
    ].join('\n'),
  },
  loginLink: {
    subject: 'Your one-time login link for your IMSE {role} account',
    text: [
      'Dear {name},',
      '',
      'Your {role} account had many failed logins from elsewhere, so we ask for more than the password where',
      'you have not logged in before. You have just typed the right password: open this link within',
      '{minutes} minutes and press "Log me in" to log in. The link works once.',
      '{loginUrl}',
      '',
      'If it was not you who just typed your password, do not open the link, and choose a new password.',
      'The editorial team',
    ].join('\n'),
  },
  verifyEmail: {
    subject: 'Please confirm your email address for your IMSE {role} account',
    text: [
      'Dear {name},',
      '',
      'Someone signed up on {signedUpOn} for an IMSE {role} account named "{name}" with this email address.',
      'If that was you, open this link and press "Confirm my email address":',
      '{verifyUrl}',
      '',
      'If you did not create this {role} account, do not open the link: without your confirmation that',
      'account gets nothing tied to your address, and it cannot use any other account of yours.',
      'The editorial team',
    ].join('\n'),
  },
  registrationReminder: {
    subject: 'Please register for the conference: {paperTitle}',
    text: [
      'Dear {name},',
      '',
      'Your paper "{paperTitle}" (Paper ID: {paperId}) has been accepted, but we have not yet received its registration.',
      'A paper is placed in the programme and published only once it is registered. Please pay the registration fee',
      'with the Paper ID as the product:',
      '{registrationUrl}',
      '',
      'The editorial team',
    ].join('\n'),
  },
  trackChairNamed: {
    subject: 'You are a track chair of the {conference}: {track}',
    text: [
      'Dear colleague,',
      '',
      'The editor of the {conference} has made this address a chair of the track "{track}".',
      'As track chair you see the papers of your track, assign their reviewers and take their decisions.',
      '',
      'To start, sign up (or log in) as an Editor with this same address, and confirm the address through the',
      'link we mail you:',
      '{loginUrl}',
      '',
      'If you did not expect this, you can ignore this mail: nothing happens until the address is confirmed.',
      'The editorial team',
    ].join('\n'),
  },
  reviewAssigned: {
    subject: 'A paper to review: {paperTitle}',
    text: [
      'Dear {name},',
      '',
      'The editors of the {conference} have assigned you the paper',
      '',
      '  "{paperTitle}"',
      '  Paper ID: {paperId}',
      '',
      'Review deadline: {deadline}',
      '',
      'Open it to read it, then accept or decline reviewing it, and save your review:',
      '{paperUrl}',
      '',
      'Thank you for your help.',
      'The editorial team',
    ].join('\n'),
  },
  reviewReminder: {
    subject: 'Reminder: your reviews are due by {deadline}',
    text: [
      'Dear {name},',
      '',
      'The reviews for the {conference} are due by {deadline}. These papers assigned to you still wait for you:',
      '',
      '{papers}',
      '',
      'Please log in as a Reviewer to accept or decline each paper and to save your review:',
      '{loginUrl}',
      '',
      'Thank you for your help.',
      'The editorial team',
    ].join('\n'),
  },
  /** An editor's or chair's reminder from the missing-reviews page (issue 22.5): any time, as often as they choose. */
  reviewReminderByEditor: {
    subject: 'Reminder: your reviews for the {conference}',
    text: [
      'Dear {name},',
      '',
      'The editors of the {conference} remind you that these papers assigned to you still wait for your review:',
      '',
      '{papers}',
      '',
      '{due}',
      '',
      'Please log in as a Reviewer to accept or decline each paper and to save your review:',
      '{loginUrl}',
      '',
      'Thank you for your help.',
      'The editorial team',
    ].join('\n'),
  },
} as const;

export type TemplateName = keyof typeof MAIL_TEMPLATES;

export function fillTemplate(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

export function renderMail(name: TemplateName, values: Record<string, string>): { subject: string; text: string } {
  const t = MAIL_TEMPLATES[name];
  // A subject is one line: placeholders must not be able to add header lines.
  const subject = fillTemplate(t.subject, values).replace(/[\r\n]+/g, ' ');
  return { subject, text: fillTemplate(t.text, values) };
}
