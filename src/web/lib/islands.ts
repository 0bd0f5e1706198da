/**
 * The public pages' JavaScript (decision 0030): public pages are prerendered
 * HTML that React never hydrates. Each kind of page loads one island script, src/web/islands/<name>.ts, built
 * on its own by vite.islands.config.ts, which starts the small pieces of behaviour that page has. A public
 * route names its island in its `handle` (`{ island: 'keynote' }`); the site's layout gives the others `site`.
 */
export const ISLANDS = ['site', 'home', 'keynote', 'previous-events', 'registration', 'program', 'awards', 'workshop'] as const;
export type IslandName = (typeof ISLANDS)[number];

/** A public route's `handle`. */
export interface IslandHandle {
  island: IslandName;
}

/**
 * Starts a page's islands on the prerendered markup. One that fails does not stop the others. When all have
 * started, <html data-islands="ready"> says so (browser tests wait for it, as they waited for React's hydration).
 */
export function mountIslands(...mounts: (() => void)[]) {
  for (const mount of mounts) {
    try {
      mount();
    } catch (err) {
      console.error(err);
    }
  }
  document.documentElement.dataset.islands = 'ready';
}
