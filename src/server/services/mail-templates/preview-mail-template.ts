import { and, asc, eq } from 'drizzle-orm';
import { conferenceAcronym, conferenceTitle, type ConferenceFacts } from '../../../core/conference-facts';
import {
  TEMPLATE_INFO,
  allowedPlaceholders,
  checkTemplate,
  mailTextToHtml,
  preferencesFooter,
  renderMail,
  type TemplateName,
} from '../../../core/mail-templates';
import { answersForMail } from '../../../core/review-form';
import { TEMPLATE_AUDIENCE, type MailPreviewJson, type PreviewMailTemplateBody } from '../../../core/schemas/mail-templates';
import type { Decision } from '../../../core/schemas/review-cycle';
import { formatUtcDateTime } from '../../../core/format';
import type { Db } from '../../db/connect';
import { authorResponses, metaReviews, paperCoAuthors, papers, reviews, tracks, users } from '../../db/schema';
import { AppError } from '../../errors';
import { responseWindowValues } from '../deliberation/response-window-notices';
import { reviewCounts } from '../shared/counted-reviews';
import { getSettingsRow } from '../shared/settings';
import { DECISION_WORDS, metaReviewForMail, reviewsForMail } from '../review/decisions';
import { listQuestions } from '../submissions/review-summaries';
import { findTemplateName } from './mail-templates';

type Source = MailPreviewJson['values'][number]['source'];

/** What a placeholder reads when neither the paper, the person nor the settings can fill it. */
const EXAMPLES: Record<string, (publicUrl: string) => string> = {
  name: () => 'Dr. Jane Example',
  role: () => 'Author',
  paperTitle: () => 'An Example Paper on Sustainable Materials',
  paperId: () => '5f0c0ffee0000000000000ab',
  track: () => 'Science and Materials',
  topics: () => 'Materials, Sustainability',
  coAuthors: () => 'Ana Example <ana@example.org>',
  submitter: () => 'Dr. Jane Example',
  decision: () => 'Accepted',
  reviews: () => 'Review 1 — Accept\nA clear contribution; please shorten section 3.',
  deadline: () => '2026-12-01 16:59 UTC',
  closes: () => '8 Dec 2026, 23:59 (Bangkok time, UTC+7)',
  words: () => '500',
  response: () => 'We thank the reviewers and have clarified the method in section 2.',
  papers: () => '  - "An Example Paper on Sustainable Materials" (Paper ID: 5f0c0ffee0000000000000ab)',
  due: () => 'The reviews are due by 2026-12-01 16:59 UTC.',
  count: () => '2',
  posts: () => 'Reviewer 1, 24 Nov 2026 10:15:\nI agree with Reviewer 2 on the method.',
  items: () => '- New posts in the discussion of An Example Paper on Sustainable Materials',
  subject: () => 'A message from the organisers',
  body: () => 'Dear colleague,\n\nThe programme is online.',
  minutes: () => '15',
  course: () => 'Embedded Systems',
  courseDate: () => '30 December 2022',
  hours: () => '24',
  signedUpOn: () => '24 Nov 2026',
  category: () => 'Without publication: attending',
  amount: () => 'US$200.00',
  registrationCode: () => 'AB12-CD34-EF56-GH78-JK90',
  instructions: () => 'Transfer US$200.00 to the conference\u2019s bank account, quoting your registration code as the reference.',
  holdMinutes: () => '60',
  cancelledBy: () => 'you',
  award: () => 'Young Scientist Award',
  nominator: () => 'Prof. Ana Example',
  nominee: () => 'Dr. Jane Example',
  year: () => '2026',
  kind: () => 'attendance',
  code: () => 'AB12-CD34-EF56-GH78-JK90',
  accountUrl: (u) => `${u}/account/registrations`,
  ticketUrl: (u) => `${u}/account/registrations`,
  nominationsUrl: (u) => `${u}/account/nominations`,
  certificatesUrl: (u) => `${u}/account/registrations`,
  checkUrl: (u) => `${u}/verify/AB12-CD34-EF56-GH78-JK90`,
  panelUrl: (u) => `${u}/award-panel`,
  loginUrl: (u) => `${u}/login`,
  paperUrl: (u) => `${u}/paper-details/5f0c0ffee0000000000000ab`,
  dashboardUrl: (u) => `${u}/reviewer/dashboard`,
  registrationUrl: (u) => `${u}/registration`,
  resetUrl: (u) => `${u}/reset-password?token=example-token-for-the-preview`,
  verifyUrl: (u) => `${u}/verify-email?token=example-token-for-the-preview`,
};

