// The second thread of bench/expertise-scale.ts. `read`: makes and reads a range of the synthetic texts and
// posts the term counts back. `score`: each paper of a range gets its top reviewers from the index it shares
// (SharedArrayBuffer-backed typed arrays, no copy); posts how many pairs it kept and its wall time.
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { createScratch, paperVector, topReviewers, type AffinityIndex } from '../../src/core/expertise/affinity';
import { readRange } from './expertise-texts';

type Job =
  { mode: 'read'; range: Parameters<typeof readRange>[0] } | { mode: 'score'; index: AffinityIndex; from: number; to: number; k: number };

const job = workerData as Job;
if (job.mode === 'read') {
  const half = readRange(job.range);
  const { read } = half;
  parentPort!.postMessage(half, [read.offsets.buffer, read.ids.buffer, read.tfs.buffer, read.lengths.buffer] as ArrayBuffer[]);
} else {
  const started = performance.now();
  const scratch = createScratch(job.index);
  let pairs = 0;
  for (let p = job.from; p < job.to; p++) pairs += topReviewers(job.index, paperVector(job.index, p), job.k, scratch).length;
  parentPort!.postMessage({ pairs, ms: performance.now() - started });
}
