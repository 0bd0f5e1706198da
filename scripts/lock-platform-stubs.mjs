// The npm registry mirror this project is built against does not serve some platform-specific optional
// packages (rollup and tailwind binaries for other systems), so `npm install` leaves them out of
// package-lock.json and `npm ci` then refuses the lock. This adds lock entries for them with their
// os/cpu/libc, so npm ci skips them on other platforms without fetching, as it does for any optional
// package of a foreign platform. Run it after changing dependencies: node scripts/lock-platform-stubs.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const file = process.argv[2] ?? 'package-lock.json';
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;

function platformOf(name) {
  const n = name.split('/').pop();
  const os = ['android', 'darwin', 'freebsd', 'openbsd', 'openharmony', 'win32', 'linux', 'sunos', 'aix', 'netbsd'].find(
    (o) => n.includes(`-${o}-`) || n.endsWith(`-${o}`),
  );
  const cpu = ['arm64', 'arm', 'x64', 'ia32', 'loong64', 'ppc64', 'riscv64', 's390x', 'wasm32', 'mips64el'].find((c) =>
    new RegExp(`-${c}(-|$)`).test(n),
  );
  const libc = /-musl/.test(n) ? 'musl' : /-gnu/.test(n) && os === 'linux' ? 'glibc' : undefined;
  return { os, cpu, libc };
}

let added = 0;
for (const [path, pkg] of Object.entries(packages)) {
  for (const [dep, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    // npm looks for a dependency beside the package first, then up the tree.
    const candidates = [];
    let base = path;
    for (;;) {
      candidates.push(`${base ? `${base}/` : ''}node_modules/${dep}`);
      const i = base.lastIndexOf('node_modules/');
      if (i < 0) break;
      base = base.slice(0, i).replace(/\/$/, '');
    }
    if (candidates.some((c) => packages[c])) continue;
    const { os, cpu, libc } = platformOf(dep);
    if (!os && !cpu) continue;
    const entry = { version, ...(pkg.dev ? { dev: true } : {}), optional: true };
    if (cpu) entry.cpu = [cpu];
    if (os) entry.os = [os];
    if (libc) entry.libc = [libc];
    packages[`node_modules/${dep}`] = entry;
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)),
);
writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log(`added ${added} platform stubs to ${file}`);
