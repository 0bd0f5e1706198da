import { readdirSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vite';

/** One entry per kind of public page: src/web/islands/<name>.ts (src/web/lib/islands.ts lists the names). */
const ENTRIES = 'src/web/islands';

/**
 * The public pages' island scripts, built on their own before React Router's build (decision 0030):
 * plain TypeScript on the prerendered markup, no framework. The manifest tells vite.config.ts which hashed
 * files each page loads; that build copies them into the site's assets.
 */
export default defineConfig({
  publicDir: false,
  logLevel: 'warn',
  build: {
    outDir: path.join(process.env.BUILD_DIR ?? 'build', 'islands'),
    emptyOutDir: true,
    manifest: true,
    // No preload helper: a page preloads its island's static imports itself (root.tsx), and the one module it
    // loads on demand (the payment form's schemas) is fetched when the payer starts on the form.
    modulePreload: false,
    rolldownOptions: {
      input: Object.fromEntries(
        readdirSync(ENTRIES)
          .filter((f) => f.endsWith('.ts'))
          .map((f) => [`island-${f.slice(0, -3)}`, `${ENTRIES}/${f}`]),
      ),
      output: { entryFileNames: 'assets/[name]-[hash].js', chunkFileNames: 'assets/island-[name]-[hash].js' },
    },
  },
});
