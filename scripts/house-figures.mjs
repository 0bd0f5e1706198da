// Figures of the code's shape (decision 0058): files and lines per folder, route
// files per contract table, the shape of exported service functions, ad-hoc formatters, long lines and
// references that do not resolve. `node scripts/house-figures.mjs [dir]` prints them for a checkout.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const dir = path.resolve(process.argv[2] ?? '.');
const ts = createRequire(import.meta.url)('typescript');

function walk(d, out = []) {
  if (!fs.existsSync(d)) return out;
  for (const e of fs.readdirSync(d, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name.startsWith('.') || e.name === 'migrations') continue;
    const p = path.join(d, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (/\.(tsx?|mjs)$/.test(e.name)) out.push(p);
  }
  return out;
}
const rel = (p) => path.relative(dir, p);
const read = (p) => fs.readFileSync(p, 'utf8');
const all = ['src', 'tests', 'bench', 'scripts'].flatMap((d) => walk(path.join(dir, d)));

console.log('## Files and lines per folder');
const folders = [
  'src/core',
  'src/core/api',
  'src/server/routes',
  'src/server/services',
  'src/server/http',
  'src/server',
  'src/web/routes',
  'src/web/routes/editor',
  'src/web/components',
  'src/web',
  'tests/api',
  'tests/e2e',
  'tests/support',
  'bench',
  'scripts',
];
for (const f of folders) {
  const files = all.filter((p) => rel(p).startsWith(f + '/'));
  console.log(
    `${f.padEnd(24)} ${String(files.length).padStart(4)} files ${String(files.reduce((n, p) => n + read(p).split('\n').length, 0)).padStart(7)} lines`,
  );
}
const servicesDir = path.join(dir, 'src/server/services');
console.log(`service folders: ${fs.readdirSync(servicesDir, { withFileTypes: true }).filter((e) => e.isDirectory()).length}`);
const editorDir = path.join(dir, 'src/web/routes/editor');
console.log(
  `src/web/routes/editor: ${fs.readdirSync(editorDir).filter((n) => /\.tsx?$/.test(n)).length} flat files, ${fs.readdirSync(editorDir, { withFileTypes: true }).filter((e) => e.isDirectory()).length} folders`,
);

console.log('\n## Route files per contract table');
const tables = new Map();
for (const p of walk(path.join(dir, 'src/core/api')))
  for (const m of read(p).matchAll(/export const ([A-Z_]+) = endpoints\(/g)) tables.set(m[1], path.basename(p, '.ts'));
const served = new Map();
for (const p of walk(path.join(dir, 'src/server/routes')))
  for (const [t] of tables) if (new RegExp(`\\b${t}\\.`).test(read(p))) served.set(t, [...(served.get(t) ?? []), path.basename(p, '.ts')]);
let one = 0;
let same = 0;
for (const [t, file] of tables) {
  const r = served.get(t) ?? [];
  if (r.length === 1) one++;
  if (r.length === 1 && r[0] === file && fs.existsSync(path.join(servicesDir, file))) same++;
  if (r.length !== 1 || r[0] !== file)
    console.log(
      `  ${t} (core/api/${file}.ts): routes ${r.join(', ') || '—'}${fs.existsSync(path.join(servicesDir, file)) ? '' : ', no service folder ' + file}`,
    );
}
console.log(`tables: ${tables.size}; served by one route file: ${one}; by one route file and one service folder of its name: ${same}`);
console.log(`route files: ${walk(path.join(dir, 'src/server/routes')).length}`);

console.log('\n## Exported service functions');
const shape = { total: 0, options: 0, none: 0, one: 0, dbFirst: 0, threePlus: 0, rowTypes: 0 };
for (const p of walk(servicesDir).filter((x) => !x.endsWith('.test.ts'))) {
  const sf = ts.createSourceFile(p, read(p), ts.ScriptTarget.Latest, true);
  const fns = [];
  sf.forEachChild((n) => {
    const exported = n.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (!exported) return;
    if (ts.isFunctionDeclaration(n)) fns.push(n);
    if (ts.isVariableStatement(n))
      for (const d of n.declarationList.declarations)
        if (d.initializer && (ts.isArrowFunction(d.initializer) || ts.isFunctionExpression(d.initializer))) fns.push(d.initializer);
  });
  for (const f of fns) {
    shape.total++;
    const ps = f.parameters;
    if (ps.length === 0) shape.none++;
    else if (
      ps.length === 1 &&
      (ts.isObjectBindingPattern(ps[0].name) ||
        (ps[0].type && (ts.isTypeLiteralNode(ps[0].type) || /Opts|Options|Input|Args/.test(ps[0].type.getText()))))
    )
      shape.options++;
    else if (ps.length === 1) shape.one++;
    else if (ps[0].name.getText() === 'db' || ps[0].name.getText() === 'tx') shape.dbFirst++;
    if (ps.length >= 3) shape.threePlus++;
    const ret = f.type?.getText() ?? '';
    if (/\$inferSelect|Row\b|Row\[\]|Row>|Row \|/.test(ret)) shape.rowTypes++;
  }
}
console.log(
  `exported: ${shape.total}; one options object: ${shape.options}; no argument: ${shape.none}; one other argument: ${shape.one}; (db|tx, …): ${shape.dbFirst}; three or more positional: ${shape.threePlus}; declared row-type returns: ${shape.rowTypes}`,
);

console.log('\n## Ad-hoc formatting, long lines, references');
const src = all.filter((p) => rel(p).startsWith('src/'));
const formatHome = (p) => /(core\/format|web\/lib\/format)(\.test)?\.ts$/.test(p);
const count = (files, re) => files.reduce((n, p) => n + (read(p).match(re) ?? []).length, 0);
console.log(
  `date/number formatters outside the format modules: ${count(
    src.filter((p) => !formatHome(p)),
    /toLocaleDateString|toLocaleTimeString|toLocaleString\(|new Intl\.(DateTimeFormat|NumberFormat)/g,
  )}`,
);
console.log(`escapeHtml definitions: ${count(src, /(function|const) escapeHtml\b/g)}`);
console.log(`inline PostgreSQL array literals: ${count(src, /\$\{`\{\$\{/g)}`);
console.log(
  `lines over 140 characters: ${all.reduce(
    (n, p) =>
      n +
      read(p)
        .split('\n')
        .filter((l) => l.length > 140).length,
    0,
  )}`,
);
const root = ['eslint.config.js', 'vite.config.ts', 'vitest.config.ts', 'vite.islands.config.ts']
  .map((f) => path.join(dir, f))
  .filter((f) => fs.existsSync(f));
console.log(`comments citing an issue or SPEC: ${count([...all, ...root], /\b[Ii]ssues? \d+|SPEC §/g)}`);

// Import cycles in src, type-only imports included (lint's import-x/no-cycle refuses the run-time ones).
const files = new Set(src.map((p) => path.resolve(p)));
const resolveSpec = (from, spec) => {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec);
  for (const c of [base, base + '.ts', base + '.tsx', path.join(base, 'index.ts')]) if (files.has(c)) return c;
  return null;
};
const graph = new Map(
  [...files].map((f) => [
    f,
    [...read(f).matchAll(/(?:import|export)\s[^'";]*?from\s+'([^']+)'/g)].map((m) => resolveSpec(f, m[1])).filter(Boolean),
  ]),
);
let index = 0;
const stack = [];
const on = new Set();
const idx = new Map();
const low = new Map();
const sccs = [];
function strong(v) {
  idx.set(v, index);
  low.set(v, index);
  index++;
  stack.push(v);
  on.add(v);
  for (const w of graph.get(v)) {
    if (!idx.has(w)) {
      strong(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
  }
  if (low.get(v) === idx.get(v)) {
    const c = [];
    let w;
    do {
      w = stack.pop();
      on.delete(w);
      c.push(w);
    } while (w !== v);
    if (c.length > 1) sccs.push(c);
  }
}
for (const f of files) if (!idx.has(f)) strong(f);
console.log(`import cycles in src (type imports included): ${sccs.length}${sccs.map((c) => '\n  ' + c.map(rel).join(' ↔ ')).join('')}`);
