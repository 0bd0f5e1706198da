import { describe, expect, test } from 'vitest';
import { AUDIT_ACTION_NAMES, AUDIT_ACTIONS, checkAuditDetails, type AuditAction, type AuditDetails } from './audit-actions';
import { AuditQuery } from './schemas/records';

const id = '0123456789abcdef01234567';
const registration = { registrationId: id, category: 'author-ieee', currency: 'USD' as const };

/** Details as the server writes them, one for every action: a new action without its example fails the typecheck. */
const EXAMPLES: { [A in AuditAction]: AuditDetails<A> } = {
  'user.signup': {},
  'login.failed': { email: 'ada@example.org' },
  'login.link': {},
  'email.verify': {},
  'password.reset': {},
  'login.oidc': { provider: 'orcid' },
  'identity.link': { provider: 'orcid' },
  'identity.unlink': { provider: 'orcid' },
  'second-factor.enrol': {},
  'second-factor.disable': {},
  'second-factor.failed': {},
  'second-factor.recovery-used': { left: 9 },
  'second-factor.reset': { userId: id, email: 'ada@example.org', role: 'Editor' },
  'settings.security': { requireSecondFactor: true },
  'session.end': { sessionId: id },
  'session.end-others': { ended: 2 },
  'data.export-request': { exportId: id },
  'data.export-download': { exportId: id },
  'account.erase': { kept: { receipts: 1 }, deleted: { registrations: 0 } },
  'retention.settings': { rules: { mails: 365, reviews: null } },
  'retention.apply': { editionId: 'e2025', removed: { mails: 12 } },
  'publications.import': { userId: id, format: 'bibtex', added: 3, merged: 1 },
  'paper.submit': { title: 'A paper', trackId: 'track-2' },
  'paper.revise': { changed: ['title', 'abstract'], newPdf: true },
  'paper.camera-ready': {},
  'paper.co-authors': { coAuthors: 2 },
  'paper.slides': { size: 52_000 },
  'paper.slides-remove': { key: 'ab/cdef' },
  'paper.conflicts': { count: 1 },
  'paper.withdraw': { reviewersTold: 3, coAuthorsTold: 1 },
  'paper.decision': { decision: 'Accepted' },
  'decision.notify': { decision: 'Rejected', mails: 2 },
  'response.save': { words: 120 },
  'reviewer.approve': { reviewerId: id },
  'reviewer.unapprove': { reviewerId: id },
  'bid.place': { bid: 'eager' },
  'review.invite': { reviewerId: id, mailId: id },
  'review.assign': { reviewerId: id, via: 'send-paper', override: true },
  'review.unassign': { reviewerId: id, status: 'Accepted' },
  'review.remind': { reviewerId: id, mailId: id },
  'review.respond': { status: 'Declined' },
  'review.save': { recommendation: 4, confidence: 3 },
  'review.comment': {},
  'review.rate': { reviewerId: id, rating: 'helpful' },
  'review.unrate': { reviewerId: id, rating: null },
  'meta-review.save': { recommendation: 'Revision' },
  'discussion.post': { postId: id, chars: 42 },
  'discussion.edit': { postId: id, before: 'The earlier text.' },
  'review-form.create': {
    questionId: id,
    kind: 'score',
    label: 'Originality',
    visibility: 'authors',
    required: true,
    options: ['Low', 'High'],
  },
  'review-form.update': { questionId: id, label: 'Originality', move: 'up' },
  'edition.open': { editionId: 'edition-2027', year: 2027, from: 'edition-2026', carried: ['tracks'] },
  'track.create': { trackId: id, name: 'Robotics' },
  'track.update': { trackId: id, open: false, isDefault: true },
  'track.chairs': { trackId: id, added: ['chair@example.org'], removed: [] },
  'track.preflight': { trackId: id, on: true, pageLimit: 10, actions: { 'page-limit': 'block' } },
  'settings.update': { reviewersPerPaper: 4, reviewDeadline: '2026-12-01T23:59:00Z', doiPrefix: null },
  'settings.signature': { key: 'signature/abc.png' },
  'settings.signature-remove': { key: 'signature/abc.png' },
  'proceedings.publish': { published: true },
  'conference.update': {
    facts: {
      edition: '5th',
      name: 'International Conference',
      shortName: 'IMSE 2025',
      startDate: '2025-12-27',
      endDate: '2025-12-28',
      datesText: 'December 27-28 2025',
      submissionsDatesText: 'December 27-28, 2025',
      timeZone: 'Asia/Bangkok',
      venue: { resort: 'Sample Resort', city: 'Pattaya', country: 'Thailand', countryCode: 'TH', address: '1 Beach Road' },
      contactEmail: 'info@example.org',
      contactPhone: '+66 38 000 000',
      importantDates: [{ label: 'Submission', date: '1 October 2025' }],
    },
    organiserName: 'Ada Lovelace',
  },
  'conference.logo': { key: 'logo/abc.png' },
  'conference.logo-remove': { key: 'logo/abc.png' },
  'mail.retry': { mailId: id, to: 'ada@example.org' },
  'mail.bulk': { bulkId: id, recipients: 12, audience: { group: 'attendees' }, subject: 'Welcome' },
  'mail.template.save': { template: 'reviewAssigned' },
  'mail.template.reset': { template: 'reviewAssigned' },
  'keynote.add': { id, name: 'Grace Hopper' },
  'keynote.edit': { id, name: 'Grace Hopper', fields: ['bio'], photo: false, shipped: true },
  'keynote.move': { id, name: 'Grace Hopper', direction: 'up' },
  'keynote.remove': { id, name: 'Grace Hopper' },
  'news.add': { id, name: 'Programme out' },
  'news.edit': { id, name: 'Programme out', fields: ['body'] },
  'news.move': { id, name: 'Programme out', direction: 'down' },
  'news.remove': { id, name: 'Programme out' },
  'committee.add': { id, name: 'Ada Lovelace' },
  'committee.edit': { id, name: 'Ada Lovelace', fields: ['role'], photo: true },
  'committee.move': { id, name: 'Ada Lovelace', direction: 'up' },
  'committee.remove': { id, name: 'Ada Lovelace' },
  'sponsor.add': { id, name: 'A publisher' },
  'sponsor.edit': { id, name: 'A publisher', fields: ['link'], photo: false },
  'sponsor.move': { id, name: 'A publisher', direction: 'down' },
  'sponsor.remove': { id, name: 'A publisher' },
  'previous-event.add': { id, name: 'Thailand 2022 Pattaya' },
  'previous-event.edit': { id, name: 'Thailand 2022 Pattaya', fields: ['link'] },
  'previous-event.move': { id, name: 'Thailand 2022 Pattaya', direction: 'up' },
  'previous-event.remove': { id, name: 'Thailand 2022 Pattaya' },
  'site-page.add': { id, address: 'venue', published: false, inMenu: true },
  'site-page.edit': { id, address: 'venue', published: true, inMenu: true, fields: ['published'] },
  'site-page.remove': { id, address: 'venue' },
  'program.publish': { sessions: 4, warnings: 0, mailed: 2, papers: [id, null] },
  'pricing.early-bird.create': { category: 'author-ieee', usdMinor: 30000, until: '2025-10-01T00:00:00Z' },
  'pricing.early-bird.delete': { category: 'author-ieee', usdMinor: 30000 },
  'pricing.coupon.create': { code: 'WELCOME', kind: 'percent', value: 10 },
  'pricing.coupon.update': { code: 'WELCOME', disabled: true },
  'registration.create': { ...registration, amountMinor: 35000, coupon: null, earlyBird: false },
  'registration.cancel': { registrationId: id, category: 'author-ieee', coupon: 'WELCOME' },
  'registration.reinstate': { registrationId: id, paymentId: id, coupon: null, couponUse: null, amountMinor: 35000, currency: 'INR' },
  'registration.check-in': { registrationId: id },
  'registration.badge-pickup': { registrationId: id },
  'registration.release-hold': { registrationId: id, category: 'workshop-iot', email: 'ada@example.org' },
  'registration-office.update': { seatHoldMinutes: 30, badgePickupOpen: true },
  'payment.match': { paymentId: id, registrationId: id, amountMinor: 20000, currency: 'USD' },
  'payment.callback': { provider: 'payu', kind: 'success', txnid: id, status: 'paid', amount: '350.00', currency: 'INR' },
  'payment.bank-transfer': {
    registrationId: id,
    paymentId: id,
    amountMinor: 35000,
    currency: 'USD',
    reference: 'TRX-1',
    paidOn: '2025-11-02',
  },
  'receipt.issue': {
    receiptNumber: 'R-2025-0001',
    registrationId: id,
    paymentId: id,
    amountMinor: 35000,
    currency: 'USD',
    method: 'Card',
    owedMinor: 0,
  },
  'workshop.waitlist-join': { courseId: 'ai-101' },
  'workshop.seat-offer': { courseId: 'ai-101', waitlistId: id },
  'workshop.course-create': { courseId: 'ai-101', title: 'AI', date: '2022-12-30', seats: 40, feeUsdMinor: 10_000 },
  'workshop.course-update': { courseId: 'ai-101', title: 'AI', date: '2022-12-31', seats: 30, feeUsdMinor: 12_000 },
  'workshop.course-delete': { courseId: 'ai-101' },
  'workshop.details-update': { firstDay: '2022-12-30', lastDay: '2022-12-31', venue: null },
  'visa-letter.request': { letterId: id, registrationId: id, nationality: 'IN', arrivalDate: '2025-12-25', departureDate: '2025-12-30' },
  'visa-letter.approve': { letterId: id, registrationId: id, code: 'ABCD-EFGH' },
  'visa-letter.reject': { letterId: id, registrationId: id, reason: 'Not registered' },
  'visa-letter.passport-purge': { removed: 3, retentionDays: 30 },
  'award.nominate': { nominationId: id, year: 2025, category: 'best-paper' },
  'award.score': { nominationId: id, score: 8 },
  'award.decide': { nominationId: id, decision: 'awarded', awardId: 'A-2025-1' },
  'award.panel.add': { year: 2025, accounts: 2 },
  'award.panel.remove': { year: 2025, userId: id },
};

