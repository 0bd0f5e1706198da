import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, constants as zlibConstants, gunzip, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  EDITION_PAGE_PREFIX,
  NOT_FOUND_PATH,
  PAPER_PAGE_PREFIX,
  VERIFY_PAGE_PREFIX,
  isDataAwardsPath,
  matchesAppPath,
  trimSlash,
} from '../core/routes';
import { CONFERENCE_FACTS_DEFAULTS, FACT_TOKEN_OPEN, type ConferenceFacts } from '../core/conference-facts';
import { htmlPolicy, inlineScriptHashes } from './csp';
import { renderFacts } from './page-facts';
import { renderLists } from './page-lists';
import { renderWorkshop } from './page-workshop';
import { PAGE_DATA_DEFAULTS, type PageData } from '../core/page-data';
import { renderMenu } from './page-menu';
import { SITE_PAGE_POLICY, sitePageDocument } from './site-page-document';
import type { SiteListsJson } from '../core/schemas/site-lists';
import type { PublishedPage } from './services/site/site-pages';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const brotliDecompressAsync = promisify(brotliDecompress);
const gunzipAsync = promisify(gunzip);

/** How many compressed pages the cache keeps (two files each); the oldest go first. */
const PAGE_CACHE_FILES = 400;

/**
 * A page's brotli-11 and gzip-9 copies, from the cache when it holds them for exactly these bytes (named by their
 * SHA-256, and decompressed and compared before use, so a torn or planted file is never sent), else compressed off
 * the event loop and kept there. Compressing the 20 pages at brotli 11 costs about 250 ms of CPU at every start;
 * with the cache, a server started again on the same build and facts (every test, every restart) skips it.
 */
