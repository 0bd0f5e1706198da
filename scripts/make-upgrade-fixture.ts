// The upgrade test's fixture (decision 0068): data written by a release, kept as that release's backup archive.
//
//   npx tsx scripts/make-upgrade-fixture.ts [COMMIT]      (default: HEAD, the last landed commit)
//
// The commit's own tree (git archive, nothing in this work tree is touched) is started as its own server on a
// new embedded database and filled through its API: accounts, papers with PDFs, a review, the review settings
// and the conference's facts; a registration is written in SQL, as the payment flow would leave it (the API
// needs a verified address and a payment provider). That server stopped, this release's `npm run backup` takes
// the archive into tests/fixtures/upgrade/, with what the test should read back in release.json.
// Run it when a release lands with new migrations, then commit both files.
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { systemClusterHome } from '../src/server/db/embedded-postgres';

const repo = process.cwd();
const commit = execFileSync('git', ['rev-parse', process.argv[2] ?? 'HEAD'], { encoding: 'utf8' }).trim();
const out = path.join(repo, 'tests', 'fixtures', 'upgrade');
const work = mkdtempSync(path.join(os.tmpdir(), 'imse-upgrade-fixture-'));
const tree = path.join(work, 'tree');
const dataDir = path.join(work, 'data');
const password = 'upgrade fixture password';

