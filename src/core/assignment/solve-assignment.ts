/**
 * Exact reviewer assignment: the largest number of new (paper, reviewer) pairs, and among those the largest
 * total score, as a min-cost max-flow: source → paper (capacity = reviewers still needed) → pair (capacity 1,
 * cost M − score) → reviewer (capacity = papers it may still take) → sink.
 *
 * Every source-to-sink path crosses exactly one more pair arc forwards than backwards, so adding the constant
 * M to every pair cost adds M to every path: the shortest paths, hence the flows chosen, are those of
 * cost −score, and running to maximum flow is the cardinality-first objective (the textbook −(BIG + score)
 * without a BIG). Successive shortest paths keep each flow value at minimum cost; here every phase runs one
 * Dijkstra on reduced costs (potentials) and then augments along all shortest paths at once (Dinic on the
 * zero-reduced-cost arcs), so there are as many phases as distinct path lengths, not one per pair.
 *
 * Everything is typed arrays; pairs are given in CSR form by paper. Deterministic: the order of the pairs
 * (the caller sorts them) fixes every tie.
 */

export interface AssignmentProblem {
  papers: number;
  reviewers: number;
  /** Reviewers each paper still needs. */
  need: Int32Array;
  /** Papers each reviewer may still take. */
  capacity: Int32Array;
  /** Pairs of paper p are pairStart[p] .. pairStart[p + 1] − 1. */
  pairStart: Int32Array;
  pairReviewer: Int32Array;
  /** Positive integer scores. */
  pairScore: Int32Array;
}

export interface AssignmentSolution {
  /** 1 for each chosen pair, by pair index. */
  chosen: Uint8Array;
  assigned: number;
  totalScore: number;
  /** The constant M of the costs M − score. */
  maxScore: number;
  /** Optimality certificate: node potentials with no negative reduced cost on any residual arc. */
  potentialPaper: Float64Array;
  potentialReviewer: Float64Array;
  potentialSink: number;
  /** Min-cut certificate: 1 for the papers and reviewers reachable from the source in the final residual graph. */
  reachablePaper: Uint8Array;
  reachableReviewer: Uint8Array;
  phases: number;
}

export interface AssignmentBound {
  /** The capacity of the cut around the reachable nodes: no assignment has more pairs. */
  pairs: number;
  /** The LP dual bound from the potentials: no assignment with `assigned` pairs has a larger total score. */
  totalScore: number;
}

const INF = Number.POSITIVE_INFINITY;

