import { z } from './zod';
import { DECISIONS } from './paper-state';
import { UpdateQuestionBody } from './review-form';
import { BulkAudience } from './schemas/bulk-mail';
import { StoredConferenceFacts } from './schemas/conference';
import { PAYMENT_STATUSES } from './schemas/payment';
import { CouponPatchBody, CURRENCIES } from './schemas/registration';
import { BIDS } from './schemas/review-cycle';
import { REVIEW_RATINGS } from './schemas/review-quality';
import { UpdateSettingsBody } from './schemas/settings';
import { UpdateTrackBody } from './schemas/tracks';

/*
 * Every action the audit log records, as `entity.verb`, with what its row's `details` hold (cal.com's
 * bookingAudit schemas are the model). Writing a row goes through recordAudit (src/server/services/shared/audit.ts):
 * an action not listed here, or details of another shape, fail the typecheck, and the details are parsed with the
 * action's schema before the row is written. Details are small facts about the change, never passwords or tokens.
 * The keys a service copies from a request body it has validated are described by that body's own fields, so a
 * field added to the body is a field of the details.
 */

const Id = z.string().min(1);
const count = z.number().int().min(0);
const minor = z.number().int();
const Currency = z.enum(CURRENCIES);
/** Nothing beyond who, when, which paper. */
const none = z.strictObject({});
/** A file in the file store (a logo, a signature picture). */
const stored = z.strictObject({ key: z.string().min(1) });
/** A keynote speaker or a news item, by id and the name it had. */
const siteEntry = z.strictObject({ id: Id, name: z.string() });
const moved = z.strictObject({ id: Id, name: z.string(), direction: z.enum(['up', 'down']) });
const template = z.strictObject({ template: z.string().min(1) });
const reviewer = z.strictObject({ reviewerId: Id });
const reviewerMail = z.strictObject({ reviewerId: Id, mailId: Id });
const rating = z.strictObject({ reviewerId: Id, rating: z.enum(REVIEW_RATINGS).nullable() });
const earlyBird = { category: z.string(), usdMinor: minor };
const visaLetter = { letterId: Id, registrationId: Id };

