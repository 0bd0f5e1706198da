import type { Config } from '@react-router/dev/config';
import { NOT_FOUND_PATH, PUBLIC_PATHS } from './src/core/routes';

export default {
  appDirectory: 'src/web',
  buildDirectory: process.env.BUILD_DIR ?? 'build',
  // Public pages are prerendered HTML; the login area is client-rendered from the SPA fallback shell, except that
  // /login is prerendered too (root's HydrateFallback draws it): it paints before the app's JavaScript arrives.
  ssr: false,
  prerender: [...PUBLIC_PATHS, NOT_FOUND_PATH, '/login'],
} satisfies Config;
