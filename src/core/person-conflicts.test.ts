import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { findPersonConflicts, PUBLIC_MAIL_DOMAINS } from './person-conflicts';

describe('findPersonConflicts', () => {
  test('the same address as the author is the same person, on a public domain too, in any case', () => {
    expect(findPersonConflicts('Ravi.K@Gmail.com', { author: 'ravi.k@gmail.com', coAuthors: [] }))
      .toEqual([{ reason: 'same-person', with: 'author', email: 'ravi.k@gmail.com' }]);
  });

  test('a co-author\'s address is the same person too; a co-author\'s institution domain is a conflict', () => {
    expect(findPersonConflicts('lee@uni.ac.th', { author: 'owner@other.edu', coAuthors: ['LEE@uni.ac.th', 'chan@uni.ac.th'] })).toEqual([
      { reason: 'same-person', with: 'co-author', email: 'lee@uni.ac.th' },
      { reason: 'same-domain', with: 'co-author', email: 'chan@uni.ac.th' },
    ]);
  });

  test('two people at a public mail provider are not conflicted; two at one university are', () => {
    expect(findPersonConflicts('a@gmail.com', { author: 'b@gmail.com', coAuthors: ['c@yahoo.com'] })).toEqual([]);
    expect(findPersonConflicts('a@mit.edu', { author: 'b@mit.edu', coAuthors: [] })).toEqual([{ reason: 'same-domain', with: 'author', email: 'b@mit.edu' }]);
  });

  test('property: a reviewer listed among the authors is always conflicted as the same person; unrelated domains never are', () => {
    const local = fc.stringMatching(/^[a-z][a-z0-9.]{0,10}$/);
    const domain = fc.oneof(fc.constantFrom(...PUBLIC_MAIL_DOMAINS), fc.stringMatching(/^[a-z]{2,8}\.(edu|ac\.th|org)$/));
    const email = fc.tuple(local, domain).map(([l, d]) => `${l}@${d}`);
    fc.assert(fc.property(email, fc.array(email, { maxLength: 5 }), fc.nat(5), (reviewer, others, at) => {
      const list = [...others];
      list.splice(at % (list.length + 1), 0, reviewer.toUpperCase());
      const [author, ...coAuthors] = list;
      expect(findPersonConflicts(reviewer, { author: author!, coAuthors }).some((c) => c.reason === 'same-person')).toBe(true);
    }));
    fc.assert(fc.property(local, local, (a, b) => {
      expect(findPersonConflicts(`${a}@one.edu`, { author: `${b}@two.edu`, coAuthors: [`${b}x@three.org`] })).toEqual([]);
    }));
  });
});
