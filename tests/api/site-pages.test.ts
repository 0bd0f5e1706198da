import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { menuMarker } from '../../src/core/site-menu-html';
import { auditLog } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../support/app';
import { signupAs, type SignedUp } from '../support/users';

/**
 * Decision 0064: the organiser's own pages, in Markdown, sanitised, at a top-level address once published; those in
 * the menu are in the bar of every prerendered page. The site served here is a small stand-in for the build: a home
 * page whose bar has the menu's slot as the build writes it, and the not-found page.
 */
let t: TestApp;
let editor: SignedUp;
let author: SignedUp;
let reviewer: SignedUp;

const webDir = mkdtempSync(path.join(tmpdir(), 'site-pages-web-'));
const page = (route: string, body: string) => {
  mkdirSync(path.join(webDir, route), { recursive: true });
  writeFileSync(
    path.join(webDir, route, 'index.html'),
    `<!doctype html><html><head><title>⟦title⟧</title></head><body>${body}</body></html>`,
  );
};
const bar = `<header><nav aria-label="Main"><ul><li><a href="/">HOME</a></li><li><a href="/login">LOGIN</a></li></ul></nav><div hidden="" data-site-menu="wide">${menuMarker('wide')}</div></header>`;
page('', `${bar}<main>Home page</main>`);
page('404', `${bar}<main>Page not found</main>`);

beforeAll(async () => {
  t = await startTestApp({ WEB_DIR: webDir });
  editor = await signupAs(t.app, 'Editor');
  author = await signupAs(t.app, 'Author');
  reviewer = await signupAs(t.app, 'Reviewer');
});
afterAll(async () => {
  await t?.close();
});

type Page = { _id: string; address: string; title: string; body: string; inMenu: boolean; menuOrder: number; published: boolean };
const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who: SignedUp | null, payload?: object) =>
  t.app.inject({ method, url, payload: payload as Record<string, unknown> | undefined, headers: who ? who.auth : {} });
const addPage = async (fields: Partial<Page> & { address: string; title: string }) => {
  const res = await send('POST', '/api/site-pages', editor, fields);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().page as Page;
};
const visit = (url: string) => t.app.inject({ url });
const audits = async (action: string) => t.app.database.db.select().from(auditLog).where(eq(auditLog.action, action));

const UNSAFE = [
  '## Getting there',
  '',
  'Take the **airport bus**. <script>alert(1)</script>',
  '',
  '[Click me](javascript:alert(1)) and [map](https://maps.example.org/venue) and [programme](/program)',
  '',
  '<img src=x onerror=alert(1)> ![hall](https://pictures.example.org/hall.jpg) ![tracker](http://tracker.example.org/p.gif)',
  '',
  '<a href="javascript:alert(2)" onclick="alert(3)">raw</a>',
].join('\n');

