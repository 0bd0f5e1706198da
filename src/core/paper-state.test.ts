import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { DECISIONS, authorStatusText, type Decision } from './schemas/review-cycle';
import { PAPER_STATE_CODES, paperState, type PaperFacts } from './paper-state';

const fresh: PaperFacts = {
  withdrawnAt: null,
  decision: null,
  notifiedDecision: null,
  reviews: 0,
  reviewers: 0,
  anyAssigned: false,
  cameraReady: false,
};
const facts = (over: Partial<PaperFacts>): PaperFacts => ({ ...fresh, ...over });
const editor = (over: Partial<PaperFacts>) => paperState(facts(over), 'editor');
const author = (over: Partial<PaperFacts>) => paperState(facts(over), 'author');

describe('paperState before anything happened', () => {
  test('a new paper: the editor reads Pending Review, the author Under Review', () => {
    expect(editor({})).toEqual({ code: 'submitted', label: 'Pending Review' });
    expect(author({})).toEqual({ code: 'under-review', label: 'Under Review' });
  });

  test('assigned, no review yet: still Pending Review for the editor, Under Review for the author', () => {
    expect(editor({ anyAssigned: true, reviewers: 3 })).toEqual({ code: 'under-review', label: 'Pending Review' });
    expect(author({ anyAssigned: true, reviewers: 3 })).toEqual({ code: 'under-review', label: 'Under Review' });
  });

  test('every assigned reviewer declined: under review, Pending Review', () => {
    expect(editor({ anyAssigned: true, reviewers: 0 })).toEqual({ code: 'under-review', label: 'Pending Review' });
  });
});

describe('the editor follows the reviews', () => {
  test('n of k reviews once the first counted review is in', () => {
    expect(editor({ anyAssigned: true, reviewers: 3, reviews: 1 })).toEqual({
      code: 'under-review',
      label: 'Under review: 1 of 3 reviews',
    });
    expect(editor({ anyAssigned: true, reviewers: 2, reviews: 2 }).label).toBe('Under review: 2 of 2 reviews');
    expect(editor({ anyAssigned: true, reviewers: 1, reviews: 1 }).label).toBe('Under review: 1 of 1 review');
  });

  test('never fewer expected reviews than counted ones', () => {
    expect(editor({ anyAssigned: true, reviewers: 1, reviews: 2 }).label).toBe('Under review: 2 of 2 reviews');
  });

  test('the author never sees the count', () => {
    expect(author({ anyAssigned: true, reviewers: 3, reviews: 2 })).toEqual({ code: 'under-review', label: 'Under Review' });
  });
});

describe('decided and notified', () => {
  test('decided, not yet notified: the editor sees the decision, the author still Under Review', () => {
    expect(editor({ decision: 'Accepted', reviews: 2, reviewers: 2, anyAssigned: true })).toEqual({
      code: 'decided',
      label: 'Decided: Accepted (not yet notified)',
    });
    expect(editor({ decision: 'Revision' }).label).toBe('Decided: Revision requested (not yet notified)');
    expect(author({ decision: 'Accepted' })).toEqual({ code: 'under-review', label: 'Under Review' });
  });

  test('notified: both read the decision', () => {
    expect(editor({ decision: 'Accepted', notifiedDecision: 'Accepted' })).toEqual({ code: 'notified', label: 'Notified: Accepted' });
    expect(editor({ decision: 'Rejected', notifiedDecision: 'Rejected' }).label).toBe('Notified: Rejected');
    expect(editor({ decision: 'Revision', notifiedDecision: 'Revision' }).label).toBe('Notified: Revision requested');
    expect(author({ decision: 'Accepted', notifiedDecision: 'Accepted' })).toEqual({ code: 'notified', label: 'Accepted' });
    expect(author({ notifiedDecision: 'Rejected' }).label).toBe('Rejected');
    expect(author({ notifiedDecision: 'Revision' }).label).toBe('Revision requested');
  });

  test('a decision changed after notifying: the editor sees both, the author what they were told', () => {
    expect(editor({ decision: 'Rejected', notifiedDecision: 'Accepted' })).toEqual({
      code: 'decided',
      label: 'Decided: Rejected (not yet notified; the authors were told Accepted)',
    });
    expect(author({ decision: 'Rejected', notifiedDecision: 'Accepted' })).toEqual({ code: 'notified', label: 'Accepted' });
  });

  test('a decision cleared after notifying', () => {
    expect(editor({ notifiedDecision: 'Revision' })).toEqual({
      code: 'notified',
      label: 'Notified: Revision requested (decision since cleared)',
    });
    expect(author({ notifiedDecision: 'Revision' })).toEqual({ code: 'notified', label: 'Revision requested' });
  });
});

