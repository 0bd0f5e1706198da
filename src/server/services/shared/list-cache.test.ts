import { expect, test } from 'vitest';
import { ListCache } from './list-cache';

test('a list is built once, then served from the cache until a write or its age makes it stale', async () => {
  let now = 0;
  let builds = 0;
  const cache = new ListCache(1000, 10, () => now);
  const build = async () => ({ n: ++builds });
  expect(await cache.get('r1', build)).toBe('{"n":1}');
  expect(await cache.get('r1', build)).toBe('{"n":1}');
  cache.invalidate();
  expect(await cache.get('r1', build)).toBe('{"n":2}');
  now = 1001;
  expect(await cache.get('r1', build)).toBe('{"n":3}');
});

test('a list built while a write was under way is not served after the write', async () => {
  const cache = new ListCache();
  let release!: () => void;
  const slow = cache.get(
    'r1',
    () =>
      new Promise((resolve) => {
        release = () => resolve({ stale: true });
      }),
  );
  cache.invalidate(); // the write's answer goes out while the read is still building
  release();
  expect(await slow).toBe('{"stale":true}');
  expect(await cache.get('r1', async () => ({ fresh: true }))).toBe('{"fresh":true}');
});

test('with a shared generation, a write counted by another instance makes this one rebuild', async () => {
  let value = 1;
  const shared = {
    current: async () => String(value),
    bump: async () => {
      value++;
    },
  };
  const a = new ListCache(60_000, 10, Date.now, shared);
  const b = new ListCache(60_000, 10, Date.now, shared);
  let builds = 0;
  const build = async () => ({ n: ++builds });
  expect(await b.get('r1', build)).toBe('{"n":1}');
  expect(await b.get('r1', build)).toBe('{"n":1}');
  await a.invalidate(); // a write through the other instance
  expect(await b.get('r1', build)).toBe('{"n":2}');
});
