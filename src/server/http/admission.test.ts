import { expect, test } from 'vitest';
import { AppError } from '../errors';
import { performance } from 'node:perf_hooks';
import { AdmissionGate, SHEDDING_HOLD_MS } from './admission';

const settle = () => new Promise((resolve) => setImmediate(resolve));

test('uploads take at most their share of the turns; a free turn goes to a waiting read before a waiting upload', async () => {
  const gate = new AdmissionGate({ concurrency: 2, maxUploads: 1, maxWaiting: 10, maxWaitMs: 60_000 });
  const order: string[] = [];
  const firstUpload = await gate.enter('a', { upload: true });
  // The share is taken: another upload waits although a turn is free, and a read goes in at once.
  let secondUploadIn = false;
  const secondUpload = gate.enter('b', { upload: true }).then((leave) => {
    secondUploadIn = true;
    order.push('upload b');
    return leave;
  });
  const read = await gate.enter('c');
  await settle();
  expect(secondUploadIn).toBe(false);
  expect(gate.stats()).toMatchObject({ active: 2, waiting: 1 });
  // Both turns busy: a read and an upload wait; when the read's turn comes free, the waiting read gets it.
  const waitingRead = gate.enter('d').then((leave) => {
    order.push('read d');
    return leave;
  });
  await settle();
  read();
  const leaveD = await waitingRead;
  await settle();
  expect(order).toEqual(['read d']);
  // The upload's turn comes free: the waiting upload gets it.
  firstUpload();
  const leaveB = await secondUpload;
  expect(order).toEqual(['read d', 'upload b']);
  leaveD();
  leaveB();
  expect(gate.stats()).toMatchObject({ active: 0, waiting: 0 });
});

test('without a share, uploads and reads take turns as before', async () => {
  const gate = new AdmissionGate({ concurrency: 1, maxWaiting: 1, maxWaitMs: 60_000 });
  const upload = await gate.enter('a', { upload: true });
  const waiting = gate.enter('b');
  await expect(gate.enter('c')).rejects.toBeInstanceOf(AppError);
  upload();
  (await waiting)();
  expect(gate.stats()).toMatchObject({ active: 0, waiting: 0, refused: 1 });
});

test('one address runs at most its share of the upload turns; an upload from another address goes in at once', async () => {
  const gate = new AdmissionGate({ concurrency: 8, maxUploads: 4, maxUploadsPerAddress: 2, maxWaiting: 10, maxWaitMs: 60_000 });
  const a1 = await gate.enter('a', { upload: true });
  const a2 = await gate.enter('a', { upload: true });
  let a3In = false;
  const a3 = gate.enter('a', { upload: true }).then((leave) => {
    a3In = true;
    return leave;
  });
  await settle();
  expect(a3In).toBe(false);
  // Another address's upload is not queued behind the capped one.
  const b1 = await gate.enter('b', { upload: true });
  expect(gate.stats()).toMatchObject({ active: 3, waiting: 1 });
  // When one of a's uploads ends, its waiting upload goes in.
  a1();
  const leaveA3 = await a3;
  expect(a3In).toBe(true);
  for (const leave of [a2, leaveA3, b1]) leave();
  expect(gate.stats()).toMatchObject({ active: 0, waiting: 0 });
});

test('the gate sheds while full and for a while after shedding a request, not when one client is over its share', async () => {
  const gate = new AdmissionGate({ concurrency: 1, maxWaiting: 4, maxWaitingPerAddress: 1, maxWaitMs: 60_000 });
  const t0 = 1_000_000;
  const held = await gate.enter('a');
  expect(gate.shedding(t0)).toBe(false);
  // One address over its share of the queue is refused: that client's limit, not the server shedding.
  const waiting = gate.enter('b');
  await expect(gate.enter('b')).rejects.toBeInstanceOf(AppError);
  expect(gate.stats()).toMatchObject({ refused: 1, shed: 0 });
  expect(gate.shedding(t0)).toBe(false);
  // The queue full: shedding now, whatever the time.
  const others = ['c', 'd', 'e'].map((address) => gate.enter(address));
  expect(gate.stats().waiting).toBe(4);
  expect(gate.shedding(t0)).toBe(true);
  const refusedAt = performance.now();
  await expect(gate.enter('f')).rejects.toBeInstanceOf(AppError);
  expect(gate.stats()).toMatchObject({ refused: 2, shed: 1 });
  held();
  // One turn: each waiting request runs and leaves in its turn.
  for (const turn of [waiting, ...others]) (await turn)();
  expect(gate.stats()).toMatchObject({ active: 0, waiting: 0 });
  // Empty again: still shedding for SHEDDING_HOLD_MS after the request it shed, then not.
  expect(gate.shedding(refusedAt + SHEDDING_HOLD_MS - 1)).toBe(true);
  expect(gate.shedding(refusedAt + SHEDDING_HOLD_MS + 1)).toBe(false);
});