export function solveAssignment(problem: AssignmentProblem): AssignmentSolution {
  const { papers: P, reviewers: R, need, capacity, pairStart, pairReviewer, pairScore } = problem;
  const E = pairStart[P]!;
  let M = 0;
  for (let e = 0; e < E; e++) if (pairScore[e]! > M) M = pairScore[e]!;
  const cost = new Float64Array(E);
  for (let e = 0; e < E; e++) cost[e] = M - pairScore[e]!;

  // Pairs by reviewer, to walk the backward arcs.
  const revStart = new Int32Array(R + 1);
  for (let e = 0; e < E; e++) revStart[pairReviewer[e]! + 1]!++;
  for (let r = 0; r < R; r++) revStart[r + 1]! += revStart[r]!;
  const revPair = new Int32Array(E);
  const revPaper = new Int32Array(E);
  {
    const fill = revStart.slice(0, R);
    for (let p = 0; p < P; p++) {
      for (let e = pairStart[p]!; e < pairStart[p + 1]!; e++) {
        const i = fill[pairReviewer[e]!]!++;
        revPair[i] = e;
        revPaper[i] = p;
      }
    }
  }

  const flow = new Uint8Array(E);
  const flowS = new Int32Array(P);
  const flowT = new Int32Array(R);
  // Nodes: papers 0..P-1, reviewers P..P+R-1, sink T. The source has potential 0 throughout.
  const N = P + R + 1;
  const T = P + R;
  const pi = new Float64Array(N);
  const dist = new Float64Array(N);
  const done = new Uint8Array(N);

  // Binary heap of (distance, node), lazy deletion.
  let heapKey = new Float64Array(1024);
  let heapNode = new Int32Array(1024);
  let heapSize = 0;
  const push = (key: number, node: number) => {
    if (heapSize === heapKey.length) {
      const k = new Float64Array(heapSize * 2);
      k.set(heapKey);
      heapKey = k;
      const n = new Int32Array(heapSize * 2);
      n.set(heapNode);
      heapNode = n;
    }
    let i = heapSize++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (heapKey[parent]! < key || (heapKey[parent]! === key && heapNode[parent]! <= node)) break;
      heapKey[i] = heapKey[parent]!;
      heapNode[i] = heapNode[parent]!;
      i = parent;
    }
    heapKey[i] = key;
    heapNode[i] = node;
  };
  const pop = (): number => {
    const top = heapNode[0]!;
    const key = heapKey[--heapSize]!;
    const node = heapNode[heapSize]!;
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= heapSize) break;
      if (c + 1 < heapSize && (heapKey[c + 1]! < heapKey[c]! || (heapKey[c + 1]! === heapKey[c]! && heapNode[c + 1]! < heapNode[c]!))) c++;
      if (key < heapKey[c]! || (key === heapKey[c]! && node <= heapNode[c]!)) break;
      heapKey[i] = heapKey[c]!;
      heapNode[i] = heapNode[c]!;
      i = c;
    }
    heapKey[i] = key;
    heapNode[i] = node;
    return top;
  };

  const relax = (v: number, d: number) => {
    if (d < dist[v]!) {
      dist[v] = d;
      push(d, v);
    }
  };

  /** Shortest reduced distances from the source; stops once the sink is settled. Returns dist(T). */
  const dijkstra = (): number => {
    dist.fill(INF);
    done.fill(0);
    heapSize = 0;
    for (let p = 0; p < P; p++) if (flowS[p]! < need[p]!) relax(p, -pi[p]!);
    while (heapSize > 0) {
      const u = pop();
      if (done[u]!) continue;
      done[u] = 1;
      if (u === T) break;
      const du = dist[u]!;
      if (u < P) {
        const pu = pi[u]!;
        for (let e = pairStart[u]!; e < pairStart[u + 1]!; e++) {
          if (flow[e]!) continue;
          const v = P + pairReviewer[e]!;
          if (!done[v]!) relax(v, du + cost[e]! + pu - pi[v]!);
        }
      } else {
        const r = u - P;
        const pu = pi[u]!;
        if (flowT[r]! < capacity[r]! && !done[T]!) relax(T, du + pu - pi[T]!);
        for (let i = revStart[r]!; i < revStart[r + 1]!; i++) {
          const e = revPair[i]!;
          if (!flow[e]!) continue;
          const v = revPaper[i]!;
          if (!done[v]!) relax(v, du - cost[e]! + pu - pi[v]!);
        }
      }
    }
    return dist[T]!;
  };

  // Dinic on the arcs of zero reduced cost.
  const level = new Int32Array(N);
  const queue = new Int32Array(N);
  const ptr = new Int32Array(N);
  const stackNode = new Int32Array(N + 1);
  const stackArc = new Int32Array(N + 1);
  const zero = (x: number) => Math.abs(x) < 1e-9;

  const bfs = (): boolean => {
    level.fill(-1);
    let head = 0;
    let tail = 0;
    for (let p = 0; p < P; p++)
      if (flowS[p]! < need[p]! && zero(pi[p]!)) {
        level[p] = 0;
        queue[tail++] = p;
      }
    while (head < tail) {
      const u = queue[head++]!;
      const next = level[u]! + 1;
      if (u < P) {
        for (let e = pairStart[u]!; e < pairStart[u + 1]!; e++) {
          const v = P + pairReviewer[e]!;
          if (flow[e]! || level[v]! >= 0 || !zero(cost[e]! + pi[u]! - pi[v]!)) continue;
          level[v] = next;
          queue[tail++] = v;
        }
      } else if (u !== T) {
        const r = u - P;
        if (flowT[r]! < capacity[r]! && level[T]! < 0 && zero(pi[u]! - pi[T]!)) {
          level[T] = next;
        }
        for (let i = revStart[r]!; i < revStart[r + 1]!; i++) {
          const e = revPair[i]!;
          const v = revPaper[i]!;
          if (!flow[e]! || level[v]! >= 0 || !zero(-cost[e]! + pi[u]! - pi[v]!)) continue;
          level[v] = next;
          queue[tail++] = v;
        }
      }
    }
    return level[T]! >= 0;
  };

  /** One augmenting path of admissible level arcs from paper `start`; -1 in stackArc marks the sink arc. */
  const augmentFrom = (start: number): boolean => {
    let depth = 0;
    stackNode[0] = start;
    while (depth >= 0) {
      const u = stackNode[depth]!;
      if (u === T) {
        for (let k = 0; k < depth; k++) {
          const a = stackArc[k]!;
          const x = stackNode[k]!;
          if (a < 0) flowT[x - P]!++;
          else if (x < P) flow[a] = 1;
          else flow[a] = 0;
        }
        flowS[start]!++;
        return true;
      }
      const want = level[u]! + 1;
      let found = -1;
      let arc = 0;
      if (u < P) {
        const end = pairStart[u + 1]!;
        for (let e = ptr[u]!; e < end; e++) {
          const v = P + pairReviewer[e]!;
          if (!flow[e]! && level[v]! === want && zero(cost[e]! + pi[u]! - pi[v]!)) {
            found = v;
            arc = e;
            ptr[u] = e;
            break;
          }
          ptr[u] = e + 1;
        }
      } else {
        const r = u - P;
        // ptr: revStart[r] - 1 stands for the sink arc, then the backward arcs.
        const end = revStart[r + 1]!;
        for (let i = ptr[u]!; i < end; i++) {
          if (i === revStart[r]! - 1) {
            if (flowT[r]! < capacity[r]! && level[T]! === want && zero(pi[u]! - pi[T]!)) {
              found = T;
              arc = -1;
              ptr[u] = i;
              break;
            }
          } else {
            const e = revPair[i]!;
            const v = revPaper[i]!;
            if (flow[e]! && level[v]! === want && zero(-cost[e]! + pi[u]! - pi[v]!)) {
              found = v;
              arc = e;
              ptr[u] = i;
              break;
            }
          }
          ptr[u] = i + 1;
        }
      }
      if (found >= 0) {
        stackArc[depth] = arc;
        stackNode[++depth] = found;
      } else {
        level[u] = -2; // dead for the rest of this blocking flow
        depth--;
      }
    }
    return false;
  };

  let phases = 0;
  let assigned = 0;
  for (;;) {
    const dT = dijkstra();
    if (dT === INF) break;
    phases++;
    for (let v = 0; v < N; v++) pi[v]! += Math.min(dist[v]!, dT);
    while (bfs()) {
      for (let p = 0; p < P; p++) ptr[p] = pairStart[p]!;
      for (let r = 0; r < R; r++) ptr[P + r] = revStart[r]! - 1;
      for (let p = 0; p < P; p++) {
        while (level[p]! === 0 && flowS[p]! < need[p]! && augmentFrom(p)) assigned++;
      }
    }
  }

  // The last Dijkstra found no path: what it reached is the source side of a minimum cut.
  const reachablePaper = new Uint8Array(P);
  const reachableReviewer = new Uint8Array(R);
  for (let p = 0; p < P; p++) reachablePaper[p] = dist[p]! < INF ? 1 : 0;
  for (let r = 0; r < R; r++) reachableReviewer[r] = dist[P + r]! < INF ? 1 : 0;

  let totalScore = 0;
  for (let e = 0; e < E; e++) if (flow[e]!) totalScore += pairScore[e]!;
  return {
    chosen: flow,
    assigned,
    totalScore,
    maxScore: M,
    potentialPaper: pi.slice(0, P),
    potentialReviewer: pi.slice(P, P + R),
    potentialSink: pi[T]!,
    reachablePaper,
    reachableReviewer,
    phases,
  };
}

