import { describe, expect, test } from 'vitest';
import { AppError } from '../errors';
import { HASHING_BUSY, HashQueue } from './hash-queue';

/** Work that finishes when the test says so, recording when it started. */
function gate(started: string[], name: string) {
  let open!: () => void;
  const done = new Promise<void>((resolve) => {
    open = resolve;
  });
  return {
    work: async () => {
      started.push(name);
      await done;
      return name;
    },
    open,
  };
}
const tick = () => new Promise((r) => setImmediate(r));

describe('HashQueue', () => {
  test('runs at most `concurrency` at once; turns go round-robin between addresses', async () => {
    const started: string[] = [];
    const q = new HashQueue({ concurrency: 1, maxWaiting: 8, maxWaitingPerAddress: 3 });
    const a = [1, 2, 3].map((i) => gate(started, `a${i}`));
    const b = gate(started, 'b1');
    const runs = [...a.map((g) => q.run('A', g.work)), q.run('B', b.work)];
    await tick();
    expect(started).toEqual(['a1']);
    expect(q.stats()).toMatchObject({ running: 1, waiting: 3 });
    a[0]!.open();
    await tick();
    a[1]!.open();
    await tick();
    // B waited behind one of A's, not behind all of them.
    expect(started).toEqual(['a1', 'a2', 'b1']);
    b.open();
    a[2]!.open();
    expect(await Promise.all(runs)).toEqual(['a1', 'a2', 'a3', 'b1']);
    expect(q.stats()).toEqual({ started: 4, running: 0, waiting: 0, refused: 0 });
  });

  test('full, or an address over its share: 503 with Retry-After at once, and others still wait', async () => {
    const started: string[] = [];
    const q = new HashQueue({ concurrency: 1, maxWaiting: 3, maxWaitingPerAddress: 1 });
    const first = gate(started, 'a1');
    const second = gate(started, 'a2');
    const running = [q.run('A', first.work), q.run('A', second.work)];
    const refused = await q.run('A', async () => 'a3').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).statusCode).toBe(503);
    expect((refused as AppError).message).toBe(HASHING_BUSY);
    expect(Number((refused as AppError).headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const others = [q.run('B', async () => 'b1'), q.run('C', async () => 'c1')];
    // The queue of 3 is full now (a2, b1, c1): anyone is refused.
    await expect(q.run('D', async () => 'd1')).rejects.toThrow(HASHING_BUSY);
    first.open();
    second.open();
    expect(await Promise.all([...running, ...others])).toEqual(['a1', 'a2', 'b1', 'c1']);
    expect(q.stats().refused).toBe(2);
  });

  test('a hash that fails hands its turn on', async () => {
    const q = new HashQueue({ concurrency: 1, maxWaiting: 2 });
    const failing = q.run('A', async () => {
      throw new Error('scrypt failed');
    });
    const next = q.run('B', async () => 'next');
    await expect(failing).rejects.toThrow('scrypt failed');
    expect(await next).toBe('next');
    expect(q.stats()).toMatchObject({ running: 0, waiting: 0 });
  });
});
