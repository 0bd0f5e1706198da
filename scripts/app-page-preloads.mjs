// The login area's prerendered pages (/login: react-router.config.ts) keep the app's module scripts but not their
// <link rel="modulepreload"> tags. Those ask for every module of the page at high priority before the first paint
// (30 files, 207 KB on /login), which Lighthouse counts against the first paint (FCP and LCP 2.7 s); without them the
// card paints from the HTML at once (0.8 s) and the entry script fetches the same modules through its imports.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = process.argv[2] ?? `${process.env.BUILD_DIR ?? 'build'}/client`;
const PAGES = ['login/index.html'];
for (const page of PAGES) {
  const file = path.join(root, page);
  if (!existsSync(file)) throw new Error(`${file} is missing: is ${page} still prerendered (react-router.config.ts)?`);
  const html = readFileSync(file, 'utf8');
  const links = html.match(/<link rel="modulepreload" href="[^"]*"\/>/g) ?? [];
  writeFileSync(file, html.replace(/<link rel="modulepreload" href="[^"]*"\/>/g, ''));
  console.log(`${page}: ${links.length} modulepreload links dropped`);
}