/**
 * Whether a pair left out of the problem (score `score`) could improve the solution: a residual arc of negative
 * reduced cost, or an arc crossing the minimum cut. If no left-out pair violates, the solution is optimal
 * for the full pair set too.
 */
export function violatesOptimality(solution: AssignmentSolution, paper: number, reviewer: number, score: number): boolean {
  if (solution.reachablePaper[paper]! && !solution.reachableReviewer[reviewer]!) return true;
  return solution.maxScore - score + solution.potentialPaper[paper]! - solution.potentialReviewer[reviewer]! < -1e-9;
}

/**
 * Bounds computed from the certificate alone (weak duality), not from the algorithm's bookkeeping:
 * pairs ≤ capacity of the cut; for any flow of value F, Σ cost ≥ F·(π(t) − π(s)) − Σ_arcs u·max(0, π(w) − π(v) − c),
 * so total score ≤ F·M − that. Equal to the solution's figures exactly when it is optimal.
 */
export function boundAssignment(problem: AssignmentProblem, solution: AssignmentSolution): AssignmentBound {
  const { papers: P, reviewers: R, need, capacity, pairStart, pairReviewer, pairScore } = problem;
  const { potentialPaper: pp, potentialReviewer: pr, potentialSink: pt, reachablePaper, reachableReviewer, maxScore: M } = solution;
  let cut = 0;
  for (let p = 0; p < P; p++) if (!reachablePaper[p]!) cut += need[p]!;
  for (let r = 0; r < R; r++) if (reachableReviewer[r]!) cut += capacity[r]!;
  let penalty = 0;
  for (let p = 0; p < P; p++) {
    penalty += need[p]! * Math.max(0, pp[p]! - 0);
    for (let e = pairStart[p]!; e < pairStart[p + 1]!; e++) {
      const r = pairReviewer[e]!;
      if (reachablePaper[p]! && !reachableReviewer[r]!) cut += 1;
      penalty += Math.max(0, pr[r]! - pp[p]! - (M - pairScore[e]!));
    }
  }
  for (let r = 0; r < R; r++) penalty += capacity[r]! * Math.max(0, pt - pr[r]!);
  const F = solution.assigned;
  const lowerCost = F * pt - penalty;
  return { pairs: cut, totalScore: Math.round(F * M - lowerCost) };
}
