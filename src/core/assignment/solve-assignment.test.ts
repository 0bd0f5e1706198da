import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { BIDS, isEligiblePair, scorePair, type Bid } from './score';
import { boundAssignment, solveAssignment, violatesOptimality, type AssignmentProblem } from './solve-assignment';

interface Cell {
  sharedTags: number;
  bid: Bid | null;
  conflicted: boolean;
  declinedOrAssigned: boolean;
}
interface Instance {
  need: number[];
  capacity: number[];
  cells: Cell[][];
}

const cell = fc.record({
  sharedTags: fc.integer({ min: 0, max: 3 }),
  bid: fc.constantFrom<Bid | null>(null, null, ...BIDS),
  conflicted: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
  declinedOrAssigned: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
});
const instance = (maxSide: number, maxNeed: number, maxCap: number) =>
  fc.tuple(fc.integer({ min: 1, max: maxSide }), fc.integer({ min: 1, max: maxSide })).chain(([P, R]) =>
    fc.record({
      need: fc.array(fc.integer({ min: 0, max: maxNeed }), { minLength: P, maxLength: P }),
      capacity: fc.array(fc.integer({ min: 0, max: maxCap }), { minLength: R, maxLength: R }),
      cells: fc.array(fc.array(cell, { minLength: R, maxLength: R }), { minLength: P, maxLength: P }),
    }),
  );

function toProblem(inst: Instance): AssignmentProblem {
  const P = inst.need.length;
  const R = inst.capacity.length;
  const start = [0];
  const reviewer: number[] = [];
  const score: number[] = [];
  for (let p = 0; p < P; p++) {
    for (let r = 0; r < R; r++) {
      const c = inst.cells[p]![r]!;
      if (!isEligiblePair(c)) continue;
      reviewer.push(r);
      score.push(scorePair(c.sharedTags, c.bid));
    }
    start.push(reviewer.length);
  }
  return {
    papers: P,
    reviewers: R,
    need: Int32Array.from(inst.need),
    capacity: Int32Array.from(inst.capacity),
    pairStart: Int32Array.from(start),
    pairReviewer: Int32Array.from(reviewer),
    pairScore: Int32Array.from(score),
  };
}

/** Exhaustive search: every subset of each paper's eligible reviewers, memoized on the reviewers' remaining capacities. */
function exhaustive(inst: Instance): { count: number; score: number } {
  const P = inst.need.length;
  const memo = new Map<string, { count: number; score: number }>();
  const go = (p: number, caps: number[]): { count: number; score: number } => {
    if (p === P) return { count: 0, score: 0 };
    const key = `${p}|${caps.join(',')}`;
    const hit = memo.get(key);
    if (hit) return hit;
    const options = caps.map((_, r) => r).filter((r) => isEligiblePair(inst.cells[p]![r]!));
    let best = { count: -1, score: -1 };
    for (let mask = 0; mask < 1 << options.length; mask++) {
      const picked = options.filter((_, i) => mask & (1 << i));
      if (picked.length > inst.need[p]! || picked.some((r) => caps[r]! === 0)) continue;
      const next = caps.slice();
      let score = 0;
      for (const r of picked) {
        next[r]!--;
        score += scorePair(inst.cells[p]![r]!.sharedTags, inst.cells[p]![r]!.bid);
      }
      const rest = go(p + 1, next);
      const total = { count: rest.count + picked.length, score: rest.score + score };
      if (total.count > best.count || (total.count === best.count && total.score > best.score)) best = total;
    }
    memo.set(key, best);
    return best;
  };
  return go(0, inst.capacity.slice());
}

function chosenPairs(problem: AssignmentProblem, chosen: Uint8Array): Array<[number, number, number]> {
  const out: Array<[number, number, number]> = [];
  for (let p = 0; p < problem.papers; p++) {
    for (let e = problem.pairStart[p]!; e < problem.pairStart[p + 1]!; e++)
      if (chosen[e]!) out.push([p, problem.pairReviewer[e]!, problem.pairScore[e]!]);
  }
  return out;
}

