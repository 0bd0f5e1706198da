import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Decision 0020: files are shared by content hash, so a request that fails after storing its file must not
 * delete it while another request that stored the same bytes has not yet committed the row naming it.
 * Every `put` takes a hold on the key (kept for HOLD_MS); `delete` lets go of the holds the current request
 * took and removes the file only if nobody else holds it. The request is told apart by this scope, which
 * app.ts opens for every request.
 */
export const HOLD_MS = 60 * 60 * 1000;

const scope = new AsyncLocalStorage<Map<string, string[]>>();

/** Run `fn` (and everything it starts) as one request: holds taken inside belong to it. */
export function withHoldScope<T>(fn: () => T): T {
  return scope.run(new Map(), fn);
}

export function rememberHold(key: string, holdId: string): void {
  const mine = scope.getStore();
  if (!mine) return;
  const list = mine.get(key) ?? [];
  list.push(holdId);
  mine.set(key, list);
}

/** The holds the current request took on `key`, forgotten as they are handed back. */
export function takeOwnHolds(key: string): string[] {
  const mine = scope.getStore();
  const list = mine?.get(key) ?? [];
  mine?.delete(key);
  return list;
}
