import { escapeHtml } from './html';

/**
 * Every e-mail the product sends: named default templates with {placeholders}, in one place, shared by the server
 * (which renders them, with the editor's wording when there is one: decision 0038) and the browser (the template
 * editor checks placeholders as the server does). Texts are plain; the HTML part is made from the same text by
 * `mailTextToHtml`, escaping everything, so nothing a user typed is ever markup.
 */
const DEFAULT_TEXTS = {
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
    subject: 'Choose a new password for your {acronym} {role} account',
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
    subject: 'Your one-time login link for your {acronym} {role} account',
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
    subject: 'Please confirm your email address for your {acronym} {role} account',
    text: [
      'Dear {name},',
      '',
      'Someone signed up on {signedUpOn} for the {acronym} {role} account named "{name}" with this email address.',
      'If that was you, open this link and press "Confirm my email address":',
      '{verifyUrl}',
      '',
      'If you did not create this {role} account, do not open the link: without your confirmation that',
      'account gets nothing tied to your address, and it cannot use any other account of yours.',
      'The editorial team',
    ].join('\n'),
  },
  dataExportReady: {
    subject: 'Your {acronym} data is ready to download',
    text: [
      'Dear {name},',
      '',
      'The download of everything we hold about your {role} account, which you asked for, is ready.',
      'Open this link within {hours} hours while logged in to that account; the link works once:',
      '{downloadUrl}',
      '',
      'If you did not ask for it, nobody else can use the link: it opens only for your account.',
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
  paperReceived: {
    subject: 'Paper received: {paperTitle} (Paper ID: {paperId})',
    text: [
      'Dear {name},',
      '',
      'Thank you for your submission to the {conference}. We have received your paper',
      '',
      '  "{paperTitle}"',
      '  Paper ID: {paperId}',
      '  Track: {track}',
      '  Topics: {topics}',
      '  Co-authors: {coAuthors}',
      '',
      'Please quote the Paper ID when you write to us. Until the submission deadline you can change the title,',
      'abstract, track, topics and co-authors, or withdraw the paper, on its page:',
      '{paperUrl}',
      '',
      'The editorial team',
    ].join('\n'),
  },
  paperWithdrawn: {
    subject: 'Withdrawn, no review needed: {paperTitle}',
    text: [
      'Dear {name},',
      '',
      'The authors have withdrawn the paper',
      '',
      '  "{paperTitle}"',
      '  Paper ID: {paperId}',
      '',
      'that the editors of the {conference} assigned you. No review is needed: you can stop working on it.',
      '',
      'Thank you for your help.',
      'The editorial team',
    ].join('\n'),
  },
  paperWithdrawnCoAuthor: {
    subject: 'Your paper was withdrawn: {paperTitle}',
    text: [
      'Dear {name},',
      '',
      '{submitter}, who submitted the paper',
      '',
      '  "{paperTitle}"',
      '  Paper ID: {paperId}',
      '',
      'to the {conference} and lists you as a co-author, has withdrawn it. It will not be reviewed.',
      'If this is a mistake, please write to the editor.',
      '',
      'The editorial team',
    ].join('\n'),
  },
  reviewUnassigned: {
    subject: 'No longer yours to review: {paperTitle}',
    text: [
      'Dear {name},',
      '',
      'The editors of the {conference} have taken back the paper',
      '',
      '  "{paperTitle}"',
      '  Paper ID: {paperId}',
      '',
      'that was assigned to you: you no longer need to review it, and it has left your list.',
      'The papers still assigned to you are on your dashboard:',
      '{dashboardUrl}',
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
  /** An editor's or chair's reminder from the missing-reviews page (docs/product.md#assignments-declines-and-withdrawals): any time, as often as they choose. */
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
  /** Decision 0033: the authors responded to the reviews. Never names the authors (blind review). */
  authorResponseToReviewer: {
    subject: 'The authors responded to the reviews: {paperTitle}',
    text: [
      'Dear {name},',
      '',
      'The authors of the paper you review for the {conference},',
      '',
      '  "{paperTitle}"',
      '  Paper ID: {paperId}',
      '',
      'have responded to the reviews ({words} words):',
      '',
      '{response}',
      '',
      'You may update your review after reading it, while the response window is open and until the discussion',
      'deadline. Log in as a Reviewer:',
      '{loginUrl}',
      '',
      'The editorial team',
    ].join('\n'),
  },
  authorResponseToChair: {
    subject: 'Author response received: {paperTitle}',
    text: [
      'Dear {name},',
      '',
      'The authors of the paper',
      '',
      '  "{paperTitle}"',
      '  Paper ID: {paperId}',
      '',
      'in your track of the {conference} have responded to the reviews ({words} words):',
      '',
      '{response}',
      '',
      "Its reviewers were told too. The paper's page, with its meta-review, is in the editor's area:",
      '{loginUrl}',
      '',
      'The editorial team',
    ].join('\n'),
  },
  /** New posts in a paper's discussion (decision 0032), at most one mail an hour per paper: writers by label, never by name. */
  discussionPosts: {
    subject: 'New posts in the discussion of {paperTitle}',
    text: [
      'Dear {name},',
      '',
      'The committee discussion of the paper "{paperTitle}" (Paper ID: {paperId}) for the {conference} has new posts ({count}):',
      '',
      '{posts}',
      '',
      "Read the whole discussion and reply on the paper's page:",
      '{paperUrl}',
      '',
      "You are told of this paper's discussion at most once an hour. Authors never see it.",
      'The editorial team',
    ].join('\n'),
  },
  /** Decision 0039: a day's notifications of one kind or more, gathered for an address that chose the daily digest. */
  dailyDigest: {
    subject: 'Your daily digest from the {conference}: {count} notifications',
    text: [
      'Dear colleague,',
      '',
      'These are the notifications of the last day from the {conference}, gathered into one mail as you chose:',
      '',
      '{items}',
      '',
      'The editorial team',
    ].join('\n'),
  },
  /** Decision 0040: a mail an editor or track chair wrote to a group; {subject} and {body} are theirs, already filled per recipient. */
  bulkMail: {
    subject: '{subject}',
    text: '{body}',
  },
  /** Decision 0044 (AWARDS): the editor decided a nomination; to the nominee and the nominator at once. */
  awardDecisionAwarded: {
    subject: 'Award decision: {nomineeName}, {category} {year}',
    text: [
      'Dear {name},',
      '',
      'The award panel of the {conference} has decided on the nomination of {nomineeName} for the {category} {year}:',
      '',
      '  Decision: awarded',
      '  Award id: {awardId}',
      '',
      'Congratulations. The award certificate can be verified at:',
      '{verifyUrl}',
      '',
      'Please register for the award ceremony by {deadline}:',
      '{registrationUrl}',
      '',
      'The organising committee',
    ].join('\n'),
  },
  awardDecisionNotAwarded: {
    subject: 'Award decision: {nomineeName}, {category} {year}',
    text: [
      'Dear {name},',
      '',
      'The award panel of the {conference} has decided on the nomination of {nomineeName} for the {category} {year}:',
      '',
      '  Decision: not awarded',
      '',
      'Thank you for the nomination. We hope to hear from you again next year.',
      '',
      'The organising committee',
    ].join('\n'),
  },
  /** Decision 0044 (AWARDS): nominations waiting longer than 7 days for a decision, once each, to the panel. */
  awardPanelReminder: {
    subject: '{count} award nominations are waiting for the panel',
    text: [
      'Dear {name},',
      '',
      'These nominations for the {year} awards have waited more than 7 days for a decision:',
      '',
      '{nominations}',
      '',
      'Nominees are promised an answer within the week. Please score them on the award panel page:',
      '{panelUrl}',
      '',
      'The organising committee',
    ].join('\n'),
  },
  /** Decision 0038: the authors' response window opened. */
  responseWindowOpened: {
    subject: 'The reviews of your paper are in: respond by {closes}',
    text: [
      'Dear {name},',
      '',
      'The reviews of your paper for the {conference},',
      '',
      '  "{paperTitle}"',
      '  Paper ID: {paperId}',
      '',
      'are ready for you to read, and you may respond to them (at most {words} words) until {closes}.',
      'The committee reads your response before it decides. Log in as an Author:',
      '{loginUrl}',
      '',
      'The editorial team',
    ].join('\n'),
  },
  /** Decision 0046 (VISA): an editor approved a visa invitation letter; the link leads to the account page with the download. */
  visaLetterApproved: {
    subject: 'Your visa invitation letter for the {conference} is ready',
    text: [
      'Dear {name},',
      '',
      'The organisers approved your request: your invitation letter for the visa to {country} is ready.',
      '',
      '  Name as in the passport: {passportName}',
      '  Stay: {arrivalDate} to {departureDate}',
      '  Verification code: {code}',
      '',
      'Log in and download the letter (PDF) here:',
      '{lettersUrl}',
      '',
      'The embassy or consulate can check the letter at {verifyUrl}',
      '',
      'The organising committee',
    ].join('\n'),
  },
  /** Decision 0046 (VISA): an editor refused a visa letter request, with the reason. */
  visaLetterRejected: {
    subject: 'Your visa invitation letter request for the {conference}',
    text: [
      'Dear {name},',
      '',
      'The organisers could not approve your request for a visa invitation letter, for this reason:',
      '',
      '{reason}',
      '',
      'You may ask again with corrected details here:',
      '{lettersUrl}',
      '',
      'The organising committee',
    ].join('\n'),
  },
  /** Decision 0048 (RECEIPTS): a registration was paid; the receipt's signed link works without logging in. */
  registrationConfirmed: {
    subject: 'Registration confirmed: receipt {receiptNumber}',
    text: [
      'Dear {name},',
      '',
      'Thank you: your registration for the {conference} is paid.',
      '',
      '  Registration: {category}',
      '  Amount paid: {amount} ({method})',
      '  Receipt number: {receiptNumber}',
      '  Registration code (for your badge and check-in): {registrationCode}',
      '',
      'Download your receipt (PDF):',
      '{receiptUrl}',
      '',
      'Your e-ticket, the QR code the check-in desk scans (PDF; also on your registrations page):',
      '{ticketUrl}',
      '',
      'Your registrations and receipts are also in your account:',
      '{accountUrl}',
      '',
      'The registration fee is non-refundable.',
      'The organising committee',
    ].join('\n'),
  },
  /** Decision 0052: the programme is published and a presenter's slot is new or changed since the last publication. */
  programmeSlot: {
    subject: 'Your presentation in the programme: {paperTitle}',
    text: [
      'Dear {name},',
      '',
      'The programme of the {conference} is published, and you present the paper',
      '',
      '  "{paperTitle}"',
      '  Paper ID: {paperId}',
      '',
      'Session: {session} (talk {position} of the session)',
      'When: {when}',
      'Where: {where}{daySlots}',
      '',
      'The whole programme, with calendar files:',
      '{programUrl}',
      '',
      'The organising committee',
    ].join('\n'),
  },
  /** Decision 0045 (WORKSHOP): a seat of a full workshop course came free; the first on its waiting list is told. */
  workshopSeatOpen: {
    subject: 'A seat is free in the workshop course {course}',
    text: [
      'Dear {name},',
      '',
      'You are on the waiting list for the technical workshop course "{course}" ({courseDate}) of the {conference},',
      'and a seat has come free. It is offered to you first for {hours} hours; after that it goes to the next',
      'person waiting. To take it, register for the course and pay the workshop fee:',
      '{registrationUrl}',
      '',
      'The organising committee',
    ].join('\n'),
  },
  /** Decision 0077: a registration was made and waits for payment; what to pay, how, and the bank reference. */
  registrationReceived: {
    subject: 'Registration received: {category} ({registrationCode})',
    text: [
      'Dear {name},',
      '',
      'We have received your registration for the {conference}.',
      '',
      '  Registration: {category}',
      '  Amount due: {amount}',
      '  Registration code (your reference, badge and check-in): {registrationCode}',
      '',
      'What to do now:',
      '{instructions}',
      '',
      'A limited seat (a workshop course) is held for you for {holdMinutes} minutes while you pay.',
      'Your registrations, their state and payment buttons are in your account:',
      '{accountUrl}',
      '',
      'The organising committee',
    ].join('\n'),
  },
  /** Decision 0077: a registration was cancelled (by its holder, or the organiser released its hold). */
  registrationCancelled: {
    subject: 'Registration cancelled: {category} ({registrationCode})',
    text: [
      'Dear {name},',
      '',
      'Your registration for the {conference} is cancelled.',
      '',
      '  Registration: {category}',
      '  Registration code: {registrationCode}',
      '  Cancelled by: {cancelledBy}',
      '',
      'Nothing was paid for it. To register again, go to your account:',
      '{accountUrl}',
      '',
      'The organising committee',
    ].join('\n'),
  },
  /** Decision 0077: a nomination was made; to the nominee. */
  nominationReceivedNominee: {
    subject: 'You have been nominated for the {award}',
    text: [
      'Dear {name},',
      '',
      '{nominator} has nominated you for the {award} of the {conference} ({year}).',
      'The award panel reviews the nominations; you will hear of the decision by mail.',
      '',
      'The organising committee',
    ].join('\n'),
  },
  /** Decision 0077: a nomination was made; to the nominator. */
  nominationReceivedNominator: {
    subject: 'Nomination received: {nominee} for the {award}',
    text: [
      'Dear {name},',
      '',
      'Thank you: your nomination of {nominee} for the {award} of the {conference} ({year}) is received.',
      'You can follow it in your account:',
      '{nominationsUrl}',
      '',
      'The organising committee',
    ].join('\n'),
  },
  /** Decision 0077: a certificate was issued; to its holder. */
  certificateIssued: {
    subject: 'Your certificate of {kind} is ready',
    text: [
      'Dear {name},',
      '',
      'Your certificate of {kind} for the {conference} is issued{subject}.',
      '',
      '  Certificate code: {code}',
      '',
      'Download it after logging in with this address:',
      '{certificatesUrl}',
      '',
      'Anyone can check it at:',
      '{checkUrl}',
      '',
      'The organising committee',
    ].join('\n'),
  },
  /** Decision 0077: someone was added to the year's award panel. */
  awardPanelAdded: {
    subject: 'You are on the award panel of the {conference}',
    text: [
      'Dear {name},',
      '',
      'The editors have added you to the award panel for {year}. The nominations to read and score are here:',
      '{panelUrl}',
      '',
      'The page is also in your account menu ("Award panel") once you are logged in with this address.',
      '',
      'The organising committee',
    ].join('\n'),
  },
} as const;

/** The decision mail has one template per outcome, each starting from the same default text (decision 0038). */
const DECISION_TEMPLATES = {
  decisionAccepted: DEFAULT_TEXTS.decisionNotification,
  decisionRejected: DEFAULT_TEXTS.decisionNotification,
  decisionRevision: DEFAULT_TEXTS.decisionNotification,
};
const { decisionNotification: _decisionNotification, ...OTHER_TEXTS } = DEFAULT_TEXTS;
export const MAIL_TEMPLATES = { ...DECISION_TEMPLATES, ...OTHER_TEXTS };

export type TemplateName = keyof typeof MAIL_TEMPLATES;
export const TEMPLATE_NAMES = Object.keys(MAIL_TEMPLATES) as TemplateName[];

/**
 * Kinds of notification a person may take immediately, as a daily digest, or not at all (decision 0039). A
 * template with no category is essential (password reset, verification, decisions, assignments…): always sent.
 */
export const MAIL_CATEGORIES = ['discussion', 'reminders', 'responses', 'announcements'] as const;
export type MailCategory = (typeof MAIL_CATEGORIES)[number];
export const MAIL_CATEGORY_LABELS: Record<MailCategory, string> = {
  discussion: 'New posts in a paper\u2019s discussion',
  reminders: 'Automatic reminders (reviews due, registration)',
  responses: 'Authors\u2019 responses to the reviews',
  announcements: 'Announcements from the organisers to a group',
};
export const MAIL_MODES = ['immediate', 'daily', 'off'] as const;
export type MailMode = (typeof MAIL_MODES)[number];

/** Placeholders every template may use, filled by the server for every mail. */
export const COMMON_PLACEHOLDERS = ['conference', 'siteUrl'] as const;

export interface TemplateInfo {
  /** What the mail is, for the template editor's list. */
  label: string;
  /** When the product sends it. */
  when: string;
  category: MailCategory | null;
}

export const TEMPLATE_INFO: Record<TemplateName, TemplateInfo> = {
  decisionAccepted: {
    label: 'Decision: accepted',
    when: 'The editor sends the decisions and the paper was accepted (to its author and co-authors).',
    category: null,
  },
  decisionRejected: { label: 'Decision: rejected', when: 'The editor sends the decisions and the paper was rejected.', category: null },
  decisionRevision: { label: 'Decision: revision', when: 'The editor sends the decisions and the paper needs a revision.', category: null },
  reviewInvitation: { label: 'Invitation to review', when: 'An editor presses Send Mail on a suggested reviewer.', category: null },
  passwordReset: { label: 'Password reset', when: 'Someone asks for a new password.', category: null },
  loginLink: { label: 'One-time login link', when: 'A login from a new place after many failed logins elsewhere.', category: null },
  verifyEmail: { label: 'E-mail verification', when: 'Sign-up, and when a user asks for a new verification link.', category: null },
  dataExportReady: {
    label: 'Your data is ready',
    when: 'The download of a person’s data, which they asked for, is ready.',
    category: null,
  },
  registrationReminder: { label: 'Registration reminder', when: 'An accepted paper is still not registered.', category: 'reminders' },
  trackChairNamed: { label: 'Track chair named', when: 'The editor adds an address as a track chair.', category: null },
  reviewAssigned: { label: 'Review assigned', when: 'A paper is assigned to a reviewer (by hand or automatically).', category: null },
  paperReceived: { label: 'Paper received', when: 'An author submits a paper.', category: null },
  paperWithdrawn: { label: 'Paper withdrawn (to reviewers)', when: 'The authors withdraw a paper that has reviewers.', category: null },
  paperWithdrawnCoAuthor: {
    label: 'Paper withdrawn (to co-authors)',
    when: 'The submitter withdraws a paper with co-authors.',
    category: null,
  },
  reviewUnassigned: { label: 'Review taken back', when: 'An editor unassigns a reviewer.', category: null },
  reviewReminder: {
    label: 'Automatic review reminder',
    when: 'Before the review deadline, to reviewers with reviews missing.',
    category: 'reminders',
  },
  reviewReminderByEditor: {
    label: 'Review reminder from the editor',
    when: 'An editor or chair reminds reviewers from the missing-reviews page.',
    category: null,
  },
  authorResponseToReviewer: {
    label: 'Authors\u2019 response (to reviewers)',
    when: 'The authors save a response to the reviews.',
    category: 'responses',
  },
  authorResponseToChair: {
    label: 'Authors\u2019 response (to track chairs)',
    when: 'The authors save a response to the reviews.',
    category: 'responses',
  },
  discussionPosts: {
    label: 'New discussion posts',
    when: 'Someone posts in a paper\u2019s discussion (at most once an hour per paper).',
    category: 'discussion',
  },
  dailyDigest: { label: 'Daily digest', when: 'Once a day, to an address that chose a digest for a kind of notification.', category: null },
  bulkMail: {
    label: 'Mail to a group',
    when: 'An editor or track chair writes to a group; the subject and body are theirs.',
    category: 'announcements',
  },
  awardDecisionAwarded: {
    label: 'Award decision: awarded',
    when: 'The editor decides a nomination awarded, to the nominee and the nominator.',
    category: null,
  },
  awardDecisionNotAwarded: {
    label: 'Award decision: not awarded',
    when: 'The editor decides a nomination not awarded, to the nominee and the nominator.',
    category: null,
  },
  awardPanelReminder: {
    label: 'Award panel reminder',
    when: 'A nomination has waited more than 7 days for a decision (once each), to the award panel and the editors.',
    category: 'reminders',
  },
  responseWindowOpened: {
    label: 'Response window opened',
    when: 'The authors\u2019 response window opens, to authors of papers with reviews.',
    category: null,
  },
  workshopSeatOpen: {
    label: 'Workshop seat free, to the waiting list',
    when: 'A seat of a full workshop course comes free (a registration cancelled or its hold lapsed, or the editor offers it), to the first on its waiting list.',
    category: null,
  },
  registrationConfirmed: {
    label: 'Registration confirmed (receipt)',
    when: 'A registration is paid (PayU, card or a bank transfer the editor records).',
    category: null,
  },
  registrationReceived: {
    label: 'Registration received',
    when: 'A registration is made and waits for payment (with the amount, the bank reference and what to do).',
    category: null,
  },
  registrationCancelled: {
    label: 'Registration cancelled',
    when: 'An unpaid registration is cancelled by its holder, or the organiser releases its seat hold.',
    category: null,
  },
  nominationReceivedNominee: { label: 'Nomination (to the nominee)', when: 'Someone nominates a person for an award.', category: null },
  nominationReceivedNominator: {
    label: 'Nomination received (to the nominator)',
    when: 'Someone nominates a person for an award.',
    category: null,
  },
  certificateIssued: {
    label: 'Certificate issued',
    when: 'The editor issues certificates: to each holder of a new certificate (presentation, attendance, workshop).',
    category: null,
  },
  awardPanelAdded: {
    label: 'Added to the award panel',
    when: 'The editor adds an address to the year\u2019s award panel.',
    category: null,
  },
  visaLetterApproved: {
    label: 'Visa letter approved',
    when: 'An editor approves a visa invitation letter, to its requester.',
    category: null,
  },
  programmeSlot: {
    label: 'Programme slot (to presenters)',
    when: 'The editor publishes the programme and a presenter\u2019s slot is new or changed since the last publication.',
    category: null,
  },
  visaLetterRejected: {
    label: 'Visa letter not approved',
    when: 'An editor refuses a visa invitation letter request with a reason, to its requester.',
    category: null,
  },
};

/** The {placeholders} a text uses, each once, in order of first use. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))];
}

/** The placeholders template `name` may use: those of its default text and the common ones. */
export function allowedPlaceholders(name: TemplateName): string[] {
  const t = MAIL_TEMPLATES[name];
  return [...new Set([...placeholdersIn(t.subject), ...placeholdersIn(t.text), ...COMMON_PLACEHOLDERS])];
}

/**
 * Placeholders whose value opens the recipient's account: the one-time links of a password reset, a one-time login
 * and an e-mail verification (their tokens log in or take over the account). They belong in the body only: a
 * subject is what the mail log lists, notifications show and mail servers record, while the log hides links in
 * these mails' fields (docs/product.md#mail). {loginUrl} of the other mails is the public login page.
 */
export const SECRET_PLACEHOLDERS: Partial<Record<TemplateName, readonly string[]>> = {
  passwordReset: ['resetUrl'],
  loginLink: ['loginUrl'],
  verifyEmail: ['verifyUrl'],
};

/** The secret placeholders (SECRET_PLACEHOLDERS) that `text` uses in a mail of template `name`. */
export function secretPlaceholdersIn(name: TemplateName, text: string): string[] {
  const secret = SECRET_PLACEHOLDERS[name] ?? [];
  return placeholdersIn(text).filter((p) => secret.includes(p));
}

/** The refusal of a secret placeholder outside the body, naming it. */
export const secretOutsideBody = (placeholders: readonly string[]) =>
  `${placeholders.map((p) => `{${p}}`).join(', ')} may be used only in the body: it is the recipient's own link into their account, and a subject is shown in the mail log and in notifications`;

export const MAIL_SUBJECT_MAX = 200;
export const MAIL_BODY_MAX = 20_000;

/**
 * Why the editor's wording of template `name` cannot be saved, or null when it can: an unknown placeholder
 * (naming the ones it may use), an empty or over-long subject or body, a subject of more than one line, an account
 * link (SECRET_PLACEHOLDERS) in the subject.
 */
export function checkTemplate(name: TemplateName, subject: string, body: string): string | null {
  if (!subject.trim()) return 'The subject must not be empty';
  if (!body.trim()) return 'The body must not be empty';
  if (/[\r\n]/.test(subject)) return 'The subject must be one line';
  if (subject.length > MAIL_SUBJECT_MAX) return `The subject must be at most ${MAIL_SUBJECT_MAX} characters`;
  if (body.length > MAIL_BODY_MAX) return `The body must be at most ${MAIL_BODY_MAX} characters`;
  const secret = secretPlaceholdersIn(name, subject);
  if (secret.length) return secretOutsideBody(secret);
  const allowed = allowedPlaceholders(name);
  for (const [part, text] of [
    ['subject', subject],
    ['body', body],
  ] as const) {
    const unknown = placeholdersIn(text).filter((p) => !allowed.includes(p));
    if (unknown.length)
      return `Unknown placeholder ${unknown.map((p) => `{${p}}`).join(', ')} in the ${part}: this mail can use ${allowed.map((p) => `{${p}}`).join(', ')}`;
  }
  return null;
}

export function fillTemplate(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/** A template's wording: the default, or the editor's when given. */
export interface TemplateText {
  subject: string;
  text: string;
}

export function renderMail(name: TemplateName, values: Record<string, string>, wording?: TemplateText): { subject: string; text: string } {
  const t = wording ?? MAIL_TEMPLATES[name];
  // A wording saved before checkTemplate kept account links out of subjects keeps its body; its subject gives way to the default.
  const subjectText = secretPlaceholdersIn(name, t.subject).length ? MAIL_TEMPLATES[name].subject : t.subject;
  // A subject is one line: placeholders must not be able to add header lines.
  const subject = fillTemplate(subjectText, values).replace(/[\r\n]+/g, ' ');
  return { subject, text: fillTemplate(t.text, values) };
}

/**
 * The HTML part of a mail, made from its plain text: every character escaped, web addresses made links, blank
 * lines paragraphs, indented lines kept. Nothing in the text (a paper title, a bulk mail typed by an editor)
 * can become markup.
 */
export function mailTextToHtml(text: string, subject: string): string {
  const linkify = (line: string) => {
    let out = '';
    let last = 0;
    for (const m of line.matchAll(/https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g)) {
      out += escapeHtml(line.slice(last, m.index)) + `<a href="${escapeHtml(m[0])}">${escapeHtml(m[0])}</a>`;
      last = m.index! + m[0].length;
    }
    return out + escapeHtml(line.slice(last));
  };
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .filter((p) => p.trim() !== '');
  const body = paragraphs
    .map(
      (p) =>
        `<p style="margin:0 0 1em">${p
          .split('\n')
          .map((l) => linkify(l).replace(/^( +)/, (sp) => '&nbsp;'.repeat(sp.length)))
          .join('<br>\n')}</p>`,
    )
    .join('\n');
  return (
    `<!doctype html>\n<html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>\n` +
    `<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1a1a1a;max-width:640px">\n${body}\n</body></html>\n`
  );
}

/** The footer of every non-essential mail (decision 0039): where to choose, and the one-click way out. */
export function preferencesFooter(preferencesUrl: string, unsubscribeUrl: string): string {
  return `\n\n--\nChoose which mails you get, and how often: ${preferencesUrl}\nStop these mails: ${unsubscribeUrl}\n`;
}