export const AUDIT_ACTIONS = {
  // Accounts
  'user.signup': none,
  'login.failed': z.strictObject({ email: z.string() }),
  'login.link': none,
  'email.verify': none,
  'password.reset': none,
  // Signing in with a provider and the second factor (decision 0070).
  'login.oidc': z.strictObject({ provider: z.string() }),
  'identity.link': z.strictObject({ provider: z.string() }),
  'identity.unlink': z.strictObject({ provider: z.string() }),
  'second-factor.enrol': none,
  'second-factor.disable': none,
  'second-factor.failed': none,
  'second-factor.recovery-used': z.strictObject({ left: count }),
  'second-factor.reset': z.strictObject({ userId: Id, email: z.string(), role: z.string() }),
  'settings.security': z.strictObject({ requireSecondFactor: z.boolean() }),
  // Sessions, a person's data and retention (decision 0071).
  'session.end': z.strictObject({ sessionId: Id }),
  'session.end-others': z.strictObject({ ended: count }),
  'data.export-request': z.strictObject({ exportId: Id }),
  'data.export-download': z.strictObject({ exportId: Id }),
  'account.erase': z.strictObject({ kept: z.record(z.string(), count), deleted: z.record(z.string(), count) }),
  'retention.settings': z.strictObject({ rules: z.record(z.string(), z.number().int().min(0).nullable()) }),
  'retention.apply': z.strictObject({ editionId: Id, removed: z.record(z.string(), count) }),

  // Publication profiles (decision 0076): the editor imports a file for a person.
  'publications.import': z.strictObject({ userId: Id, format: z.enum(['bibtex', 'dblp', 'orcid']), added: count, merged: count }),

  // Papers (the author's side)
  'paper.submit': z.strictObject({ title: z.string(), trackId: Id }),
  'paper.revise': z.strictObject({ changed: z.array(z.string()), newPdf: z.boolean() }),
  'paper.camera-ready': none,
  'paper.co-authors': z.strictObject({ coAuthors: count }),
  'paper.slides': z.strictObject({ size: count }),
  'paper.slides-remove': stored,
  'paper.conflicts': z.strictObject({ count }),
  'paper.withdraw': z.strictObject({ reviewersTold: count, coAuthorsTold: count }),
  'paper.decision': z.strictObject({ decision: z.enum(DECISIONS).nullable() }),
  'decision.notify': z.strictObject({ decision: z.enum(DECISIONS).nullable(), mails: count }),
  'response.save': z.strictObject({ words: count }),

  // Assignment and reviews
  'reviewer.approve': reviewer,
  'reviewer.unapprove': reviewer,
  'bid.place': z.strictObject({ bid: z.enum(BIDS).nullable() }),
  'review.invite': reviewerMail,
  /** Written by one statement for many pairs (assignReviewers): `override` only when Send Paper went past the limits. */
  'review.assign': z.strictObject({ reviewerId: Id, via: z.enum(['send-paper', 'auto-assign']), override: z.literal(true).optional() }),
  'review.unassign': z.strictObject({ reviewerId: Id, status: z.string() }),
  'review.remind': reviewerMail,
  'review.respond': z.strictObject({ status: z.enum(['Accepted', 'Declined']) }),
  'review.save': z.strictObject({ recommendation: z.number().nullable(), confidence: z.number().nullable() }),
  'review.comment': none,
  'review.rate': rating,
  'review.unrate': rating,
  'meta-review.save': z.strictObject({ recommendation: z.enum(DECISIONS).nullable() }),
  'discussion.post': z.strictObject({ postId: Id, chars: count }),
  'discussion.edit': z.strictObject({ postId: Id, before: z.string() }),

  // The review form, tracks and settings
  'review-form.create': z.strictObject({
    questionId: Id,
    kind: z.string(),
    label: z.string(),
    visibility: z.string(),
    required: z.boolean(),
    options: z.array(z.string()),
  }),
  'review-form.update': z.strictObject({ ...UpdateQuestionBody.shape, questionId: Id, label: z.string() }),
  'edition.open': z.strictObject({ editionId: Id, year: z.number().int(), from: Id, carried: z.array(z.string()) }),
  'track.create': z.strictObject({ trackId: Id, name: z.string() }),
  'track.update': z.strictObject({ ...UpdateTrackBody.shape, trackId: Id }),
  'track.chairs': z.strictObject({ trackId: Id, added: z.array(z.string()), removed: z.array(z.string()) }),
  /** Decision 0072: a track's preflight rules saved (null: checks turned off), each rule's action. */
  'track.preflight': z.strictObject({
    trackId: Id,
    on: z.boolean(),
    pageLimit: z.number().nullable(),
    actions: z.record(z.string(), z.string()),
  }),
  'settings.update': z.strictObject(UpdateSettingsBody.shape),
  'settings.signature': stored,
  'settings.signature-remove': stored,
  'proceedings.publish': z.strictObject({ published: z.boolean() }),
  'conference.update': z.strictObject({
    facts: StoredConferenceFacts,
    organiserName: z.string().optional(),
    organiserTitle: z.string().optional(),
  }),
  'conference.logo': stored,
  'conference.logo-remove': stored,

  // Mail
  'mail.retry': z.strictObject({ mailId: Id, to: z.string() }),
  'mail.bulk': z.strictObject({ bulkId: Id, recipients: count, audience: BulkAudience, subject: z.string() }),
  'mail.template.save': template,
  'mail.template.reset': template,

  // The public site
  'keynote.add': siteEntry,
  'keynote.edit': z.strictObject({ id: Id, name: z.string(), fields: z.array(z.string()), photo: z.boolean(), shipped: z.boolean() }),
  'keynote.move': moved,
  'keynote.remove': siteEntry,
  'news.add': siteEntry,
  'news.edit': z.strictObject({ id: Id, name: z.string(), fields: z.array(z.string()) }),
  'news.move': moved,
  'news.remove': siteEntry,
  /** The lists of /editor/site (decision 0062): a committee member, a sponsor, a previous event. */
  'committee.add': siteEntry,
  'committee.edit': z.strictObject({ id: Id, name: z.string(), fields: z.array(z.string()), photo: z.boolean() }),
  'committee.move': moved,
  'committee.remove': siteEntry,
  'sponsor.add': siteEntry,
  'sponsor.edit': z.strictObject({ id: Id, name: z.string(), fields: z.array(z.string()), photo: z.boolean() }),
  'sponsor.move': moved,
  'sponsor.remove': siteEntry,
  'previous-event.add': siteEntry,
  'previous-event.edit': z.strictObject({ id: Id, name: z.string(), fields: z.array(z.string()) }),
  'previous-event.move': moved,
  'previous-event.remove': siteEntry,
  /** The organiser's pages (decision 0064), by id and address. */
  'site-page.add': z.strictObject({ id: Id, address: z.string(), published: z.boolean(), inMenu: z.boolean() }),
  'site-page.edit': z.strictObject({
    id: Id,
    address: z.string(),
    published: z.boolean(),
    inMenu: z.boolean(),
    fields: z.array(z.string()),
  }),
  'site-page.remove': z.strictObject({ id: Id, address: z.string() }),
  'program.publish': z.strictObject({ sessions: count, warnings: count, mailed: count, papers: z.array(z.string().nullable()) }),

  // Money: prices, registrations, payments and receipts
  'pricing.early-bird.create': z.strictObject({ ...earlyBird, until: z.string() }),
  'pricing.early-bird.delete': z.strictObject(earlyBird),
  'pricing.coupon.create': z.strictObject({ code: z.string(), kind: z.enum(['percent', 'fixed']), value: z.number().int() }),
  'pricing.coupon.update': z.strictObject({ ...CouponPatchBody.shape, code: z.string() }),
  /** By the registrant or the editor (`coupon`), or from a payment form that named its fee only (`via`). */
  'registration.create': z.strictObject({
    registrationId: Id,
    category: z.string(),
    currency: Currency,
    amountMinor: minor,
    earlyBird: z.boolean(),
    coupon: z.string().nullable().optional(),
    via: z.literal('payment-modal').optional(),
  }),
  'registration.cancel': z.strictObject({ registrationId: Id, category: z.string(), coupon: z.string().nullable() }),
  'registration.reinstate': z.strictObject({
    registrationId: Id,
    paymentId: Id,
    coupon: z.string().nullable(),
    couponUse: z.enum(['taken-again', 'limit-reached']).nullable(),
    amountMinor: minor,
    currency: Currency,
  }),
  'registration.check-in': z.strictObject({ registrationId: Id }),
  // The registration office (decision 0077).
  'registration.badge-pickup': z.strictObject({ registrationId: Id }),
  'registration.release-hold': z.strictObject({ registrationId: Id, category: z.string(), email: z.string() }),
  'registration-office.update': z.strictObject({ seatHoldMinutes: count, badgePickupOpen: z.boolean() }),
  'payment.match': z.strictObject({ paymentId: z.string(), registrationId: Id, amountMinor: minor, currency: z.string() }),
  'payment.callback': z.strictObject({
    provider: z.enum(['payu', 'stripe']),
    kind: z.string(),
    txnid: z.string(),
    status: z.enum(PAYMENT_STATUSES),
    amount: z.string(),
    currency: z.string(),
  }),
  'payment.bank-transfer': z.strictObject({
    registrationId: Id,
    paymentId: Id,
    amountMinor: minor,
    currency: Currency,
    reference: z.string(),
    paidOn: z.string(),
  }),
  'receipt.issue': z.strictObject({
    receiptNumber: z.string(),
    registrationId: Id,
    paymentId: Id,
    amountMinor: minor,
    currency: Currency,
    method: z.string(),
    owedMinor: minor,
  }),
  'workshop.waitlist-join': z.strictObject({ courseId: z.string() }),
  'workshop.seat-offer': z.strictObject({ courseId: z.string(), waitlistId: Id }),
  'workshop.course-create': z.strictObject({
    courseId: z.string(),
    title: z.string(),
    date: z.string(),
    seats: z.number(),
    feeUsdMinor: z.number(),
  }),
  'workshop.course-update': z.strictObject({
    courseId: z.string(),
    title: z.string(),
    date: z.string(),
    seats: z.number(),
    feeUsdMinor: z.number(),
  }),
  'workshop.course-delete': z.strictObject({ courseId: z.string() }),
  'workshop.details-update': z.strictObject({ firstDay: z.string(), lastDay: z.string(), venue: z.string().nullable() }),

  // Visa letters
  'visa-letter.request': z.strictObject({ ...visaLetter, nationality: z.string(), arrivalDate: z.string(), departureDate: z.string() }),
  'visa-letter.approve': z.strictObject({ ...visaLetter, code: z.string() }),
  'visa-letter.reject': z.strictObject({ ...visaLetter, reason: z.string() }),
  'visa-letter.passport-purge': z.strictObject({ removed: count, retentionDays: count }),

  // Awards
  'award.nominate': z.strictObject({ nominationId: Id, year: z.number().int(), category: z.string() }),
  'award.score': z.strictObject({ nominationId: Id, score: z.number() }),
  'award.decide': z.strictObject({ nominationId: Id, decision: z.enum(['awarded', 'not-awarded']), awardId: z.string().optional() }),
  'award.panel.add': z.strictObject({ year: z.number().int(), accounts: count }),
  'award.panel.remove': z.strictObject({ year: z.number().int(), userId: Id }),
} as const satisfies Record<string, z.ZodType<Record<string, unknown>>>;

export type AuditAction = keyof typeof AUDIT_ACTIONS;
/** What a service passes as the details of `A` (a union of actions takes the details of any of them). */
export type AuditDetails<A extends AuditAction> = z.input<(typeof AUDIT_ACTIONS)[A]>;
/** Every action, in the order above (the audit screen's suggestions may offer them). */
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

/**
 * The details of `action` checked against its schema, as given (a key the schema does not know, a missing one or a
 * wrong type is refused). Throws: details that do not fit are a programming error, not the caller's.
 */
export function checkAuditDetails(action: AuditAction, details: unknown): void {
  const result = AUDIT_ACTIONS[action].safeParse(details);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(
      `Audit details of ${action} do not fit its schema: ${issue ? `${issue.path.join('.') || '(details)'}: ${issue.message}` : 'invalid'}`,
    );
  }
}
