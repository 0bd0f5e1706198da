import { ISLANDS, type IslandName } from './islands';

/** What a page loads for its island: the script, and the modules it imports (preloaded so they do not wait on it). */
export interface IslandScripts {
  src: string;
  preload: string[];
}

/**
 * The island scripts by name. As written here, the sources, which the development server compiles on request;
 * `npm run build` replaces this module with the built, hashed files (the islands plugin in vite.config.ts).
 */
export const islandScripts: Partial<Record<IslandName, IslandScripts>> = Object.fromEntries(
  ISLANDS.map((name) => [name, { src: `/src/web/islands/${name}.ts`, preload: [] }]),
);