describe('camera-ready and withdrawn', () => {
  test('camera-ready received, once accepted and notified', () => {
    const done = { decision: 'Accepted', notifiedDecision: 'Accepted', cameraReady: true } as const;
    expect(editor(done)).toEqual({ code: 'camera-ready', label: 'Camera-ready received' });
    expect(author(done)).toEqual({ code: 'camera-ready', label: 'Camera-ready received' });
  });

  test('a camera-ready upload does not hide a later rejection', () => {
    expect(editor({ decision: 'Rejected', notifiedDecision: 'Accepted', cameraReady: true }).code).toBe('decided');
    expect(editor({ decision: 'Rejected', notifiedDecision: 'Rejected', cameraReady: true }).label).toBe('Notified: Rejected');
    expect(author({ notifiedDecision: 'Rejected', cameraReady: true }).label).toBe('Rejected');
  });

  test('withdrawn wins over everything, for both', () => {
    for (const over of [{}, { anyAssigned: true, reviewers: 2, reviews: 1 }, { decision: 'Accepted' as const }]) {
      expect(editor({ ...over, withdrawnAt: new Date() })).toEqual({ code: 'withdrawn', label: 'Withdrawn' });
      expect(author({ ...over, withdrawnAt: '2030-01-01T00:00:00Z' })).toEqual({ code: 'withdrawn', label: 'Withdrawn' });
    }
  });
});

test('authorStatusText keeps its words', () => {
  expect(authorStatusText(null)).toBe('Under Review');
  expect(authorStatusText(undefined)).toBe('Under Review');
  expect(authorStatusText('Accepted')).toBe('Accepted');
  expect(authorStatusText('Rejected')).toBe('Rejected');
  expect(authorStatusText('Revision')).toBe('Revision requested');
});

describe('properties', () => {
  const decision = fc.constantFrom<Decision | null>(null, ...DECISIONS);
  const anyFacts = fc.record({
    withdrawnAt: fc.constantFrom<Date | null>(null, new Date(0)),
    decision,
    notifiedDecision: decision,
    reviews: fc.nat(6),
    reviewers: fc.nat(6),
    anyAssigned: fc.boolean(),
    cameraReady: fc.boolean(),
  });

  test('the author never learns an undisclosed decision: only what they were told changes their state', () => {
    fc.assert(
      fc.property(anyFacts, decision, fc.nat(6), fc.nat(6), fc.boolean(), (f, other, n, k, assigned) => {
        expect(paperState({ ...f, decision: other, reviews: n, reviewers: k, anyAssigned: assigned }, 'author')).toEqual(
          paperState(f, 'author'),
        );
      }),
    );
  });

  test('every state has a known code and a label; the author never reads decided or submitted', () => {
    fc.assert(
      fc.property(anyFacts, (f) => {
        const e = paperState(f, 'editor');
        const a = paperState(f, 'author');
        expect(PAPER_STATE_CODES).toContain(e.code);
        expect(['under-review', 'notified', 'withdrawn', 'camera-ready']).toContain(a.code);
        expect(e.label.length).toBeGreaterThan(0);
        if (!f.withdrawnAt && !f.notifiedDecision) expect(a.label).toBe('Under Review');
        if (!f.withdrawnAt && !f.decision && !f.notifiedDecision && f.reviews === 0) expect(e.label).toBe('Pending Review');
      }),
    );
  });
});
