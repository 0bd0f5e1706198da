import { describe, expect, test } from 'vitest';
import { diffReviewVersions, diffText, type ReviewVersionFields } from './review-diff';

const base: ReviewVersionFields = {
  recommendation: 2,
  confidence: 3,
  commentsToAuthors: 'The method is weak.',
  commentsToEditor: '',
  answers: {},
};

describe('diffText', () => {
  test('marks the words removed and added, keeping the rest', () => {
    expect(diffText('the quick brown fox', 'the slow brown fox')).toEqual([
      { kind: 'same', text: 'the ' },
      { kind: 'removed', text: 'quick' },
      { kind: 'added', text: 'slow' },
      { kind: 'same', text: ' brown fox' },
    ]);
  });
  test('equal texts are one unchanged run; an empty old text is all added', () => {
    expect(diffText('same words', 'same words')).toEqual([{ kind: 'same', text: 'same words' }]);
    expect(diffText('', 'new text')).toEqual([{ kind: 'added', text: 'new text' }]);
  });
  test('joining the same and removed runs gives the old text, the same and added runs the new one', () => {
    const before = 'One line.\nAnother line, with commas; and more.';
    const after = 'One better line.\nAnother line and more!';
    const parts = diffText(before, after);
    expect(
      parts
        .filter((p) => p.kind !== 'added')
        .map((p) => p.text)
        .join(''),
    ).toBe(before);
    expect(
      parts
        .filter((p) => p.kind !== 'removed')
        .map((p) => p.text)
        .join(''),
    ).toBe(after);
  });
});

describe('diffReviewVersions', () => {
  test('an unchanged review has no changes', () => {
    expect(diffReviewVersions(base, { ...base })).toEqual([]);
  });
  test('recommendation and confidence are replaced whole, in words', () => {
    const changes = diffReviewVersions(base, { ...base, recommendation: 4, confidence: 5 });
    expect(changes).toEqual([
      {
        field: 'recommendation',
        label: 'Recommendation',
        parts: [
          { kind: 'removed', text: 'Weak reject (2)' },
          { kind: 'added', text: 'Weak accept (4)' },
        ],
      },
      {
        field: 'confidence',
        label: 'Confidence',
        parts: [
          { kind: 'removed', text: 'Good (3)' },
          { kind: 'added', text: 'Expert (5)' },
        ],
      },
    ]);
  });
  test('comments are word diffs; only the changed comment is listed', () => {
    const changes = diffReviewVersions(base, { ...base, commentsToAuthors: 'The method is sound.' });
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ field: 'commentsToAuthors', label: 'Comments to authors' });
    expect(changes[0]!.parts).toContainEqual({ kind: 'removed', text: 'weak' });
    expect(changes[0]!.parts).toContainEqual({ kind: 'added', text: 'sound' });
    const toEditor = diffReviewVersions(base, { ...base, commentsToEditor: 'Private' });
    expect(toEditor).toEqual([{ field: 'commentsToEditor', label: 'Comments to editor', parts: [{ kind: 'added', text: 'Private' }] }]);
  });
  test('answers by question id: scores replaced, texts diffed, added and removed answers, labels from the form', () => {
    const before = { ...base, answers: { q1: 2, q2: 'Clear writing', q3: 'gone' } };
    const after = { ...base, answers: { q1: 4, q2: 'Very clear writing', q4: 'Yes' } };
    const changes = diffReviewVersions(before, after, { q1: 'Novelty', q2: 'Presentation' });
    expect(changes.map((c) => [c.field, c.label])).toEqual([
      ['answers.q1', 'Novelty'],
      ['answers.q2', 'Presentation'],
      ['answers.q3', 'Question q3'],
      ['answers.q4', 'Question q4'],
    ]);
    expect(changes[0]!.parts).toEqual([
      { kind: 'removed', text: '2' },
      { kind: 'added', text: '4' },
    ]);
    expect(changes[1]!.parts).toContainEqual({ kind: 'added', text: 'Very clear' });
    expect(changes[2]!.parts).toEqual([{ kind: 'removed', text: 'gone' }]);
    expect(changes[3]!.parts).toEqual([{ kind: 'added', text: 'Yes' }]);
  });
});