const DECISION_OF: Partial<Record<TemplateName, Decision>> = {
  decisionAccepted: 'Accepted',
  decisionRejected: 'Rejected',
  decisionRevision: 'Revision',
};

/** Where a paper's page is for the people a template goes to. */
function paperUrlFor(name: TemplateName, publicUrl: string, paperId: string): string {
  const audience = TEMPLATE_AUDIENCE[name];
  if (audience === 'reviewers') return `${publicUrl}/reviewer/dashboard/${paperId}`;
  if (audience === 'chairs') return `${publicUrl}/editor/view-more/${paperId}`;
  return `${publicUrl}/paper-details/${paperId}`;
}

async function findPaper(db: Db, paperId: string) {
  const [paper] = await db
    .select({ p: papers, submitter: users.name, track: tracks.name })
    .from(papers)
    .innerJoin(users, eq(users.id, papers.authorId))
    .innerJoin(tracks, eq(tracks.id, papers.trackId))
    .where(eq(papers.id, paperId))
    .limit(1);
  if (!paper) throw new AppError('not_found', 'Paper not found');
  return paper;
}

/** The paper's counted reviews and meta-review as its decision mail carries them. */
async function reviewsText(db: Db, paperId: string): Promise<string> {
  const [questions, list, [meta]] = await Promise.all([
    listQuestions({ db, retired: true }),
    db
      .select({ recommendation: reviews.recommendation, commentsToAuthors: reviews.commentsToAuthors, answers: reviews.answers })
      .from(reviews)
      .where(and(eq(reviews.paperId, paperId), reviewCounts))
      .orderBy(asc(reviews.submittedAt)),
    db.select({ toAuthors: metaReviews.toAuthors }).from(metaReviews).where(eq(metaReviews.paperId, paperId)).limit(1),
  ]);
  return (
    metaReviewForMail(meta?.toAuthors) +
    reviewsForMail(list.map(({ answers, ...r }) => ({ ...r, answersText: answersForMail(questions, answers) })))
  );
}

/**
 * The editor's draft of template `name` filled in as it would be sent (decision 0038): from the paper and the person
 * chosen where the template has their placeholders, from the conference's settings, and with example values for
 * the rest, each value saying where it came from. The HTML is the part the mailer sends, made from the text. A
 * draft that could not be saved is refused with the same reason. Reads only: nothing is saved or sent.
 */
