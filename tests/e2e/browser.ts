import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { systemClusterHome } from '../../src/server/db/embedded-postgres';
import { tempPrefix } from '../support/leftovers';
import { startServerProcess, type ServerProcess } from '../support/server-process';

export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean) as string[];
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error('No Chromium found: run `apt-get install -y chromium` or set CHROMIUM_PATH');
  return found;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export const baseUrl = () => inject('baseUrl');

/**
 * A server of the journey's own, for a journey whose settings, mail or limits must not meet the others' (the
 * shared one is `baseUrl`): the build's site and compiled server (global-setup chose it), `env` on top, and a copy
 * of the migrated database global-setup prepared (no initdb per file). `stop` also removes its DATA_DIR.
 */
/** A server of startOwnServer's: a client of its embedded database (set rows up that other journeys make) (its port from the postmaster's pid file, its password from DATA_DIR). */
export function ownDatabase(dataDir: string): pg.Client {
  const cluster = [path.join(dataDir, 'pg'), path.join(systemClusterHome(dataDir), 'pg')].find((d) =>
    existsSync(path.join(d, 'postmaster.pid')),
  );
  if (!cluster) throw new Error(`no running cluster for ${dataDir}`);
  const port = Number(readFileSync(path.join(cluster, 'postmaster.pid'), 'utf8').split('\n')[3]);
  const password = readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  return new pg.Client({ host: '127.0.0.1', port, user: 'imse', password, database: 'imse' });
}

export async function startOwnServer(env: Record<string, string> = {}): Promise<ServerProcess & { dataDir: string }> {
  const dataDir = mkdtempSync(tempPrefix());
  try {
    const server = await startServerProcess(
      { DATA_DIR: dataDir, WEB_DIR: path.resolve(process.env.BUILD_DIR ?? 'build', 'client'), ...env },
      { template: inject('dataTemplate'), entry: inject('serverEntry') || undefined },
    );
    return {
      ...server,
      dataDir,
      stop: async (signal) => {
        try {
          await server.stop(signal);
        } finally {
          rmSync(dataDir, { recursive: true, force: true });
        }
      },
    };
  } catch (e) {
    rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

export async function newPage(browser: Browser, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, baseURL: baseUrl() });
  const page = await context.newPage();
  return { context, page };
}

export interface PageOpener {
  /** The journey's browser and server address, read at each call: they start in beforeAll. */
  browser: () => Browser;
  baseURL: () => string;
  /**
   * The journey's context options: `bypassCSP` where the test injects axe-core as a script tag (the site's own
   * policy forbids it), `acceptDownloads`, `timezoneId`.
   */
  context?: BrowserContextOptions;
}

/** A new context's options (over the journey's), and whom to sign in as through the login screen. */
export interface OpenPage extends BrowserContextOptions {
  login?: BrowserLogin;
}

/**
 * A journey's way to open pages: `const open = pageOpener({ browser: () => browser, baseURL: () => server.url })`, then
 * `await open({ viewport: PHONE, login: { role: 'Author', email } })` opens a new context (DESKTOP unless `viewport`
 * says otherwise) and its page, signed in when `login` is given.
 */
export function pageOpener({ browser, baseURL, context: journey = {} }: PageOpener) {
  return async ({ login, ...options }: OpenPage = {}): Promise<{ context: BrowserContext; page: Page }> => {
    const context = await browser().newContext({ viewport: DESKTOP, baseURL: baseURL(), ...journey, ...options });
    const page = await context.newPage();
    if (login) await logInInBrowser(page, login);
    return { context, page };
  };
}

/**
 * Screenshots for a person to look at, kept in `dir` (the journey's *_SHOTS variable) and only when it is set:
 * `const shot = screenshots(process.env.X_SHOTS)`, then `await shot(page, 'name')` keeps the whole page as name.png;
 * checkAccessibility's `shot: (width) => shot(page, `name-${width}`)` keeps one at each size it checks.
 */
export function screenshots(dir: string | undefined): (page: Page, name: string) => Promise<void> {
  return async (page, name) => {
    if (!dir) return;
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
  };
}

let counter = 0;
/** A unique e-mail for a browser test's account. */
// Each on a domain of its own: people who share an institution are conflicted with each other's papers, and
// subdomains of one registrable domain are one institution (docs/product.md#conflicts-of-interest), so no two share a parent domain.
export const uniqueEmail = (prefix: string) => `${prefix}@e2e-${Date.now().toString(36)}${(counter++).toString(36)}.example`;

/** Sign up through the login screen as a person would, and wait for the dashboard. */
export async function signUpInBrowser(
  page: Page,
  opts: { role: 'Author' | 'Editor' | 'Reviewer'; email: string; name: string; password?: string; tags?: string[] },
) {
  await page.goto('/login');
  await page.getByText(opts.role, { exact: true }).click();
  await page.getByRole('button', { name: 'Signup', exact: true }).click();
  await page.getByLabel('Full name').fill(opts.name);
  await page.getByLabel('Email').fill(opts.email);
  await page.getByLabel('Password', { exact: true }).fill(opts.password ?? 'correct horse battery');
  await page.getByLabel('Confirm password').fill(opts.password ?? 'correct horse battery');
  for (const tag of opts.tags ?? []) {
    await page.getByRole('combobox').fill(tag);
    await page.getByRole('option', { name: tag, exact: true }).click();
    // A pick clears what was typed, so the next tag can be typed at once.
    const left = await page.getByRole('combobox').inputValue();
    if (left !== '') throw new Error(`the tag box kept "${left}" after picking ${tag}`);
  }
  if (opts.tags?.length) await page.getByRole('combobox').press('Escape');
  await page.getByRole('button', { name: 'Signup', exact: true }).and(page.locator('[type=submit]')).click();
  await page.waitForURL(`**/${opts.role.toLowerCase()}/dashboard`);
}

