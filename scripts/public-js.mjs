// The JavaScript each prerendered public page loads (decision 0030): for every BUILD_DIR/client/**/index.html,
// the gzip size (level 9) of every /assets/*.js the HTML references (script src, modulepreload links,
// imports in inline module scripts) plus whatever those import statically, since the browser fetches
// those too. Dynamic import() targets are left out: they load only when the page asks for them.
// Usage: node scripts/public-js.mjs [--max <KB>] [--max-page <page>=<KB> ...] [--dir <build client dir>] [--verbose]
//   --max: exit 1 when any page's total is above that many KB (1 KB = 1024 bytes, as Lighthouse's table);
//   --max-page: that page's own budget instead (repeat for each page: --max-page /=12.5 --max-page /program=3).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const max = option('--max') === undefined ? undefined : Number(option('--max'));
if (max !== undefined && !Number.isFinite(max)) {
  console.error('--max needs a number of KB');
  process.exit(2);
}
const pageBudgets = new Map();
args.forEach((a, i) => {
  if (a !== '--max-page') return;
  const [page, value] = (args[i + 1] ?? '').split('=');
  if (!page || !Number.isFinite(Number(value))) {
    console.error('--max-page needs <page>=<KB>, e.g. --max-page /program=3');
    process.exit(2);
  }
  pageBudgets.set(page, Number(value));
});
const verbose = args.includes('--verbose');
const root = option('--dir') ?? path.join(process.env.BUILD_DIR ?? 'build', 'client');
if (!existsSync(path.join(root, 'index.html'))) {
  console.error(`no prerendered home page at ${path.join(root, 'index.html')}: build first (BUILD_DIR=... npm run build)`);
  process.exit(2);
}

/** The login area's prerendered pages (react-router.config.ts): the app's, not public, so not held to these budgets. */
const LOGIN_AREA = new Set(['/login/']);

/** Every prerendered public page: index.html at the root and in each folder outside /assets and the login area. */
function pages(dir, prefix = '/') {
  const found = [];
  if (existsSync(path.join(dir, 'index.html'))) found.push({ page: prefix, file: path.join(dir, 'index.html') });
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    if (name === 'assets' || LOGIN_AREA.has(`${prefix}${name}/`) || !statSync(full).isDirectory()) continue;
    found.push(...pages(full, `${prefix}${name}/`));
  }
  return found;
}

const ASSET = /\/assets\/[\w.-]+\.js/g;
/** Scripts an HTML page references: <script src>, <link rel="modulepreload">, and imports inside inline scripts. */
function htmlScripts(html) {
  const refs = new Set();
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+\.js)"/g)) refs.add(m[1]);
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)) {
    const href = /\bhref="([^"]+)"/.exec(m[0]);
    if (href) refs.add(href[1]);
  }
  for (const m of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const ref of m[1].matchAll(ASSET)) refs.add(ref[0]);
  }
  return [...refs].filter((r) => r.startsWith('/assets/'));
}

const cache = new Map();
function asset(ref) {
  if (!cache.has(ref)) {
    const body = readFileSync(path.join(root, ref));
    const text = body.toString('utf8');
    // Static imports of the built chunk: `import ... from "./x.js"`, `import "./x.js"`, `export ... from "./x.js"`.
    const imports = [
      ...text.matchAll(/(?:\bimport|\bexport)\s*(?:[\w*{}\s,$]+?\s*from\s*)?["'](\.{1,2}\/[^"']+\.js|\/assets\/[^"']+\.js)["']/g),
    ].map((m) => (m[1].startsWith('/') ? m[1] : path.posix.join(path.posix.dirname(ref), m[1])));
    cache.set(ref, { gzip: gzipSync(body, { level: 9 }).length, raw: body.length, imports });
  }
  return cache.get(ref);
}

function closure(refs) {
  const seen = new Set();
  const visit = (ref) => {
    if (seen.has(ref)) return;
    seen.add(ref);
    for (const dep of asset(ref).imports) visit(dep);
  };
  refs.forEach(visit);
  return seen;
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const rows = [];
for (const { page, file } of pages(root)) {
  const referenced = htmlScripts(readFileSync(file, 'utf8'));
  const all = closure(referenced);
  const gzip = [...all].reduce((n, ref) => n + asset(ref).gzip, 0);
  const raw = [...all].reduce((n, ref) => n + asset(ref).raw, 0);
  const row = {
    page: page === '/' ? '/' : page.replace(/\/$/, ''),
    scripts: all.size,
    notInHtml: all.size - referenced.length,
    raw,
    gzip,
    all,
  };
  rows.push(row);
}

const header = ['page', 'scripts', 'KB raw', 'KB gzip'];
const table = rows.map((r) => [
  r.page,
  String(r.scripts) + (r.notInHtml > 0 ? ` (+${r.notInHtml} imported only)` : ''),
  kb(r.raw),
  kb(r.gzip),
]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((t) => t[i].length)));
const line = (cells) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
console.log(line(header));
console.log(`|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
for (const t of table) console.log(line(t));

if (verbose) {
  for (const r of rows) {
    console.log(`\nscripts of ${r.page} (gzip bytes):`);
    for (const ref of [...r.all].sort((a, b) => asset(b).gzip - asset(a).gzip))
      console.log(`${String(asset(ref).gzip).padStart(8)}  ${ref}`);
  }
}

const unknown = [...pageBudgets.keys()].filter((page) => !rows.some((r) => r.page === page));
if (unknown.length) {
  console.error(`--max-page names pages that were not built: ${unknown.join(', ')}`);
  process.exit(2);
}
if (max !== undefined || pageBudgets.size) {
  const over = [];
  for (const r of rows) {
    const budget = pageBudgets.get(r.page) ?? max;
    if (budget === undefined) continue;
    if (r.gzip / 1024 > budget) over.push(`${r.page}: ${kb(r.gzip)} KB gzip is above its budget of ${budget} KB`);
  }
  if (over.length) {
    console.error(`Public pages' JavaScript over budget:\n${over.join('\n')}`);
    process.exit(1);
  }
  const checked = rows.filter((r) => pageBudgets.has(r.page) || max !== undefined).length;
  console.log(`every page's JavaScript within its budget (${checked} pages checked${max !== undefined ? `, ${max} KB unless named` : ''})`);
}