async function compressPage(body: Buffer, cacheDir: string | undefined): Promise<{ br: Buffer; gzip: Buffer }> {
  const key = createHash('sha256').update(body).digest('hex').slice(0, 40);
  if (cacheDir) {
    try {
      const [br, gz] = await Promise.all([readFile(path.join(cacheDir, key + '.br')), readFile(path.join(cacheDir, key + '.gz'))]);
      const [a, b] = await Promise.all([brotliDecompressAsync(br), gunzipAsync(gz)]);
      if (a.equals(body) && b.equals(body)) return { br, gzip: gz };
    } catch {
      /* not cached, or unreadable: compressed below */
    }
  }
  const [br, gz] = await Promise.all([
    brotliAsync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzipAsync(body, { level: 9 }),
  ]);
  if (cacheDir) {
    try {
      await mkdir(cacheDir, { recursive: true });
      for (const [ext, data] of [
        ['.br', br],
        ['.gz', gz],
      ] as const) {
        const tmp = path.join(cacheDir, `${key}${ext}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
        await writeFile(tmp, data);
        await rename(tmp, path.join(cacheDir, key + ext));
      }
    } catch {
      /* a read-only build: the next start compresses again */
    }
  }
  return { br, gzip: gz };
}

/** Keeps the page cache to PAGE_CACHE_FILES files, removing the least recently written. */
async function prunePageCache(cacheDir: string): Promise<void> {
  try {
    const names = await readdir(cacheDir);
    if (names.length <= PAGE_CACHE_FILES) return;
    const dated = await Promise.all(
      names.map(async (name) => {
        const full = path.join(cacheDir, name);
        return {
          full,
          at: await stat(full).then(
            (s) => s.mtimeMs,
            () => 0,
          ),
        };
      }),
    );
    dated.sort((a, b) => a.at - b.at);
    await Promise.all(dated.slice(0, dated.length - PAGE_CACHE_FILES).map((f) => unlink(f.full).catch(() => {})));
  } catch {
    /* nothing to prune */
  }
}

interface WebFile {
  body: Buffer;
  /** Inline-script hashes, for HTML files. */
  scriptHashes?: string[];
  br?: Buffer;
  gzip?: Buffer;
  type: string;
  etag: string;
  immutable: boolean;
  /**
   * A prerendered page as built, with the conference's facts as tokens (decision 0050); also /sitemap.xml and
   * /robots.txt, which name the site's address (PUBLIC_URL) by its token.
   */
  template?: string;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
  '.rtf': 'application/rtf',
  '.pdf': 'application/pdf',
};

/**
 * The built site, loaded into memory at startup with its precompressed variants: sending a buffer
 * measured about 8 times the throughput of reading the file per request (decision 0003).
 */
export function loadWebFiles(root: string): Map<string, WebFile> {
  const files = new Map<string, WebFile>();
  if (!existsSync(root)) return files;
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) {
        walk(full);
        continue;
      }
      if (name.endsWith('.br') || name.endsWith('.gz')) continue;
      const rel = '/' + path.relative(root, full).split(path.sep).join('/');
      const body = readFileSync(full);
      const template = /\.(html|xml|txt)$/.test(name) && body.includes(FACT_TOKEN_OPEN) ? body.toString('utf8') : undefined;
      files.set(rel, {
        template,
        body,
        br: existsSync(full + '.br') ? readFileSync(full + '.br') : undefined,
        gzip: existsSync(full + '.gz') ? readFileSync(full + '.gz') : undefined,
        type: TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream',
        etag: etagOf(body),
        immutable: rel.startsWith('/assets/'),
        scriptHashes: name.endsWith('.html') ? inlineScriptHashes(body.toString('utf8')) : undefined,
      });
    }
  };
  walk(root);
  return files;
}

export interface WebAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer | null;
}

export interface WebSite {
  /** Answers GET and HEAD for the built site; `null` for API paths, which are not the site's. */
  (method: string, url: string, request: { ifNoneMatch?: string; acceptEncoding?: string }): WebAnswer | null;
  /**
   * Renders every page that carries facts again with these (the editor saved them): the new pages, compressed off
   * the event loop, replace the old ones all at once when ready. Null when a later call superseded this one.
   */
  render(facts: ConferenceFacts, data?: PageData): Promise<{ pages: number; ms: number } | null>;
  /** The same with the site's lists the editor saved (decision 0062), and the facts last rendered. */
  renderLists(lists: SiteListsJson): Promise<{ pages: number; ms: number } | null>;
  /** The same with the organiser's published pages (decision 0064): served at /<address>, those in the menu in every bar. */
  renderPages(pages: PublishedPage[]): Promise<{ pages: number; ms: number } | null>;
  /** Resolves once every render asked for so far is served (the first, at load, compresses the pages). */
  settled(): Promise<void>;
}

/**
 * The built site with every response's headers computed once at startup (type, security headers, the
 * page's CSP, cache policy, ETag, encoding, length): answering is then a lookup, which lets the server
 * send pages without going through the framework per request (decision 0003).
 */
export function loadWebSite(
  root: string,
  baseHeaders: Record<string, string>,
  csp: { extraScriptHashes: string[]; formTargets: string[] },
  facts: ConferenceFacts = CONFERENCE_FACTS_DEFAULTS,
  options: { cacheDir?: string; publicUrl?: string; lists?: SiteListsJson; pages?: PublishedPage[]; data?: PageData } = {},
): WebSite {
  const files = loadWebFiles(root);
  type Variant = { headers: Record<string, string>; body: Buffer };
  type Prepared = { plain: Variant; br?: Variant; gzip?: Variant; notModified: Record<string, string>; etag: string };
  const prepare = (
    file: WebFile,
    body: Buffer,
    compressed: { br?: Buffer; gzip?: Buffer },
    scriptHashes = file.scriptHashes,
    policy?: string,
  ): Prepared => {
    const etag = body === file.body ? file.etag : etagOf(body);
    const headers: Record<string, string> = {
      'content-type': file.type,
      vary: 'Accept-Encoding',
      ...baseHeaders,
      ...(policy ? { 'content-security-policy': policy } : {}),
      ...(scriptHashes
        ? {
            'content-security-policy': htmlPolicy({
              scriptHashes: [...scriptHashes, ...csp.extraScriptHashes],
              formTargets: csp.formTargets,
            }),
          }
        : {}),
      'cache-control': file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      etag,
    };
    const variant = (b: Buffer, encoding?: string): Variant => ({
      body: b,
      headers: { ...headers, ...(encoding ? { 'content-encoding': encoding } : {}), 'content-length': String(b.length) },
    });
    return {
      plain: variant(body),
      br: compressed.br ? variant(compressed.br, 'br') : undefined,
      gzip: compressed.gzip ? variant(compressed.gzip, 'gzip') : undefined,
      notModified: headers,
      etag,
    };
  };
  // A page with facts: its text and headers now, synchronously (the build's compressed copies hold the tokens, so
  // they go); compressed by render() below.
  const preparePage = (
    file: WebFile & { template: string },
    f: ConferenceFacts,
    compressed: { br?: Buffer; gzip?: Buffer } = {},
    html = fill(file.template, f),
  ) => prepare(file, Buffer.from(html), compressed, file.scriptHashes && inlineScriptHashes(html));
  // The lists the pages show (decision 0062) and the facts last asked for, which renderLists renders with.
  let lists = options.lists;
  // The organiser's published pages (decision 0064): those in the menu are in every page's bar.
  let sitePages = options.pages;
  const menuOf = (p: PublishedPage[] | undefined) => p?.filter((x) => x.inMenu).map((x) => ({ address: x.address, title: x.title }));
  // The deadlines the important dates follow and the workshop's courses and days (decision 0065), as last asked for.
  let lastData = options.data ?? PAGE_DATA_DEFAULTS;
  const fill = (template: string, f: ConferenceFacts) =>
    renderMenu(
      renderLists(renderWorkshop(renderFacts(template, f, options.publicUrl, lastData), lastData.workshop.courses), lists),
      menuOf(sitePages),
    );
  // Each published page as a file of its own at /<address>, rendered by the server with the facts (no script).
  let pageFiles = new Map<string, WebFile>();
  const ownFiles = new WeakSet<WebFile>();
  const isOwnPage = (file: WebFile) => ownFiles.has(file);
  const sitePageFile = (page: PublishedPage, f: ConferenceFacts, pages: PublishedPage[]): WebFile => {
    const body = Buffer.from(sitePageDocument({ page, facts: f, menu: menuOf(pages) ?? [], publicUrl: options.publicUrl }));
    const file: WebFile = { body, type: TYPES['.html']!, etag: etagOf(body), immutable: false };
    ownFiles.add(file);
    return file;
  };
  let lastFacts = facts;
  const prepared = new Map<WebFile, Prepared>();
  const pages: (WebFile & { template: string })[] = [];
  for (const file of files.values()) {
    if (file.template !== undefined) {
      const page = file as WebFile & { template: string };
      pages.push(page);
      prepared.set(file, preparePage(page, facts));
    } else prepared.set(file, prepare(file, file.body, file));
  }

  let generation = 0;
  let queue: Promise<unknown> = Promise.resolve();
  const render = (f: ConferenceFacts, data: PageData = lastData): Promise<{ pages: number; ms: number } | null> => {
    const mine = ++generation;
    lastFacts = f;
    lastData = data;
    const run = queue.then(async () => {
      if (mine !== generation) return null;
      const started = performance.now();
      const pending: Promise<readonly [WebFile & { template: string }, Prepared]>[] = [];
      for (const page of pages) {
        // One page's text per turn of the event loop (a few ms at most): requests are answered in between.
        await new Promise<void>((resolve) => setImmediate(resolve));
        const html = fill(page.template, f);
        const body = Buffer.from(html);
        pending.push(compressPage(body, options.cacheDir).then((c) => [page, preparePage(page, f, c, html)] as const));
      }
      const own = (sitePages ?? []).map((p) => [`/${p.address}`, sitePageFile(p, f, sitePages ?? [])] as const);
      const ownPending = own.map(([, file]) =>
        compressPage(file.body, options.cacheDir).then((c) => [file, prepare(file, file.body, c, undefined, SITE_PAGE_POLICY)] as const),
      );
      const next = await Promise.all(pending);
      const nextOwn = await Promise.all(ownPending);
      if (options.cacheDir) await prunePageCache(options.cacheDir);
      if (mine !== generation) return null;
      for (const [page, p] of next) prepared.set(page, p);
      for (const [file, p] of nextOwn) prepared.set(file, p);
      for (const old of pageFiles.values()) prepared.delete(old);
      pageFiles = new Map(own);
      return { pages: next.length + nextOwn.length, ms: performance.now() - started };
    });
    queue = run.catch(() => {});
    return run;
  };
  const shell = files.get('/__spa-fallback.html') ?? files.get('/index.html');
  const notFound = files.get(`${NOT_FOUND_PATH}/index.html`);

  const encodingOf = (accept: string | undefined): 'br' | 'gzip' | '' =>
    !accept ? '' : /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : '';

  const answerWith = (file: WebFile, status: number, encoding: 'br' | 'gzip' | '', ifNoneMatch: string | undefined): WebAnswer => {
    const p = prepared.get(file)!;
    if (status === 200 && ifNoneMatch === p.etag) return { status: 304, headers: p.notModified, body: null };
    const v = (encoding === 'br' && p.br) || (encoding === 'gzip' && p.gzip) || p.plain;
    return { status, headers: v.headers, body: v.body };
  };

  const resolve = (url: string): { file: WebFile; status: number } | null => {
    const raw = url.split('?')[0] ?? '/';
    if (raw === '/api' || raw.startsWith('/api/')) return null;
    const pathname = trimSlash(safeDecode(raw));
    if (pathname === '/api' || pathname.startsWith('/api/')) return null;
    if (pathname.startsWith(VERIFY_PAGE_PREFIX) || pathname.startsWith(PAPER_PAGE_PREFIX)) return null;
    if (pathname === EDITION_PAGE_PREFIX || pathname.startsWith(`${EDITION_PAGE_PREFIX}/`)) return null;
    const page = pathname === NOT_FOUND_PATH ? undefined : files.get(pathname === '/' ? '/index.html' : `${pathname}/index.html`);
    if (page) return { file: page, status: 200 };
    // A later edition's awards page is rendered from its winners by the server (decision 0066).
    if (isDataAwardsPath(pathname)) return null;
    const asset = pathname.endsWith('.html') || pathname.startsWith('/__') ? undefined : files.get(pathname);
    if (asset) return { file: asset, status: 200 };
    if (shell && matchesAppPath(pathname)) return { file: shell, status: 200 };
    const own = pageFiles.get(pathname);
    if (own) return { file: own, status: 200 };
    if (notFound) return { file: notFound, status: 404 };
    return { file: undefined as unknown as WebFile, status: 404 };
  };

  // Where each URL leads, remembered for the URLs that lead to a file (bounded: unknown paths are not kept).
  const known = new Map<string, { file: WebFile; status: number }>();
  const site = (_method: string, url: string, request: { ifNoneMatch?: string; acceptEncoding?: string }): WebAnswer | null => {
    let target = known.get(url);
    if (!target) {
      const found = resolve(url);
      if (!found) return null;
      if (!found.file)
        return { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', ...baseHeaders }, body: Buffer.from('Not Found') };
      target = found;
      // An organiser's page is looked up each time: unpublished, its address is a 404 again (decision 0064).
      if (found.status === 200 && known.size < 10_000 && !isOwnPage(found.file)) known.set(url, found);
    }
    return answerWith(target.file, target.status, encodingOf(request.acceptEncoding), request.ifNoneMatch);
  };
  void render(facts).catch(() => {});
  const renderWithLists = (l: SiteListsJson) => {
    lists = l;
    return render(lastFacts);
  };
  const renderWithPages = (p: PublishedPage[]) => {
    sitePages = p;
    return render(lastFacts);
  };
  return Object.assign(site, { render, renderLists: renderWithLists, renderPages: renderWithPages, settled: () => queue.then(() => {}) });
}

export function registerWeb(app: FastifyInstance, site: WebSite): void {
  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const answer = site(req.method, req.url, { ifNoneMatch: req.headers['if-none-match'], acceptEncoding: req.headers['accept-encoding'] });
    if (!answer) return reply.code(404).send({ message: `No API route ${req.method} ${req.url.split('?')[0]}` });
    reply.code(answer.status).headers(answer.headers);
    return reply.send(answer.body ?? undefined);
  };
  app.route({ method: ['GET', 'HEAD'], url: '/*', handler });
  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api')) return reply.code(404).send({ message: `No API route ${req.method} ${pathname}` });
    return reply.code(405).send({ message: `Method ${req.method} not allowed` });
  });
}

/** For the HTTP server itself: answer site requests directly, and hand everything else to Fastify. */
export function serveSiteFirst(site: () => WebSite | null, fallback: (req: IncomingMessage, res: ServerResponse) => void) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const s = site();
    const method = req.method ?? 'GET';
    if (s && (method === 'GET' || method === 'HEAD')) {
      const answer = s(method, req.url ?? '/', {
        ifNoneMatch: req.headers['if-none-match'],
        acceptEncoding: req.headers['accept-encoding'],
      });
      if (answer) {
        res.writeHead(answer.status, answer.headers);
        res.end(method === 'HEAD' ? undefined : (answer.body ?? undefined));
        return;
      }
    }
    fallback(req, res);
  };
}

function etagOf(body: Buffer): string {
  return '"' + createHash('sha1').update(body).digest('base64url').slice(0, 20) + '"';
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