/** Whom to sign in as (the password every journey's accounts use when not given). */
export interface BrowserLogin {
  role: 'Author' | 'Editor' | 'Reviewer';
  email: string;
  password?: string;
}

export async function logInInBrowser(page: Page, opts: BrowserLogin) {
  await page.goto('/login');
  await page.getByText(opts.role, { exact: true }).click();
  await page.getByLabel('Email').fill(opts.email);
  await page.getByLabel('Password', { exact: true }).fill(opts.password ?? 'correct horse battery');
  await page.locator('button[type=submit]').click();
  await page.waitForURL(`**/${opts.role.toLowerCase()}/dashboard`);
}

/** Nothing sticks out sideways: the page is no wider than the viewport. */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** The API as the signed-in user of this page (its stored token), as the page's own scripts call it. */
export async function callApi<T = unknown>(page: Page, method: string, url: string, body?: unknown): Promise<{ status: number; json: T }> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const headers: Record<string, string> = { authorization: `Bearer ${localStorage.getItem('token')}` };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(`/api${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: res.status, json: await res.json().catch(() => null) };
    },
    { method, url, body },
  ) as Promise<{ status: number; json: T }>;
}

/**
 * Every console error, uncaught error, failed request (other than one the page itself aborted when
 * it moved on) and error answer of a page, collected as lines: the returned list fills as the page runs.
 */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => {
    if (!/ERR_ABORTED/.test(r.failure()?.errorText ?? ''))
      problems.push(`failed: ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()}: ${r.request().method()} ${r.url()}`);
  });
  return problems;
}

/**
 * Wait until no toast is moving: each shown toast fully opaque with no transition or animation of its own running
 * (or none shown). axe-core measures colour contrast as painted, so a toast caught fading in or out on a loaded machine
 * fails it at a part opacity it never settles at.
 */
export async function settleToasts(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          [...document.querySelectorAll('[data-sonner-toast]')].every(
            (t) => getComputedStyle(t).opacity === '1' && !t.getAnimations().some((a) => a.playState === 'running'),
          ),
        ),
      { timeout: 10_000 },
    )
    .toBe(true);
}

interface AxeResult {
  violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
}
let axeSource: string | undefined;

/**
 * axe-core's violations on the page, or on the part `include` selects, one line each (rule, impact, help, the first
 * three places), measured once no toast is moving. axe-core is evaluated through the debugging protocol, which the
 * page's Content Security Policy does not govern.
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  await settleToasts(page);
  // An opening dialog fades in (200 ms): measured mid-way, its colours blend with the backdrop (a busy machine's
  // false contrast failure). Wait until no animation that ends is still running; the endless ones (ticker) run on.
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
        ),
      { timeout: 10_000 },
    )
    .toBe(true);
  axeSource ??= readFileSync('node_modules/axe-core/axe.min.js', 'utf8');
  await page.evaluate(axeSource);
  const result = await page.evaluate(
    (selector) =>
      (window as unknown as { axe: { run: (c: unknown, o: object) => Promise<AxeResult> } }).axe.run(selector ?? document, {
        resultTypes: ['violations'],
      }),
    include,
  );
  return result.violations.map(
    (v) =>
      `${v.id} (${v.impact}) ${v.help} — ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
}

export interface AccessibilityCheck {
  /** Only the part of the page this selects (the rest is another journey's to check). */
  include?: string;
  /** Check at each of these sizes, then give the page its own back; at the page's own size when not given. */
  sizes?: Array<{ width: number; height: number }>;
  /** Wait until every toast has gone, not only until none is moving. */
  toastsGone?: boolean;
  /** Whether to check that nothing sticks out sideways too (it is, unless false). */
  overflow?: boolean;
  /** Called at each size before the check: screenshots, when a test keeps them. */
  shot?: (width: number) => Promise<void>;
}

/**
 * The screen is accessible as it stands: axe-core finds no violation and nothing sticks out sideways, at each size
 * asked for; a failure names the screen and the width.
 */
export async function checkAccessibility(page: Page, name: string, opts: AccessibilityCheck = {}): Promise<void> {
  // A toast fading in or out is measured half transparent.
  if (opts.toastsGone) await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 15_000 }).toBe(0);
  const own = page.viewportSize() ?? DESKTOP;
  for (const size of opts.sizes ?? [own]) {
    if (opts.sizes) await page.setViewportSize(size);
    await opts.shot?.(size.width);
    expect(await axeViolations(page, opts.include), `${name} at ${size.width} px`).toEqual([]);
    if (opts.overflow !== false)
      expect(await horizontalOverflow(page), `${name} at ${size.width} px sticks out sideways`).toBeLessThanOrEqual(0);
  }
  if (opts.sizes) await page.setViewportSize(own);
}

/**
 * A journey's screen check: `const checkScreen = screenChecker({ sizes: [PHONE, DESKTOP], shots: process.env.X_SHOTS })`,
 * then `await checkScreen(page, 'name')` is checkAccessibility with these options, keeping a screenshot at each size
 * as <shots>/<prefix><name>-<width>.png when `shots` is set.
 */
export function screenChecker(journey: Omit<AccessibilityCheck, 'shot'> & { shots?: string; prefix?: string }) {
  const { shots, prefix = '', ...check } = journey;
  const shot = screenshots(shots);
  return (page: Page, name: string) =>
    checkAccessibility(page, name, { ...check, shot: (width) => shot(page, `${prefix}${name}-${width}`) });
}
