import { expect, test } from 'vitest';
import { AppError } from '../errors';
import { AdmissionGate } from './admission';

const settle = () => new Promise((resolve) => setImmediate(resolve));

test('uploads take at most their share of the turns; a free turn goes to a waiting read before a waiting upload', async () => {
  const gate = new AdmissionGate({ concurrency: 2, maxUploads: 1, maxWaiting: 10, maxWaitMs: 60_000 });
  const order: string[] = [];
  const firstUpload = await gate.enter('a', { upload: true });
  // The share is taken: another upload waits although a turn is free, and a read goes in at once.
  let secondUploadIn = false;
  const secondUpload = gate.enter('b', { upload: true }).then((leave) => { secondUploadIn = true; order.push('upload b'); return leave; });
  const read = await gate.enter('c');
  await settle();
  expect(secondUploadIn).toBe(false);
  expect(gate.stats()).toMatchObject({ active: 2, waiting: 1 });
  // Both turns busy: a read and an upload wait; when the read's turn comes free, the waiting read gets it.
  const waitingRead = gate.enter('d').then((leave) => { order.push('read d'); return leave; });
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
