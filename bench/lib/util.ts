import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Everything a benchmark started, stopped in reverse order on exit, error or Ctrl-C. */
const cleanups: Array<() => Promise<void> | void> = [];
export function onCleanup(fn: () => Promise<void> | void): void {
  cleanups.push(fn);
}
async function runCleanups(): Promise<void> {
  while (cleanups.length) {
    const fn = cleanups.pop()!;
    try {
      await fn();
    } catch (err) {
      console.error('cleanup failed:', err);
    }
  }
}

/** Run a benchmark's body, then stop whatever it started; exit 1 on error. */
export function runBench(name: string, body: () => Promise<void>): void {
  const started = Date.now();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void runCleanups().then(() => process.exit(130));
    });
  }
  console.log(`\n## ${name}\n`);
  body()
    .then(runCleanups)
    .then(() => console.log(`\n(${name}: ${((Date.now() - started) / 1000).toFixed(0)} s)`))
    .catch(async (err) => {
      console.error(err);
      await runCleanups();
      process.exit(1);
    });
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Nearest-rank percentile of an unsorted list. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export function fmt(n: number, digits = 1): string {
  if (!Number.isFinite(n)) return '–';
  return n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** A Markdown table with padded columns, so it reads in a terminal and pastes into docs. */
export function printTable(headers: string[], rows: Array<Array<string | number>>): void {
  const cells = rows.map((r) => r.map(String));
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => `| ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  console.log(line(headers));
  console.log(`|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : '-'.repeat(w + 1) + ':')).join('|')}|`);
  for (const r of cells) console.log(line(r));
  console.log('');
}

export const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** Install a Debian package (as root, with apt-get update first) unless `present()` already holds. */
export function ensureDebianPackage(debianPackage: string, present: () => boolean): boolean {
  if (present()) return true;
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) return false;
  console.log(`installing Debian's ${debianPackage}…`);
  const r = spawnSync('sh', ['-c', `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${debianPackage}`], {
    stdio: 'inherit',
  });
  return r.status === 0 && present();
}

const which = (command: string) =>
  spawnSync('sh', ['-c', `command -v ${command} || { test -x /usr/sbin/${command} && echo /usr/sbin/${command}; }`], {
    encoding: 'utf8',
  }).stdout.trim();

/** The path of a command, installing its Debian package when it is missing. */
export function ensureCommand(command: string, debianPackage: string): string {
  if (!ensureDebianPackage(debianPackage, () => which(command) !== '')) {
    throw new Error(`${command} is missing: install it with  sudo apt-get update && sudo apt-get install -y ${debianPackage}`);
  }
  return which(command);
}

/**
 * The built site to serve: WEB_DIR, else BUILD_DIR/client, else build/client; built with
 * `npm run build` when it is missing.
 */
export function ensureWebDir(): string {
  const dir = path.resolve(process.env.WEB_DIR ?? path.join(process.env.BUILD_DIR ?? 'build', 'client'));
  if (!existsSync(path.join(dir, 'index.html'))) {
    if (process.env.WEB_DIR) throw new Error(`WEB_DIR=${dir} has no index.html`);
    console.log(`No build in ${dir}: running npm run build…`);
    const r = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (r.status !== 0) throw new Error('npm run build failed');
  }
  return dir;
}

export function machine(): { cpus: number; model: string; memoryGiB: number; node: string } {
  const cpuinfo = existsSync('/proc/cpuinfo') ? readFileSync('/proc/cpuinfo', 'utf8') : '';
  const model = /model name\s*:\s*(.+)/.exec(cpuinfo)?.[1]?.trim() ?? os.cpus()[0]?.model ?? 'unknown';
  return { cpus: os.availableParallelism(), model, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version };
}

export function printMachine(): void {
  const m = machine();
  console.log(`machine: ${m.cpus} cores, ${m.model}, ${m.memoryGiB} GiB, Node ${m.node}, ${new Date().toISOString().slice(0, 10)}\n`);
}

/** CPU time (user + system) a process has used so far, in ms, from /proc/<pid>/stat. */
export function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}