function pdf(label: string, size: number): Buffer {
  const head = Buffer.from(`%PDF-1.7\n% ${label}\n`);
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x20), Buffer.from('\n%%EOF\n')]);
}
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function main() {
  mkdirSync(tree);
  execFileSync('sh', ['-c', `git archive ${commit} | tar -x -C ${JSON.stringify(tree)}`]);
  symlinkSync(path.join(repo, 'node_modules'), path.join(tree, 'node_modules'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: tree,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: '', FILE_STORE: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stopped = new Promise((r) => server.once('exit', r));
  try {
    for (let i = 0; ; i++) {
      if (server.exitCode !== null) throw new Error(`the ${commit.slice(0, 8)} server exited`);
      if (
        await fetch(`${url}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (i > 1200) throw new Error('the server did not start in 2 minutes');
      await new Promise((r) => setTimeout(r, 100));
    }
    const call = async (method: string, p: string, auth: string | undefined, body?: unknown) => {
      const res = await fetch(`${url}/api${p}`, {
        method,
        headers: {
          ...(auth ? { authorization: `Bearer ${auth}` } : {}),
          ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      });
      const text = await res.text();
      if (res.status >= 300) throw new Error(`${method} ${p}: ${res.status} ${text}`);
      return text ? JSON.parse(text) : undefined;
    };
    const signup = async (role: string, name: string, email: string, tags: string[] = []) =>
      call('POST', '/signup', undefined, { name, email, password, confirmPassword: password, role, tags });
    const editor = await signup('Editor', 'Erin Editor', 'editor@upgrade-editor.example');
    const author = await signup('Author', 'Ada Author', 'ada@upgrade-author.example');
    const reviewer = await signup('Reviewer', 'Rui Reviewer', 'rui@upgrade-reviewer.example', ['AI']);

    const settings = { reviewersPerPaper: 4, maxPapersPerReviewer: 9 };
    await call('PUT', '/editor/settings', editor.token, settings);
    const { facts } = await call('GET', '/editor/conference', editor.token);
    const conference = { organiserName: 'Dr. Upgrade Fixture', organiserTitle: 'General Chair' };
    await call('PUT', '/editor/conference', editor.token, { ...facts, ...conference });

    const papers: Array<{ id: string; title: string; sha256: string }> = [];
    for (let i = 0; i < 3; i++) {
      const file = pdf(`upgrade fixture paper ${i}`, 4000 + i * 1500);
      const title = `Upgrade fixture paper ${i + 1}`;
      const fd = new FormData();
      fd.append('title', title);
      fd.append('abstract', `The abstract of paper ${i + 1}, kept across releases.`);
      fd.append('keywords', 'AI');
      fd.append('file', new Blob([new Uint8Array(file)], { type: 'application/pdf' }), 'paper.pdf');
      const r = await call('POST', '/author/new-paper', author.token, fd);
      papers.push({ id: r.paper._id, title, sha256: sha256(file) });
    }
    await call('POST', '/editor/send-paper', editor.token, { paperId: papers[0]!.id, reviewerId: reviewer.user._id });
    const review = {
      recommendation: 4,
      confidence: 3,
      commentsToAuthors: 'A sound paper; the evaluation could be larger.',
      commentsToEditor: 'Accept.',
    };
    await call('PUT', `/reviewer/review/${papers[0]!.id}`, reviewer.token, review);

    server.kill('SIGTERM');
    await stopped;

    // A paid registration as the payment flow leaves it, written with the commit's own embedded database up.
    const registration = {
      id: '6a0b0c0d0e0f101112131415',
      code: 'ABCD-EFGH-JKMN-PQRS',
      name: 'Pat Participant',
      email: 'pat@upgrade-attendee.example',
    };
    writeFileSync(path.join(tree, 'fixture-registration.ts'), embeddedSql(registration));
    const db = spawn(process.execPath, ['--import', 'tsx', 'fixture-registration.ts'], {
      cwd: tree,
      env: { ...process.env, DATA_DIR: dataDir },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const code = await new Promise((r) => db.once('exit', r));
    if (code !== 0) throw new Error('writing the registration failed');

    // This release's backup of that data is the fixture.
    const staging = path.join(work, 'backup');
    execFileSync(process.execPath, ['--import', 'tsx', 'src/server/ops/backup-cli.ts', staging], {
      cwd: repo,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', FILE_STORE: '' },
      stdio: 'inherit',
    });
    const [archive] = readdirSync(staging).filter((n) => n.endsWith('.tar.gz'));
    mkdirSync(out, { recursive: true });
    for (const old of readdirSync(out)) rmSync(path.join(out, old));
    renameSync(path.join(staging, archive!), path.join(out, 'release.tar.gz'));
    const expected = {
      commit,
      madeAt: new Date().toISOString(),
      password,
      editor: { email: 'editor@upgrade-editor.example' },
      author: { email: 'ada@upgrade-author.example' },
      reviewer: { email: 'rui@upgrade-reviewer.example', id: reviewer.user._id },
      papers,
      review: { paperId: papers[0]!.id, ...review },
      settings,
      conference,
      registration,
    };
    writeFileSync(path.join(out, 'release.json'), `${JSON.stringify(expected, null, 2)}\n`);
    console.log(`Fixture of ${commit.slice(0, 8)} written to ${path.relative(repo, out)}/release.tar.gz and release.json.`);
  } finally {
    if (server.exitCode === null) server.kill('SIGKILL');
    rmSync(work, { recursive: true, force: true });
    // As root the cluster may live outside the work folder (embedded-postgres.ts placeCluster).
    rmSync(systemClusterHome(dataDir), { recursive: true, force: true });
  }
}

/** A script for the commit's tree: start its embedded database and insert one paid registration. */
function embeddedSql(r: { id: string; code: string; name: string; email: string }): string {
  return `import path from 'node:path';
import pg from 'pg';
import { lockDataDir, startEmbeddedPostgres } from './src/server/db/embedded-postgres.ts';

const dataDir = process.env.DATA_DIR;
const unlock = lockDataDir(dataDir);
const embedded = await startEmbeddedPostgres({ dir: path.join(dataDir, 'pg') });
const client = new pg.Client({ connectionString: embedded.url });
try {
  await client.connect();
  await client.query(
    "insert into registrations (id, code, year, name, email, affiliation, country, category, currency, list_minor, amount_minor, status, paid_at) " +
      "values ($1, $2, 2026, $3, $4, 'Upgrade University', 'TH', 'attending', 'USD', 25000, 25000, 'paid', now())",
    [${JSON.stringify(r.id)}, ${JSON.stringify(r.code)}, ${JSON.stringify(r.name)}, ${JSON.stringify(r.email)}],
  );
} finally {
  await client.end();
  await embedded.stop();
  unlock();
}
`;
}

await main().catch((e) => {
  console.error(e);
  process.exit(1);
});
