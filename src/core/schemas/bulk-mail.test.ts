import { describe, expect, test } from 'vitest';
import { BulkAudience, checkBulkMail, describeAudience, SendBulkMailBody } from './bulk-mail';

const CAN_USE = 'a mail to a group can use {name}, {email}, {papers}, {conference}, {siteUrl}, {loginUrl}';

describe('checkBulkMail', () => {
  test('every placeholder a group mail fills is allowed, in the subject and the body', () => {
    expect(checkBulkMail('For {name} at {conference}', 'Dear {name} ({email}),\n{papers}\n{loginUrl} {siteUrl}')).toBeNull();
  });
  test('an unknown placeholder is refused, naming it and the ones that may be used', () => {
    expect(checkBulkMail('Hello {nmae}', 'Body')).toBe(`Unknown placeholder {nmae}: ${CAN_USE}`);
    expect(checkBulkMail('Hello', 'Your {paperTitle} and {subject}')).toBe(`Unknown placeholder {paperTitle}, {subject}: ${CAN_USE}`);
  });
  test('an empty or multi-line subject, an empty body, and text over the limits are refused', () => {
    expect(checkBulkMail('  ', 'Body')).toBe('The subject must not be empty');
    expect(checkBulkMail('Subject', '\n')).toBe('The body must not be empty');
    expect(checkBulkMail('Two\nlines', 'Body')).toBe('The subject must be one line');
    expect(checkBulkMail('x'.repeat(201), 'Body')).toBe('The subject must be at most 200 characters');
    expect(checkBulkMail('Subject', 'x'.repeat(20_001))).toBe('The body must be at most 20000 characters');
  });
  test('braces that are no placeholder ({ }, {a-b}) are plain text', () => {
    expect(checkBulkMail('Set {} and { name }', 'A {a-b} c')).toBeNull();
  });
});

describe('BulkAudience', () => {
  test('fills the defaults: every track, any decision, without co-authors', () => {
    expect(BulkAudience.parse({ group: 'authors' })).toEqual({ group: 'authors', trackId: null, decision: 'any', coAuthors: false });
    expect(BulkAudience.parse({ group: 'missingReviews', trackId: 'track-1' })).toEqual({ group: 'missingReviews', trackId: 'track-1' });
  });
  test('refuses an unknown group, a stray key and a bad decision with a readable reason', () => {
    expect(BulkAudience.safeParse({ group: 'everyone' }).error?.issues[0]?.message).toBe(
      'group must be one of authors, missingReviews, reviewers, attendees, unregistered',
    );
    expect(BulkAudience.safeParse({ group: 'attendees', trackId: 'track-1' }).success).toBe(false);
    expect(BulkAudience.safeParse({ group: 'authors', decision: 'Maybe' }).error?.issues[0]?.message).toBe(
      'decision must be one of any, Accepted, Rejected, Revision, none',
    );
  });
  test('a send needs a key of 16 to 64 safe characters', () => {
    const mail = { audience: { group: 'attendees' }, subject: 'S', body: 'B' };
    expect(SendBulkMailBody.safeParse(mail).success).toBe(false);
    expect(SendBulkMailBody.safeParse({ ...mail, key: 'short' }).error?.issues[0]?.message).toBe(
      'key must be 16 to 64 letters, digits, - or _',
    );
    expect(SendBulkMailBody.safeParse({ ...mail, key: 'a'.repeat(32) }).success).toBe(true);
  });
});

test('describeAudience says who the group is', () => {
  expect(
    describeAudience(
      BulkAudience.parse({ group: 'authors', decision: 'Accepted', coAuthors: true, trackId: 'track-1' }),
      'Science and Materials',
    ),
  ).toBe('Authors of accepted papers and their co-authors in Science and Materials');
  expect(describeAudience(BulkAudience.parse({ group: 'authors', decision: 'none' }))).toBe(
    'Authors of papers with no decision sent (submitting authors) in every track',
  );
  expect(describeAudience(BulkAudience.parse({ group: 'attendees' }))).toBe('Registered attendees');
  expect(describeAudience(BulkAudience.parse({ group: 'unregistered', coAuthors: true }))).toBe(
    'Authors of accepted papers not registered, co-authors included in every track',
  );
});
