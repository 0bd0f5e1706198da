import { describe, expect, test } from 'vitest';
import { isResponseWindowOpen, mayReviewerSave, responseWindowRefusal } from './review-window';

const at = (day: number) => new Date(Date.UTC(2030, 0, day, 12));
const DATES = { reviewDeadline: at(10), responseOpens: at(12), responseCloses: at(15), discussionDeadline: at(20) };

describe('isResponseWindowOpen', () => {
  test('closed before it opens, open from its opening to its closing (both inclusive), closed after', () => {
    expect(isResponseWindowOpen(DATES, at(11))).toBe(false);
    expect(isResponseWindowOpen(DATES, at(12))).toBe(true);
    expect(isResponseWindowOpen(DATES, at(15))).toBe(true);
    expect(isResponseWindowOpen(DATES, new Date(at(15).getTime() + 1))).toBe(false);
  });
  test('never open without an opening date; open for good without a closing date', () => {
    expect(isResponseWindowOpen({ responseOpens: null, responseCloses: at(15) }, at(13))).toBe(false);
    expect(isResponseWindowOpen({ responseOpens: at(12), responseCloses: null }, at(300))).toBe(true);
  });
});

describe('mayReviewerSave', () => {
  const none = { reviewDeadline: null, responseOpens: null, responseCloses: null, discussionDeadline: null, paperHasResponse: false };
  test('always without a review deadline, and until it (inclusive)', () => {
    expect(mayReviewerSave(none, at(100))).toBe(true);
    expect(mayReviewerSave({ ...DATES, paperHasResponse: false }, at(10))).toBe(true);
  });
  test('after the review deadline: not before the response window opens', () => {
    expect(mayReviewerSave({ ...DATES, paperHasResponse: false }, at(11))).toBe(false);
  });
  test('while the response window is open, with or without a response', () => {
    expect(mayReviewerSave({ ...DATES, paperHasResponse: false }, at(13))).toBe(true);
    expect(mayReviewerSave({ ...DATES, paperHasResponse: true }, at(13))).toBe(true);
  });
  test('after the window: until the discussion deadline only for a paper with a response', () => {
    expect(mayReviewerSave({ ...DATES, paperHasResponse: true }, at(18))).toBe(true);
    expect(mayReviewerSave({ ...DATES, paperHasResponse: true }, at(20))).toBe(true);
    expect(mayReviewerSave({ ...DATES, paperHasResponse: true }, at(21))).toBe(false);
    expect(mayReviewerSave({ ...DATES, paperHasResponse: false }, at(18))).toBe(false);
  });
  test('a response without a discussion deadline gives no time beyond the window', () => {
    expect(mayReviewerSave({ ...DATES, discussionDeadline: null, paperHasResponse: true }, at(18))).toBe(false);
  });
});

describe('responseWindowRefusal', () => {
  const fmt = (d: Date) => d.toISOString().slice(0, 10);
  test('says when the window opens, that it closed, or that it has no dates; nothing while open', () => {
    expect(responseWindowRefusal(DATES, at(11), fmt)).toBe('The response window opens 2030-01-12 and closes 2030-01-15.');
    expect(responseWindowRefusal(DATES, at(13), fmt)).toBeNull();
    expect(responseWindowRefusal(DATES, at(16), fmt)).toBe('The response window closed on 2030-01-15.');
    expect(responseWindowRefusal({ responseOpens: null, responseCloses: null }, at(16), fmt)).toBe(
      'The response window is not open: its dates are not set yet.',
    );
  });
});
