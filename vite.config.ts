import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { build, defineConfig, type Plugin } from 'vite';

/**
 * React Router's child compiler passes Vite 8 the deprecated `envFile: false`, and Vite warns on every
 * build ("The `envFile` option is deprecated"). Our plugins run in that compiler too: turn the option
 * into its replacement, `envDir: false`, before Vite checks it.
 */
const envDirNotEnvFile: Plugin = {
  name: 'imse:env-dir-not-env-file',
  enforce: 'pre',
  config(config) {
    const c = config as { envFile?: boolean; envDir?: string | false };
    if (c.envFile === false) {
      delete c.envFile;
      c.envDir = false;
    }
  },
};

/**
 * The public pages' islands (decision 0030): built on their own by vite.islands.config.ts when the
 * browser's build starts; src/web/lib/island-scripts.ts then becomes the built files' names, which the
 * prerendered pages reference, and the files join the site's assets.
 */
function islands(): Plugin {
  const outDir = path.resolve(process.env.BUILD_DIR ?? 'build', 'islands');
  const scriptsModule = path.resolve('src/web/lib/island-scripts.ts');
  let building = false;
  return {
    name: 'imse:islands',
    configResolved(config) {
      building = config.command === 'build';
    },
    async buildStart() {
      if (building && this.environment.config.consumer === 'client') await build({ configFile: path.resolve('vite.islands.config.ts') });
    },
    load(id) {
      if (!building || id !== scriptsModule) return null;
      const manifestFile = path.join(outDir, '.vite', 'manifest.json');
      if (!existsSync(manifestFile)) throw new Error(`no island build at ${outDir}: the browser's build makes it first`);
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<
        string,
        { file: string; name?: string; isEntry?: boolean; imports?: string[] }
      >;
      const closure = (key: string, seen = new Set<string>()): Set<string> => {
        for (const dep of manifest[key]?.imports ?? [])
          if (!seen.has(dep)) {
            seen.add(dep);
            closure(dep, seen);
          }
        return seen;
      };
      const scripts = Object.fromEntries(
        Object.entries(manifest)
          .filter(([, chunk]) => chunk.isEntry)
          .map(([key, chunk]) => [
            chunk.name!.replace(/^island-/, ''),
            { src: `/${chunk.file}`, preload: [...closure(key)].map((dep) => `/${manifest[dep]!.file}`) },
          ]),
      );
      return `export const islandScripts = ${JSON.stringify(scripts)};`;
    },
    generateBundle() {
      if (this.environment.config.consumer !== 'client') return;
      const assets = path.join(outDir, 'assets');
      for (const name of readdirSync(assets)) {
        this.emitFile({ type: 'asset', fileName: `assets/${name}`, source: readFileSync(path.join(assets, name)) });
      }
    },
  };
}

/**
 * The build that prerenders the public pages writes the conference's facts as tokens, which the server fills in
 * with the current facts (decision 0050): src/web/content/prerendering.ts is true there only. Not in the
 * browser's bundle, the islands, the dev server or vitest (which also renders with import.meta.env.SSR set).
 */
function factTokens(): Plugin {
  const flagModule = path.resolve('src/web/content/prerendering.ts');
  let building = false;
  return {
    name: 'imse:fact-tokens',
    configResolved(config) {
      building = config.command === 'build';
    },
    load(id) {
      if (!building || id !== flagModule || this.environment.config.consumer !== 'server') return null;
      return 'export const PRERENDERING = true;';
    },
  };
}

/**
 * Code every page loads, public or login area, in one chunk (decision 0030): React, React DOM, its scheduler and
 * React Router, and the messages the root route imports. Left to itself the bundler cuts them into three
 * chunks plus a small one, and each extra file costs its own compression and import/export lists.
 */
const EVERY_PAGE = /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|src[\\/]core[\\/]messages\.ts$/;
/** What every public page imports (the conference's facts, the page meta helper): one chunk, not two small ones. */
const EVERY_PUBLIC_PAGE = /src[\\/]web[\\/](content[\\/]conference|components[\\/]seo)\.ts$/;
/**
 * The login area's client and the contract it is typed from (src/core/api's endpoints and their schemas;
 * decision 0018): one chunk. Left to itself the bundler cuts a chunk for each set of screens that share a schema, and
 * the manifest every page loads, public ones too, lists each screen's chunks. A group also takes what its
 * modules import, so two groups before it keep out what public pages share with it: core's own modules and the
 * contact form's limits (each its own chunk, as the bundler would cut them), and the payment form's schemas
 * (with zod), which the registration page loads on demand.
 */
const SHARED_WITH_PUBLIC = /src[\\/]core[\\/](?:[\w-]+|schemas[\\/]contact-limits)\.ts$/;
const PAYMENT_FORM = /src[\\/]core[\\/]schemas[\\/](?:payment|fee-item)\.ts$/;
const LOGIN_AREA_CONTRACT = /src[\\/](?:core[\\/](?:api|schemas)|web[\\/]api[\\/](?!public))/;
const moduleName = (id: string) => id.replace(/^.*[\\/]|\.ts$/g, '');

export default defineConfig({
  plugins: [envDirNotEnvFile, tailwindcss(), reactRouter(), islands(), factTokens()],
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: EVERY_PAGE },
            { name: 'public', test: EVERY_PUBLIC_PAGE },
            { name: moduleName, test: SHARED_WITH_PUBLIC },
            { name: 'payment-form', test: PAYMENT_FORM },
            { name: 'contract', test: LOGIN_AREA_CONTRACT },
          ],
        },
      },
    },
  },
});