describe('audit actions', () => {
  test('every action has a schema, and its details as the server writes them fit it', () => {
    expect(AUDIT_ACTION_NAMES.length).toBe(Object.keys(EXAMPLES).length);
    for (const action of AUDIT_ACTION_NAMES) {
      expect(AUDIT_ACTIONS[action], action).toBeDefined();
      expect(() => checkAuditDetails(action, EXAMPLES[action]), action).not.toThrow();
    }
  });

  test('every action is named entity.verb, and the audit screen can filter by it', () => {
    for (const action of AUDIT_ACTION_NAMES) {
      expect(action).toMatch(/^[a-z-]+(\.[a-z-]+)+$/);
      expect(AuditQuery.safeParse({ action }).success, action).toBe(true);
    }
  });

  test('a detail of the wrong type, a missing one or one the action does not have is refused', () => {
    expect(() => checkAuditDetails('paper.submit', { title: 7, trackId: 'track-2' })).toThrow(/paper\.submit.*title/);
    expect(() => checkAuditDetails('login.failed', {})).toThrow(/login\.failed.*email/);
    expect(() => checkAuditDetails('payment.callback', { ...EXAMPLES['payment.callback'], status: 'refunded' })).toThrow(/status/);
    expect(() => checkAuditDetails('review.assign', { reviewerId: id, via: 'by-hand' })).toThrow(/via/);
    for (const action of AUDIT_ACTION_NAMES) {
      expect(() => checkAuditDetails(action, { ...EXAMPLES[action], password: 'secret' }), action).toThrow(/password/);
      expect(() => checkAuditDetails(action, 'not an object'), action).toThrow();
    }
  });

  test('an action that records nothing more takes empty details', () => {
    expect(() => checkAuditDetails('user.signup', {})).not.toThrow();
    expect(() => checkAuditDetails('user.signup', { email: 'ada@example.org' })).toThrow();
  });
});
