import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { sharedTags, suggestReviewers } from './matching';
import { TAGS } from './tags';

const r = (name: string, tags: string[]) => ({ name, tags });

describe('suggestReviewers', () => {
  test('only the reviewers with the most shared tags are suggested, ties kept', () => {
    const out = suggestReviewers(
      ['AI', 'IoT', 'Robotics'],
      [r('a', ['AI']), r('b', ['AI', 'IoT']), r('c', ['iot', ' robotics ']), r('d', ['HCI'])],
    );
    expect(out.map((x) => x.name)).toEqual(['b', 'c']);
    expect(out[1]?.matchedTags).toEqual(['iot', ' robotics ']);
  });

  test('tags are compared after trimming and lowercasing', () => {
    expect(sharedTags(['  Machine Learning '], ['machine learning'])).toEqual(['machine learning']);
  });

  test('nobody is suggested when no reviewer shares a tag', () => {
    expect(suggestReviewers(['AI'], [r('a', ['HCI']), r('b', [])])).toEqual([]);
    expect(suggestReviewers([], [r('a', ['HCI'])])).toEqual([]);
  });

  const tag = fc.constantFrom(...TAGS);
  const reviewers = fc.array(fc.record({ name: fc.string(), tags: fc.uniqueArray(tag, { maxLength: 8 }) }), { maxLength: 30 });
  const paper = fc.uniqueArray(tag, { maxLength: 8 });

  test('property: every suggested reviewer shares the maximum, at least one, and nobody left out has as many', () => {
    fc.assert(
      fc.property(paper, reviewers, (p, rs) => {
        const out = suggestReviewers(p, rs);
        const counts = rs.map((x) => sharedTags(p, x.tags).length);
        const max = Math.max(0, ...counts);
        if (max === 0) return out.length === 0;
        return out.length === counts.filter((c) => c === max).length && out.every((x) => x.matchedTags.length === max && max >= 1);
      }),
    );
  });

  test('property: changing case and padding of tags does not change who is suggested', () => {
    fc.assert(
      fc.property(paper, reviewers, (p, rs) => {
        const numbered = rs.map((x, i) => ({ ...x, i }));
        const noisy = numbered.map((x) => ({ ...x, tags: x.tags.map((t) => `  ${t.toUpperCase()} `) }));
        expect(suggestReviewers(p, noisy).map((x) => x.i)).toEqual(suggestReviewers(p, numbered).map((x) => x.i));
      }),
    );
  });
});