describe('solveAssignment', () => {
  test('never assigns a conflicted, not-willing, declined or zero-score pair, and respects both limits', () => {
    fc.assert(
      fc.property(instance(8, 4, 4), (inst) => {
        const problem = toProblem(inst);
        const pairs = chosenPairs(problem, solveAssignment(problem).chosen);
        const perPaper = new Array<number>(inst.need.length).fill(0);
        const perReviewer = new Array<number>(inst.capacity.length).fill(0);
        for (const [p, r] of pairs) {
          const c = inst.cells[p]![r]!;
          expect(c.conflicted || c.declinedOrAssigned || c.bid === 'not-willing' || c.bid === 'conflict').toBe(false);
          expect(scorePair(c.sharedTags, c.bid)).toBeGreaterThan(0);
          perPaper[p]!++;
          perReviewer[r]!++;
        }
        perPaper.forEach((n, p) => expect(n).toBeLessThanOrEqual(inst.need[p]!));
        perReviewer.forEach((n, r) => expect(n).toBeLessThanOrEqual(inst.capacity[r]!));
      }),
      { numRuns: 300 },
    );
  });

  test('on up to 6 papers × 6 reviewers, the count and total score equal an exhaustive search', () => {
    fc.assert(
      fc.property(instance(6, 3, 3), (inst) => {
        const problem = toProblem(inst);
        const solution = solveAssignment(problem);
        const best = exhaustive(inst);
        expect({ count: solution.assigned, score: solution.totalScore }).toEqual(best);
      }),
      { numRuns: 400 },
    );
  });

  test('the certificate bounds equal the solution: the cut is the count, the dual bound the total score', () => {
    fc.assert(
      fc.property(instance(12, 5, 5), (inst) => {
        const problem = toProblem(inst);
        const solution = solveAssignment(problem);
        expect(boundAssignment(problem, solution)).toEqual({ pairs: solution.assigned, totalScore: solution.totalScore });
      }),
      { numRuns: 300 },
    );
  });

  test('the same input gives the same output', () => {
    fc.assert(
      fc.property(instance(10, 4, 4), (inst) => {
        const problem = toProblem(inst);
        expect(Array.from(solveAssignment(problem).chosen)).toEqual(Array.from(solveAssignment(problem).chosen));
      }),
      { numRuns: 100 },
    );
  });

  test('a left-out pair that would improve the result is reported as a violation; the solution of the pruned set is kept otherwise', () => {
    fc.assert(
      fc.property(instance(8, 3, 3), fc.integer({ min: 0, max: 1000 }), (inst, seed) => {
        const full = toProblem(inst);
        const E = full.pairStart[full.papers]!;
        if (E === 0) return;
        // Leave one pair out, solve the rest, and check the pair against the certificate.
        const drop = seed % E;
        const keep = Array.from({ length: E }, (_, e) => e).filter((e) => e !== drop);
        let dropPaper = 0;
        while (full.pairStart[dropPaper + 1]! <= drop) dropPaper++;
        const start = Int32Array.from(full.pairStart, (s) => (s > drop ? s - 1 : s));
        const pruned: AssignmentProblem = {
          ...full,
          pairStart: start,
          pairReviewer: Int32Array.from(keep, (e) => full.pairReviewer[e]!),
          pairScore: Int32Array.from(keep, (e) => full.pairScore[e]!),
        };
        const partial = solveAssignment(pruned);
        const best = solveAssignment(full);
        const violated = violatesOptimality(partial, dropPaper, full.pairReviewer[drop]!, full.pairScore[drop]!);
        const worse = partial.assigned < best.assigned || (partial.assigned === best.assigned && partial.totalScore < best.totalScore);
        if (worse) expect(violated).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  test('a worked example: the pair count comes first, then the score', () => {
    // Paper 0 could take reviewer 0 (score 50), but then paper 1 (only reviewer 0) gets nobody.
    const problem: AssignmentProblem = {
      papers: 2,
      reviewers: 2,
      need: Int32Array.of(1, 1),
      capacity: Int32Array.of(1, 1),
      pairStart: Int32Array.of(0, 2, 3),
      pairReviewer: Int32Array.of(0, 1, 0),
      pairScore: Int32Array.of(50, 10, 10),
    };
    const s = solveAssignment(problem);
    expect(s.assigned).toBe(2);
    expect(s.totalScore).toBe(20);
    expect(Array.from(s.chosen)).toEqual([0, 1, 1]);
  });
});
