import { describe, expect, test } from 'vitest';
import { decisionsPassedOn, decisionsToldLine, describeMailCounts, reviewerBadge } from './mail-states';

const none = { queued: 0, sending: 0, sent: 0, failed: 0, outbox: 0 };

describe('reviewerBadge: "Mail Sent" only for an invitation the SMTP server took', () => {
  test.each([
    ['sent', 'Mail Sent'],
    ['outbox', 'Mail Kept'],
    ['queued', 'Mail Queued'],
    ['sending', 'Mail Queued'],
    ['failed', 'Mail Failed'],
  ] as const)('Mail Sent with a %s invitation reads %s', (state, badge) => {
    expect(reviewerBadge('Mail Sent', state)).toBe(badge);
  });
  test('no known invitation mail: the stored status as it is', () => expect(reviewerBadge('Mail Sent', undefined)).toBe('Mail Sent'));
  test('Sent, Accepted, Declined, Waiting stay whatever the mail', () => {
    for (const s of ['Sent', 'Accepted', 'Declined', 'Waiting']) expect(reviewerBadge(s, 'outbox')).toBe(s);
  });
});

describe('the decisions page follows the decision mails', () => {
  test('every mail sent (or none known): the plain "sent"', () => {
    expect(decisionsToldLine({ ...none, sent: 3 })).toBe('Every decision has been sent to the authors.');
  });
  test('all kept: says nothing was sent', () => {
    expect(decisionsToldLine({ ...none, outbox: 3 })).toBe(
      'Every decision is recorded as told, but mail is not configured: the 3 decision e-mails are kept in the outbox, nothing was sent.',
    );
  });
  test('mixed: each state counted', () => {
    expect(decisionsToldLine({ ...none, sent: 2, queued: 1, sending: 1, failed: 1 })).toBe(
      'Every decision has been passed on. Its e-mails: 2 sent · 2 queued · 1 failed.',
    );
    expect(describeMailCounts(none)).toBe('');
  });
  test('a track chair (no mail log) is not told "sent"', () => expect(decisionsToldLine(null)).not.toMatch(/has been sent/));
  test('the answer to Send: kept or queued, never "Sent"', () => {
    expect(decisionsPassedOn({ papers: 3, skipped: 1, mail: 'outbox' })).toBe(
      'Mail is not configured: the decisions of 3 papers are recorded as told, their e-mails kept in the outbox and not sent; skipped 1',
    );
    expect(decisionsPassedOn({ papers: 1, skipped: 0, mail: 'queued' })).toBe(
      'The decision e-mails of 1 paper are queued: the mail queue sends them now; skipped 0',
    );
  });
});
