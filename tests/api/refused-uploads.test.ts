import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { pdfBytes } from '../support/multipart';
import { signupAs, type SignedUp } from '../support/users';

/**
 * Decision 0057: a request refused early (401, 403, 413) while its body is still arriving must still reach
 * the client as a status and a message. Node's own fetch over a real socket is the client: it keeps writing
 * the body and read EPIPE/ECONNRESET instead of the answer when the server closed the connection under it.
 */
let t: TestApp;
let base: string;
let reviewer: SignedUp;
beforeAll(async () => {
  t = await startTestApp({ MAX_UPLOAD_MB: '1' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  reviewer = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
});
afterAll(async () => {
  await t?.close();
});

const boundary = '----refused-upload';

/**
 * A multipart body that arrives as a slow client sends it: 64 KB pieces a couple of milliseconds apart, so the
 * answer comes while the client is still writing (a body sent in one piece hides the problem).
 */
function slowBody(size: number): ReadableStream<Uint8Array> {
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nRefused early\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="abstract"\r\n\r\nThe answer must reach the client.\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="paper.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const pdf = pdfBytes('refused', size);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  let at = -1;
  return new ReadableStream({
    async pull(c) {
      if (at < 0) {
        c.enqueue(new Uint8Array(head));
        at = 0;
        return;
      }
      if (at >= pdf.length) {
        c.enqueue(new Uint8Array(tail));
        c.close();
        return;
      }
      await new Promise((r) => setTimeout(r, 2));
      c.enqueue(new Uint8Array(pdf.subarray(at, at + 64 * 1024)));
      at += 64 * 1024;
    },
  });
}

/** 30 uploads: how many answered with `status` and a message, and what the others failed with. */
async function tries(headers: Record<string, string>, size: number, status: number) {
  let answered = 0;
  const failures: string[] = [];
  for (let i = 0; i < 30; i++) {
    try {
      const res = await fetch(`${base}/api/author/new-paper`, {
        method: 'POST',
        body: slowBody(size),
        duplex: 'half',
        headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      } as RequestInit);
      const body = (await res.json()) as { message?: string };
      if (res.status === status && typeof body.message === 'string') answered += 1;
      else failures.push(`${res.status} ${JSON.stringify(body)}`);
    } catch (err) {
      const cause = (err as { cause?: { code?: string } }).cause;
      failures.push(cause?.code ?? String(err));
    }
  }
  return { answered, failures };
}

describe('a refused upload is answered, not cut off', () => {
  for (const [label, size] of [
    ['1 KB', 1024],
    ['2 MB', 2 * 1024 * 1024],
  ] as const) {
    test(`anonymous, ${label}: 30 of 30 read 401 'Please login first'`, async () => {
      expect(await tries({}, size, 401)).toEqual({ answered: 30, failures: [] });
    });
    test(`wrong role, ${label}: 30 of 30 read 403`, async () => {
      expect(await tries(reviewer.auth, size, 403)).toEqual({ answered: 30, failures: [] });
    });
  }
  test('over the size limit (2 MB against 1 MB): 30 of 30 read 413', async () => {
    const author = await signupAs(t.app, 'Author');
    expect(await tries(author.auth, 2 * 1024 * 1024, 413)).toEqual({ answered: 30, failures: [] });
  });
});
