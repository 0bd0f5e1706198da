// Draws a V8 CPU profile (node --cpu-prof) as a flame graph (SVG) and prints where the time went: by package or
// source file (self time) and by top-down stack. For a benchmark's server, run the benchmark with
// BENCH_SERVER_NODE_OPTIONS='--cpu-prof --cpu-prof-dir=/tmp/prof', then:
//   node --import tsx bench/flame.ts /tmp/prof/CPU.*.cpuprofile docs/benchmarks/flame-load.svg
import { readFileSync, writeFileSync } from 'node:fs';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

interface Frame {
  name: string;
  where: string;
  self: number;
  total: number;
  children: Map<string, Frame>;
}

const [input, output] = process.argv.slice(2);
if (!input) {
  console.error('usage: node --import tsx bench/flame.ts <profile.cpuprofile> [out.svg]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(input, 'utf8')) as Profile;

/** Where a frame comes from: a package, a file of ours, Node itself, or V8's own buckets. */
function whereOf(frame: CallFrame): string {
  const url = frame.url;
  if (!url) return frame.functionName.startsWith('(') ? frame.functionName : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  const ours = /\/(src\/.+|app-server\/.+|bench\/.+)$/.exec(url);
  return ours ? ours[1]! : url;
}

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
// Time per sample: its delta (µs); V8's samples are not evenly spaced under load.
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + Math.max(0, profile.timeDeltas[i] ?? 0)));

const root: Frame = { name: 'all', where: '', self: 0, total: 0, children: new Map() };
const selfByWhere = new Map<string, number>();
const selfByFunction = new Map<string, number>();
const totalByOurFunction = new Map<string, number>();
let idleUs = 0;
for (const [id, us] of selfUs) {
  const stack: CallFrame[] = [];
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const node = byId.get(at)!;
    if (node.callFrame.functionName !== '(root)') stack.push(node.callFrame);
  }
  stack.reverse();
  const leaf = stack[stack.length - 1];
  if (leaf?.functionName === '(idle)') {
    idleUs += us;
    continue;
  }
  let frame = root;
  frame.total += us;
  for (const cf of stack) {
    const where = whereOf(cf);
    const name = cf.functionName || '(anonymous)';
    const key = `${name} ${where}:${cf.lineNumber + 1}`;
    let next = frame.children.get(key);
    if (!next) {
      next = { name, where, self: 0, total: 0, children: new Map() };
      frame.children.set(key, next);
    }
    next.total += us;
    frame = next;
  }
  frame.self += us;
  // Inclusive time of our own functions (each counted once per stack, recursion or not).
  const ours = new Set(
    stack
      .filter((cf) => /^(src|app-server)\//.test(whereOf(cf)))
      .map((cf) => `${cf.functionName || '(anonymous)'} (${whereOf(cf)}:${cf.lineNumber + 1})`),
  );
  for (const fn of ours) totalByOurFunction.set(fn, (totalByOurFunction.get(fn) ?? 0) + us);
  if (leaf) {
    const where = whereOf(leaf);
    selfByWhere.set(where, (selfByWhere.get(where) ?? 0) + us);
    const fn = `${leaf.functionName || '(anonymous)'} (${where}:${leaf.lineNumber + 1})`;
    selfByFunction.set(fn, (selfByFunction.get(fn) ?? 0) + us);
  }
}

const busy = root.total;
const wall = profile.endTime - profile.startTime;
const pct = (us: number) => `${((100 * us) / busy).toFixed(1)} %`;
console.log(
  `profile: ${(wall / 1e6).toFixed(1)} s wall, ${(busy / 1e6).toFixed(1)} s on the CPU (${((100 * busy) / wall).toFixed(0)} % of one core), ${(idleUs / 1e6).toFixed(1)} s idle`,
);
const top = (m: Map<string, number>, n: number, title: string) => {
  console.log(`\n${title}`);
  for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, n))
    console.log(`  ${pct(us).padStart(7)}  ${(us / 1e3).toFixed(0).padStart(7)} ms  ${k}`);
};
top(selfByWhere, 25, 'self time by package or file');
top(selfByFunction, 30, 'self time by function');
top(totalByOurFunction, 30, 'total time (self and callees) by function of ours');

// Top-down: the heaviest paths, down to frames of at least 2 % of the busy time.
console.log('\ntop-down (frames with at least 2 % of the busy time)');
const walk = (frame: Frame, depth: number) => {
  for (const child of [...frame.children.values()].sort((a, b) => b.total - a.total)) {
    if (child.total < busy * 0.02) break;
    console.log(`  ${pct(child.total).padStart(7)}  ${'  '.repeat(depth)}${child.name} [${child.where}]`);
    walk(child, depth + 1);
  }
};
walk(root, 0);

if (output) {
  const width = 1600;
  const rowHeight = 17;
  let maxDepth = 0;
  const rects: string[] = [];
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const colourOf = (where: string) => {
    if (where.startsWith('src/') || where.startsWith('app-server/')) return 'hsl(28, 90%, 62%)';
    if (where.startsWith('node:')) return 'hsl(200, 60%, 70%)';
    if (where.startsWith('(')) return 'hsl(0, 0%, 75%)';
    let h = 0;
    for (const ch of where) h = (h * 31 + ch.charCodeAt(0)) % 360;
    return `hsl(${(h % 60) + 40}, 75%, 60%)`;
  };
  const draw = (frame: Frame, x: number, depth: number) => {
    maxDepth = Math.max(maxDepth, depth);
    let at = x;
    for (const child of [...frame.children.values()].sort((a, b) => a.name.localeCompare(b.name))) {
      const w = (child.total / busy) * width;
      if (w >= 0.3) {
        const label = `${child.name} [${child.where}]`;
        const title = `${label} — ${pct(child.total)} (self ${pct(child.self)})`;
        const fits = Math.floor((w - 4) / 6.5);
        const text = fits >= 3 ? (label.length > fits ? label.slice(0, fits - 1) + '…' : label) : '';
        rects.push(
          `<g><title>${escape(title)}</title><rect x="${at.toFixed(2)}" y="${depth}" width="${w.toFixed(2)}" height="${rowHeight - 1}" fill="${colourOf(child.where)}"/>` +
            (text ? `<text x="${(at + 2).toFixed(2)}" y="${depth}" dy="12">${escape(text)}</text>` : '') +
            '</g>',
        );
        draw(child, at, depth + 1);
      }
      at += w;
    }
  };
  draw(root, 0, 0);
  const height = (maxDepth + 2) * rowHeight + 30;
  // Depth is drawn from the bottom up, as flame graphs are: y is rewritten once the depth is known.
  const body = rects.map((r) => r.replace(/ y="(\d+)"/g, (_, d: string) => ` y="${height - 10 - (Number(d) + 1) * rowHeight}"`));
  writeFileSync(
    output,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="monospace" font-size="11">` +
      `<rect width="100%" height="100%" fill="#fff"/><text x="4" y="14" font-size="13">${escape(`${input.split('/').pop()}: ${(busy / 1e6).toFixed(1)} s on the CPU; width is the share of it (hover for figures)`)}</text>` +
      body.join('') +
      '</svg>\n',
  );
  console.log(`\nflame graph: ${output}`);
}
