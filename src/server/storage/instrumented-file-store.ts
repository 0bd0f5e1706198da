import { performance } from 'node:perf_hooks';
import { finished, Readable } from 'node:stream';
import type { FileStoreKind, Metrics } from '../metrics';
import type { FileStore } from './file-store';

/**
 * The same store, each operation counted and timed for the metrics (decision 0067): put, get (until its stream
 * has ended), head, exists, delete, and whatever a store adds later, under the method's name. `localPath` only
 * names a place on the disk and is passed through untimed.
 */
export function instrumentFileStore(store: FileStore, kind: FileStoreKind, metrics: Metrics): FileStore {
  const wrapped: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(store)) {
    if (typeof value !== 'function') {
      wrapped[name] = value;
      continue;
    }
    const fn = value as (...args: unknown[]) => unknown;
    if (name === 'localPath') {
      wrapped[name] = fn.bind(store);
      continue;
    }
    wrapped[name] = (...args: unknown[]) => {
      const t0 = performance.now();
      const done = (ok: boolean) =>
        metrics.observeFileOperation({ operation: name, store: kind, ok, seconds: (performance.now() - t0) / 1000 });
      let result: unknown;
      try {
        result = fn.apply(store, args);
      } catch (e) {
        done(false);
        throw e;
      }
      if (result instanceof Promise) {
        return result.then(
          (v) => {
            done(true);
            return v;
          },
          (e: unknown) => {
            done(false);
            throw e;
          },
        );
      }
      if (result instanceof Readable) {
        // A stream is read when its reader reads it: counted once it ends, fails or is dropped half-way (an error).
        finished(result, (err) => done(!err));
        return result;
      }
      done(true);
      return result;
    };
  }
  return wrapped as unknown as FileStore;
}
