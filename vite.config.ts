import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

/**
 * React Router's child compiler passes Vite 8 the deprecated `envFile: false`, and Vite warns on every
 * build ("The `envFile` option is deprecated"). Our plugins run in that compiler too: turn the option
 * into its replacement, `envDir: false`, before Vite checks it (issue 18 §6).
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
 * Code every page loads, public or login area, in one chunk (issue 14): React, React DOM, its scheduler and
 * React Router, and the messages the root route imports. Left to itself the bundler cuts them into three
 * chunks plus a small one, and each extra file costs its own compression and import/export lists.
 */
const EVERY_PAGE = /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|src[\\/]core[\\/]messages\.ts$/;
/** What every public page imports (the conference's facts, the page meta helper): one chunk, not two small ones. */
const EVERY_PUBLIC_PAGE = /src[\\/]web[\\/](content[\\/]conference|components[\\/]seo)\.ts$/;
/**
 * The login area's client and the contract it is typed from (src/core/api's endpoints and their schemas, issue
 * 29 §2): one chunk. Left to itself the bundler cuts a chunk for each set of screens that share a schema, and
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
  plugins: [envDirNotEnvFile, tailwindcss(), reactRouter()],
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: EVERY_PAGE }, { name: 'public', test: EVERY_PUBLIC_PAGE },
            { name: moduleName, test: SHARED_WITH_PUBLIC }, { name: 'payment-form', test: PAYMENT_FORM },
            { name: 'contract', test: LOGIN_AREA_CONTRACT },
          ],
        },
      },
    },
  },
});
