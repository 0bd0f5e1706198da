// The worker thread that computes an edition's affinities (decision 0076), started by refresh.ts for each refresh so
// the server's event loop keeps answering meanwhile. It answers once and ends.
import { parentPort, workerData } from 'node:worker_threads';
import { computeAffinities, type AffinityInput } from './compute';

try {
  parentPort!.postMessage({ ok: true, rows: computeAffinities(workerData as AffinityInput) });
} catch (err) {
  parentPort!.postMessage({ ok: false, error: (err as Error).message });
}
