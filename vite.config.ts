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

export default defineConfig({
  plugins: [envDirNotEnvFile, tailwindcss(), reactRouter()],
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