export async function previewMailTemplate(opts: {
  db: Db;
  publicUrl: string;
  conference: ConferenceFacts;
  name: string;
  body: PreviewMailTemplateBody;
}): Promise<MailPreviewJson> {
  const { db, publicUrl } = opts;
  const name = findTemplateName(opts.name);
  const problem = checkTemplate(name, opts.body.subject, opts.body.body);
  if (problem) throw new AppError('bad_request', problem);
  const wanted = new Set(allowedPlaceholders(name));
  const filled = new Map<string, { value: string; source: Source }>();
  const fill = (key: string, value: string, source: Source) => {
    if (wanted.has(key) && !filled.has(key)) filled.set(key, { value, source });
  };

  const [paper, person, settings] = await Promise.all([
    opts.body.paperId ? findPaper(db, opts.body.paperId) : null,
    opts.body.userId
      ? db
          .select({ name: users.name, role: users.role })
          .from(users)
          .where(eq(users.id, opts.body.userId))
          .limit(1)
          .then(([u]) => {
            if (!u) throw new AppError('not_found', 'Person not found');
            return u;
          })
      : null,
    getSettingsRow({ db }),
  ]);

  if (person) {
    fill('name', person.name, 'person');
    fill('role', person.role, 'person');
  }
  if (paper) {
    const { p } = paper;
    fill('paperTitle', p.title, 'paper');
    fill('paperId', p.id, 'paper');
    fill('track', paper.track, 'paper');
    fill('topics', p.keywords.join(', ') || 'none chosen', 'paper');
    fill('submitter', paper.submitter, 'paper');
    fill('paperUrl', paperUrlFor(name, publicUrl, p.id), 'paper');
    fill('papers', `  - "${p.title}" (Paper ID: ${p.id})`, 'paper');
    // The submitter is the person an authors' mail goes to first.
    if (TEMPLATE_AUDIENCE[name] === 'authors') {
      fill('name', paper.submitter, 'paper');
      fill('role', 'Author', 'paper');
    }
    if (wanted.has('coAuthors')) {
      const co = await db
        .select({ name: paperCoAuthors.name, email: paperCoAuthors.email })
        .from(paperCoAuthors)
        .where(eq(paperCoAuthors.paperId, p.id))
        .orderBy(asc(paperCoAuthors.position));
      fill('coAuthors', co.map((c) => `${c.name} <${c.email}>`).join(', ') || 'none listed', 'paper');
    }
    if (wanted.has('reviews')) fill('reviews', await reviewsText(db, p.id), 'paper');
    if (wanted.has('response')) {
      const [response] = await db
        .select({ text: authorResponses.text, words: authorResponses.words })
        .from(authorResponses)
        .where(eq(authorResponses.paperId, p.id))
        .limit(1);
      if (response) {
        fill('response', response.text, 'paper');
        fill('words', String(response.words), 'paper');
      }
    }
  }
  // A decision mail carries its own outcome, whatever the paper's decision is now.
  const outcome = DECISION_OF[name];
  if (outcome) fill('decision', DECISION_WORDS[outcome], 'paper');
  fill('conference', conferenceTitle(opts.conference), 'conference');
  fill('siteUrl', publicUrl, 'conference');
  fill('acronym', conferenceAcronym(opts.conference), 'conference');
  fill('country', opts.conference.venue.country, 'conference');
  fill('loginUrl', `${publicUrl}/login`, 'conference');
  fill('dashboardUrl', `${publicUrl}/reviewer/dashboard`, 'conference');
  fill('registrationUrl', `${publicUrl}/registration`, 'conference');
  if (settings?.reviewDeadline) fill('deadline', formatUtcDateTime(settings.reviewDeadline), 'conference');
  if (name === 'responseWindowOpened') {
    const window = responseWindowValues({ settings, conference: opts.conference });
    if (settings?.responseCloses) fill('closes', window.closes, 'conference');
    fill('words', window.words, 'conference');
  }
  for (const key of wanted) fill(key, EXAMPLES[key]?.(publicUrl) ?? `[${key}]`, 'example');

  const values = Object.fromEntries([...filled].map(([k, v]) => [k, v.value]));
  const rendered = renderMail(name, values, { subject: opts.body.subject, text: opts.body.body });
  const category = TEMPLATE_INFO[name].category;
  // A non-essential mail ends with the preferences footer the mailer adds (its links are examples here).
  const text = category
    ? rendered.text + preferencesFooter(`${publicUrl}/account/notifications`, `${publicUrl}/unsubscribe?category=${category}&token=example`)
    : rendered.text;
  return {
    subject: rendered.subject,
    text,
    html: mailTextToHtml(text, rendered.subject),
    values: [...wanted].map((key) => ({ name: key, ...filled.get(key)! })),
  };
}