describe('who may keep the pages', () => {
  test('an author, a reviewer and a visitor are refused every call; the editor is answered', async () => {
    const target = await addPage({ address: 'permissions', title: 'Permissions' });
    const calls: ['GET' | 'POST' | 'PATCH' | 'DELETE', string, object?][] = [
      ['GET', '/api/site-pages'],
      ['POST', '/api/site-pages', { address: 'not-yours', title: 'Not yours' }],
      ['POST', '/api/site-pages/preview', { body: '# Hi' }],
      ['PATCH', `/api/site-pages/${target._id}`, { title: 'Changed' }],
      ['DELETE', `/api/site-pages/${target._id}`],
    ];
    for (const [method, url, body] of calls) {
      expect((await send(method, url, null, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await send(method, url, author, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await send(method, url, reviewer, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    const listed = (await send('GET', '/api/site-pages', editor)).json() as Page[];
    expect(listed.find((p) => p._id === target._id)?.title).toBe('Permissions');
    expect((await send('DELETE', `/api/site-pages/${target._id}`, editor)).statusCode).toBe(200);
  });
});

describe('addresses', () => {
  test("an address the site already answers, or another page's, is refused with 409 and a clear message", async () => {
    await addPage({ address: 'venue', title: 'Venue' });
    for (const address of [
      'venue',
      'committee',
      'login',
      'api',
      'editions',
      'papers',
      'verify',
      'assets',
      'editor',
      'keynote-admin',
      '404',
      'awards-2031',
    ]) {
      const res = await send('POST', '/api/site-pages', editor, { address, title: 'Taken' });
      expect(res.statusCode, address).toBe(409);
      expect(res.json().message).toBe(`The address /${address} is already taken.`);
    }
    // Renaming another page onto a taken address is refused the same way; keeping one's own is fine.
    const other = await addPage({ address: 'travel', title: 'Travel' });
    const clash = await send('PATCH', `/api/site-pages/${other._id}`, editor, { address: 'venue' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('The address /venue is already taken.');
    expect((await send('PATCH', `/api/site-pages/${other._id}`, editor, { address: 'travel', title: 'Travel and visas' })).statusCode).toBe(
      200,
    );
  });

  test('a malformed address, an empty or long title and a text over 50,000 characters are refused with 400', async () => {
    for (const address of ['Venue', 'a--b', '-venue', 'venue-', 'the venue', 'a/b', '', 'x'.repeat(61)]) {
      const res = await send('POST', '/api/site-pages', editor, { address, title: 'Bad' });
      expect(res.statusCode, address).toBe(400);
      expect(res.json().message).toMatch(/Address/);
    }
    expect((await send('POST', '/api/site-pages', editor, { address: 'no-title', title: '  ' })).json().message).toBe('Title is required');
    expect((await send('POST', '/api/site-pages', editor, { address: 'long-title', title: 'x'.repeat(121) })).statusCode).toBe(400);
    const long = await send('POST', '/api/site-pages', editor, { address: 'long-text', title: 'Long', body: 'x'.repeat(50_001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Text is too long (at most 50,000 characters)');
    // CR LF line breaks count as one character each, as they are stored.
    const crlf = await send('POST', '/api/site-pages', editor, { address: 'crlf-text', title: 'Lines', body: 'x\r\n'.repeat(25_000) });
    expect(crlf.statusCode, crlf.body).toBe(201);
    expect(crlf.json().page.body).toBe('x\n'.repeat(25_000));
    expect((await send('POST', '/api/site-pages/preview', editor, { body: 'x'.repeat(50_001) })).statusCode).toBe(400);
  });
});

describe('rendering', () => {
  test('the preview is the sanitised HTML: no script, no javascript: link, no raw HTML, no handler; external links get rel="noopener"', async () => {
    const res = await send('POST', '/api/site-pages/preview', editor, { body: UNSAFE });
    expect(res.statusCode).toBe(200);
    const html = res.json().html as string;
    expect(html).toContain('<h2>Getting there</h2>');
    expect(html).toContain('<strong>airport bus</strong>');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<a\s[^>]*href="javascript:/i);
    expect(html).not.toMatch(/<[^>]+\son\w+=/i);
    expect(html).not.toMatch(/<img src="x"/);
    expect(html).toContain('<a href="https://maps.example.org/venue" rel="noopener">map</a>');
    expect(html).toContain('<a href="/program">programme</a>');
    expect(html).toContain('<img src="https://pictures.example.org/hall.jpg" alt="hall" />');
    // A picture over plain http is not loaded (https or the site's own only).
    expect(html).not.toContain('http://tracker.example.org');
    // Raw HTML is shown as text, never as markup.
    expect(html).toContain('&lt;script&gt;');
    // Nothing was saved.
    expect(((await send('GET', '/api/site-pages', editor)).json() as Page[]).some((p) => p.body === UNSAFE)).toBe(false);
  });
});

describe('the public page and the menu', () => {
  test("unpublished or missing is a 404; published, the page is served without script and its menu item is in the home page's bar", async () => {
    const before = (await audits('site-page.add')).length;
    const draft = await addPage({ address: 'getting-there', title: 'Getting there', body: UNSAFE, inMenu: true, menuOrder: 2 });
    expect(await audits('site-page.add')).toHaveLength(before + 1);
    expect((await visit('/getting-there')).statusCode).toBe(404);
    expect((await visit('/no-such-page')).statusCode).toBe(404);
    expect((await visit('/')).body).not.toContain('href="/getting-there"');

    const published = await send('PATCH', `/api/site-pages/${draft._id}`, editor, { published: true });
    expect(published.statusCode).toBe(200);
    expect((await audits('site-page.edit')).at(-1)?.details).toMatchObject({ id: draft._id, published: true, fields: ['published'] });

    const res = await visit('/getting-there');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    expect(res.body).toContain('<h1>Getting there</h1>');
    expect(res.body).toContain(`<link rel="canonical" href="${t.config.publicUrl}/getting-there">`);
    expect(res.body).toMatch(/<title>Getting there \| [^<]+<\/title>/);
    expect(res.body).not.toMatch(/<script|<a\s[^>]*href="javascript:|<[^>]+\son\w+=/i);
    expect(res.body).toContain('rel="noopener"');
    expect(res.body).toContain('aria-current="page"');
    // With a slash at the end, the same page.
    expect((await visit('/getting-there/')).statusCode).toBe(200);

    // The home page's bar: the slot replaced by a row with the page's link.
    const home = (await visit('/')).body;
    expect(home).toMatch(
      /<\/nav><nav aria-label="Conference pages"[^>]*><ul[^>]*><li><a href="\/getting-there" class="[^"]+">Getting there<\/a><\/li><\/ul><\/nav><\/header>/,
    );
    expect(home).not.toContain('\u27E6menu:');

    // Out of the menu: still served, no longer in the bar. Unpublished: 404 again.
    await send('PATCH', `/api/site-pages/${draft._id}`, editor, { inMenu: false });
    expect((await visit('/')).body).not.toContain('href="/getting-there"');
    expect((await visit('/getting-there')).statusCode).toBe(200);
    await send('PATCH', `/api/site-pages/${draft._id}`, editor, { published: false });
    expect((await visit('/getting-there')).statusCode).toBe(404);

    // Removed: gone, audited.
    await send('PATCH', `/api/site-pages/${draft._id}`, editor, { published: true, inMenu: true });
    expect((await visit('/getting-there')).statusCode).toBe(200);
    expect((await send('DELETE', `/api/site-pages/${draft._id}`, editor)).statusCode).toBe(200);
    expect((await visit('/getting-there')).statusCode).toBe(404);
    expect((await visit('/')).body).not.toContain('href="/getting-there"');
    expect((await audits('site-page.remove')).at(-1)?.details).toEqual({ id: draft._id, address: 'getting-there' });
    expect((await send('DELETE', `/api/site-pages/${draft._id}`, editor)).statusCode).toBe(404);
    expect((await send('PATCH', `/api/site-pages/${draft._id}`, editor, { title: 'Gone' })).statusCode).toBe(404);
  });

  test('the menu lists the published pages in the menu by their order; a title is escaped', async () => {
    await addPage({ address: 'second', title: 'Second <b>', published: true, inMenu: true, menuOrder: 20 });
    await addPage({ address: 'first', title: 'First', published: true, inMenu: true, menuOrder: 10 });
    await addPage({ address: 'hidden-draft', title: 'Draft', published: false, inMenu: true, menuOrder: 0 });
    const home = (await visit('/')).body;
    expect(home.indexOf('href="/first"')).toBeGreaterThan(0);
    expect(home.indexOf('href="/first"')).toBeLessThan(home.indexOf('href="/second"'));
    expect(home).toContain('Second &lt;b&gt;');
    expect(home).not.toContain('href="/hidden-draft"');
    expect((await visit('/hidden-draft')).statusCode).toBe(404);
  });
});

describe('editions', () => {
  test("a page of a past edition is not the new edition's: not listed, not served, not in the menu; its address is free again", async () => {
    await addPage({ address: 'old-venue', title: 'Old venue', published: true, inMenu: true });
    expect((await visit('/old-venue')).statusCode).toBe(200);
    expect((await visit('/')).body).toContain('href="/old-venue"');

    const opened = await send('POST', '/api/editions', editor, { year: 2027, carry: [] });
    expect(opened.statusCode, opened.body).toBe(201);

    expect((await send('GET', '/api/site-pages', editor)).json()).toEqual([]);
    expect((await visit('/old-venue')).statusCode).toBe(404);
    expect((await visit('/')).body).not.toContain('href="/old-venue"');
    const again = await addPage({ address: 'old-venue', title: 'New venue', published: true, inMenu: true });
    expect(again.title).toBe('New venue');
    expect((await visit('/old-venue')).body).toContain('<h1>New venue</h1>');
  });

  test("opened carrying the site, the next edition starts with this one's pages, published and in the menu as they were", async () => {
    await addPage({ address: 'getting-here', title: 'Getting here', published: true, inMenu: true });
    const opened = await send('POST', '/api/editions', editor, { year: 2028, carry: ['site'] });
    expect(opened.statusCode, opened.body).toBe(201);
    const pages = (await send('GET', '/api/site-pages', editor)).json() as { address: string; published: boolean; inMenu: boolean }[];
    expect(pages.map((p) => [p.address, p.published, p.inMenu]).sort()).toEqual([
      ['getting-here', true, true],
      ['old-venue', true, true],
    ]);
    expect((await visit('/getting-here')).statusCode).toBe(200);
    expect((await visit('/')).body).toContain('href="/getting-here"');
  });
});
