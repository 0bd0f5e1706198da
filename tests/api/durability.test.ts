import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { newDataDir } from '../support/app';
import { freshPostgresUrl } from '../support/database';
import { startServerProcess } from '../support/server-process';
import { pdfBytes } from '../support/multipart';

const cleanups: Array<() => Promise<void> | void> = [];
// Every cleanup runs even when an earlier one fails; what still escapes is removed by the run's teardown.
afterAll(async () => {
  const errors: unknown[] = [];
  for (const c of cleanups.reverse())
    await Promise.resolve()
      .then(c)
      .catch((e) => errors.push(e));
  if (errors.length) throw errors[0];
}, 180_000);

async function json(res: Response) {
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function signup(url: string, role: string, tags: string[] = []) {
  const email = `${role.toLowerCase()}@${Math.random().toString(36).slice(2)}.example`; // own registrable domain: no conflict of interest
  const res = await fetch(`${url}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: role, email, password: 'correct horse battery', confirmPassword: 'correct horse battery', role, tags }),
  });
  const body = await json(res);
  return {
    token: body.token as string,
    user: body.user as { _id: string; email: string },
    auth: { authorization: `Bearer ${body.token}` },
  };
}

function submit(url: string, auth: Record<string, string>, title: string, pdf: Buffer) {
  const fd = new FormData();
  fd.append('title', title);
  fd.append('abstract', 'Durability');
  fd.append('keywords', 'AI');
  fd.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'd.pdf');
  return fetch(`${url}/api/author/new-paper`, { method: 'POST', headers: auth, body: fd });
}

/** A DATA_DIR and either the embedded database the server starts in it (the default) or a server database. */
async function environment(opts: { database: 'embedded' | 'server' }) {
  const dataDir = newDataDir();
  const pg = opts.database === 'server' ? await freshPostgresUrl() : undefined;
  cleanups.push(async () => {
    await pg?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { DATA_DIR: dataDir, JWT_SECRET: 'durability-secret-durability-secret-01', ...(pg ? { DATABASE_URL: pg.url } : {}) };
}

describe('durability', () => {
  test('after SIGKILL under a stream of submissions and comments, every acknowledged write is there, whole (embedded database)', async () => {
    const env = await environment({ database: 'embedded' });
    let server = await startServerProcess(env);
    const editor = await signup(server.url, 'Editor');
    const author = await signup(server.url, 'Author');
    const reviewer = await signup(server.url, 'Reviewer', ['AI']);
    const first = await json(await submit(server.url, author.auth, 'Assigned', pdfBytes('assigned')));
    await fetch(`${server.url}/api/editor/send-paper`, {
      method: 'POST',
      headers: { ...editor.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ paperId: first.paper._id, reviewerId: reviewer.user._id }),
    });

    const acknowledged = new Map<string, Buffer>();
    const comments: string[] = [];
    let stop = false;
    const writers = Array.from({ length: 4 }, async (_, w) => {
      for (let i = 0; !stop; i++) {
        try {
          if (i % 2 === 0) {
            const pdf = pdfBytes(`writer ${w} paper ${i} ${Math.random()}`, 20_000 + i * 1000);
            const res = await submit(server.url, author.auth, `W${w}-${i}`, pdf);
            if (res.status === 201) acknowledged.set((await json(res)).paper._id, pdf);
          } else {
            const text = `comment ${w}-${i}-${Math.random()}`;
            const res = await fetch(`${server.url}/api/reviewer/add-comment/${first.paper._id}`, {
              method: 'POST',
              headers: { ...reviewer.auth, 'content-type': 'application/json' },
              body: JSON.stringify({ reviewerId: reviewer.user._id, text }),
            });
            if (res.status === 201 && (await json(res)).message === 'Comment saved!') comments.push(text);
          }
        } catch {
          // The server was killed mid-request: an unacknowledged write may or may not be there.
        }
      }
    });
    // At least 2.5 s of writes, and enough acknowledged of each kind to mean something (a loaded CI machine is slow).
    const started = Date.now();
    while ((Date.now() - started < 2500 || acknowledged.size <= 3 || comments.length <= 3) && Date.now() - started < 90_000) {
      await new Promise((r) => setTimeout(r, 100));
    }
    await server.stop('SIGKILL');
    stop = true;
    await Promise.all(writers);
    expect(acknowledged.size).toBeGreaterThan(3);
    expect(comments.length).toBeGreaterThan(3);

    server = await startServerProcess(env);
    cleanups.push(() => server.stop());
    const papers = await json(await fetch(`${server.url}/api/editor/papers`, { headers: editor.auth }));
    const byId = new Map<string, { pdf: string | null }>(papers.map((p: { _id: string; pdf: string | null }) => [p._id, p]));
    for (const [id, pdf] of acknowledged) {
      const paper = byId.get(id);
      expect(paper, `acknowledged paper ${id}`).toBeDefined();
      const file = await fetch(`${server.url}${paper!.pdf}`);
      expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
    }
    // Nothing half-written: every paper that is visible has its whole PDF.
    for (const p of papers) {
      expect(p.pdf).not.toBeNull();
      const file = await fetch(`${server.url}${p.pdf}`);
      expect(file.status).toBe(200);
      expect(
        Buffer.from(await file.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    }
    const detail = await json(await fetch(`${server.url}/api/author/paper/${first.paper._id}`, { headers: author.auth }));
    const stored = new Set(detail.paper.comments.map((c: { text: string }) => c.text));
    for (const c of comments) expect(stored.has(c), c).toBe(true);
  }, 180_000);

  test('a full disk during an upload gives a clear error and leaves no row', async (ctx) => {
    const env = await environment({ database: 'server' });
    const filesDir = path.join(env.DATA_DIR, 'files');
    execFileSync('mkdir', ['-p', filesDir]);
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', filesDir], { stdio: 'ignore' });
    } catch {
      console.warn('SKIPPED: this machine does not allow mounting a small tmpfs to fill up, so the full-disk test cannot run here');
      ctx.skip();
    }
    cleanups.push(() => {
      try {
        execFileSync('umount', [filesDir]);
      } catch {
        /* already */
      }
    });
    // Files on the small disk (with DATABASE_URL they would go to PostgreSQL by default).
    const server = await startServerProcess({ ...env, FILE_STORE: 'disk' });
    cleanups.push(() => server.stop());
    const author = await signup(server.url, 'Author');
    const res = await submit(server.url, author.auth, 'Too big for the disk', pdfBytes('full', 3 * 1024 * 1024));
    expect(res.status).toBe(503);
    expect(await json(res)).toEqual({ message: 'The server cannot store files right now. Please try again later.' });
    const mine = await json(await fetch(`${server.url}/api/author/my-papers`, { headers: author.auth }));
    expect(mine.papers).toEqual([]);
    // The disk has room again once the partial file is gone: a small paper goes through.
    const small = await submit(server.url, author.auth, 'Small', pdfBytes('small', 10_000));
    expect(small.status).toBe(201);
  }, 180_000);
});

/** A TCP relay to PostgreSQL that can be cut: while it is down, live connections drop and new ones are refused. */
async function startRelay(target: URL) {
  const net = await import('node:net');
  const sockets = new Set<import('node:net').Socket>();
  let down = false;
  const server = net.createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {});
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as import('node:net').AddressInfo).port,
    cut() {
      down = true;
      for (const s of sockets) s.destroy();
    },
    restore() {
      down = false;
    },
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

describe('PostgreSQL outage', () => {
  test('while the database is gone requests get a clean 503, the server stays up, and recovers by itself', async () => {
    const env = await environment({ database: 'server' });
    const dbUrl = new URL(env.DATABASE_URL!);
    const relay = await startRelay(dbUrl);
    cleanups.push(() => relay.close());
    const viaRelay = new URL(dbUrl);
    viaRelay.hostname = '127.0.0.1';
    viaRelay.port = String(relay.port);
    const server = await startServerProcess({ ...env, DATABASE_URL: viaRelay.toString() });
    cleanups.push(() => server.stop());
    const author = await signup(server.url, 'Author');
    expect((await fetch(`${server.url}/api/author/my-papers`, { headers: author.auth })).status).toBe(200);

    relay.cut();
    const during: number[] = [];
    const bodies: unknown[] = [];
    const until = Date.now() + 3000;
    while (Date.now() < until) {
      const [a, b] = await Promise.all([
        fetch(`${server.url}/api/author/my-papers`, { headers: author.auth }),
        fetch(`${server.url}/api/health`),
      ]);
      during.push(a.status, b.status);
      bodies.push(await json(a));
      await json(b);
    }
    expect(new Set(during)).toEqual(new Set([503]));
    expect(JSON.stringify(bodies)).not.toMatch(/\bat \w|\.ts:|ECONN/);
    expect(server.child.exitCode).toBeNull();
    // The public pages do not need the database.
    expect((await fetch(`${server.url}/api/health`)).status).toBe(503);

    relay.restore();
    let recovered = false;
    for (let i = 0; i < 50 && !recovered; i++) {
      recovered = (await fetch(`${server.url}/api/author/my-papers`, { headers: author.auth })).status === 200;
      if (!recovered) await new Promise((r) => setTimeout(r, 200));
    }
    expect(recovered).toBe(true);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  }, 180_000);
});

describe('graceful stop', () => {
  test('SIGTERM lets an upload in flight finish (201, stored), then the process exits cleanly', async () => {
    const env = await environment({ database: 'embedded' });
    const server = await startServerProcess(env);
    cleanups.push(() => server.stop('SIGKILL'));
    const author = await signup(server.url, 'Author');
    const { multipart } = await import('../support/multipart');
    const pdf = pdfBytes('in flight', 2_000_000);
    const { payload, contentType } = await multipart([
      ['title', 'In flight'],
      ['abstract', 'Sent across a SIGTERM'],
      ['file', pdf, 'f.pdf'],
    ]);
    const net = await import('node:net');
    const { port } = new URL(server.url);
    const answer = new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST /api/author/new-paper HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${author.auth.authorization}\r\n` +
            `Content-Type: ${contentType}\r\nContent-Length: ${payload.length}\r\nConnection: close\r\n\r\n`,
        );
        socket.write(payload.subarray(0, 1_000_000));
        // Half the body is in; the server is told to stop; then the rest arrives.
        setTimeout(() => {
          server.child.kill('SIGTERM');
          setTimeout(() => socket.write(payload.subarray(1_000_000)), 300);
        }, 300);
      });
      let text = '';
      socket.on('data', (d) => {
        text += d.toString('latin1');
      });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
    const text = await answer;
    expect(text.split('\r\n')[0]).toBe('HTTP/1.1 201 Created');
    expect(await exited).toBe(0);

    const again = await startServerProcess(env);
    cleanups.push(() => again.stop());
    const mine = await json(await fetch(`${again.url}/api/author/my-papers`, { headers: author.auth }));
    expect(mine.papers.map((p: { title: string }) => p.title)).toEqual(['In flight']);
    const file = await fetch(`${again.url}${mine.papers[0].pdf}`);
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
  }, 180_000);
});
