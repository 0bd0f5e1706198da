import type { FastifyInstance, HTTPMethods } from 'fastify';

export interface RegisteredRoute {
  method: string;
  url: string;
}

/**
 * Every route the app registered, read from Fastify's own route tree (`printRoutes`), each one
 * confirmed with `hasRoute` so a change in the printed format fails loudly instead of hiding routes.
 */
export function listRoutes(app: FastifyInstance): RegisteredRoute[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const prefixes: string[] = [];
  const routes: RegisteredRoute[] = [];
  let nodes = 0;
  for (const line of tree.split('\n')) {
    if (!line.trim()) continue;
    // "│   └── /:paperId (GET, HEAD)": 4 characters of indentation per level, a branch, the segment, the methods.
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) throw new Error(`listRoutes: cannot read the route tree line ${JSON.stringify(line)}`);
    nodes += 1;
    const depth = m[1]!.length / 4;
    // A top-level node is printed without the root's slash when it is a wildcard ("*" for "/*").
    const url = depth > 0 ? (prefixes[depth - 1] ?? '') + m[2]! : m[2]!.replace(/^(?!\/)/, '/');
    prefixes.length = depth;
    prefixes[depth] = url;
    for (const method of m[3]?.split(', ') ?? []) routes.push({ method, url });
  }
  if (nodes === 0) throw new Error('listRoutes: the route tree is empty');
  for (const r of routes) {
    if (!app.hasRoute({ method: r.method as HTTPMethods, url: r.url })) {
      throw new Error(`listRoutes: read ${r.method} ${r.url} from the route tree, but Fastify does not know it`);
    }
  }
  return routes;
}
