import { mkdtempSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants, gunzipSync } from 'node:zlib';
import { expect, test } from 'vitest';
import { CONFERENCE_FACTS_DEFAULTS, factToken } from '../core/conference-facts';
import { FACTS_JSON_TOKEN } from '../core/fact-template';
import { inlineScriptHashes } from './csp';
import { loadWebSite } from './web';

function site(options: { root?: string; cacheDir?: string } = {}) {
  const root = options.root ?? mkdtempSync(path.join(tmpdir(), 'web-facts-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(
    path.join(root, 'index.html'),
    `<!DOCTYPE html><html><head><title>${factToken('title')}</title>` +
      `<script type="application/ld+json">{"name":"${factToken('title')}"}</script>` +
      `<script type="application/json" id="conference-facts">${FACTS_JSON_TOKEN}</script></head><body><h1>${factToken('title')}</h1>${'<p>filler</p>'.repeat(50)}</body></html>`,
  );
  writeFileSync(path.join(root, 'assets', 'app.js'), 'console.log(1)');
  return loadWebSite(root, {}, { extraScriptHashes: [], formTargets: [] }, CONFERENCE_FACTS_DEFAULTS, { cacheDir: options.cacheDir });
}

test('pages are served with the facts filled in, compressed and with their own ETag and CSP, and again after a change', async () => {
  const web = site();
  const plain = web('GET', '/', {})!;
  expect(plain.body!.toString()).toContain(`<title>${CONFERENCE_FACTS_DEFAULTS.edition} ${CONFERENCE_FACTS_DEFAULTS.name}</title>`);
  await web.settled();
  const br = web('GET', '/', { acceptEncoding: 'br, gzip' })!;
  expect(br.headers['content-encoding']).toBe('br');
  expect(brotliDecompressSync(br.body!).toString()).toBe(plain.body!.toString());

  const result = await web.render({ ...CONFERENCE_FACTS_DEFAULTS, edition: '', name: '</title><script>alert(1)</script>' });
  expect(result?.pages).toBe(1);
  const changed = web('GET', '/', {})!;
  const html = changed.body!.toString();
  expect(html).toContain('<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>');
  expect(html).toContain('{"name":"\\u003c/title\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"}');
  expect(html.match(/<script/g)).toHaveLength(2);
  expect(changed.headers.etag).not.toBe(plain.headers.etag);
  expect(changed.headers['content-length']).toBe(String(changed.body!.length));
  for (const hash of inlineScriptHashes(html)) expect(changed.headers['content-security-policy']).toContain(hash);
  expect(changed.headers['content-security-policy']).not.toBe(plain.headers['content-security-policy']);
  const gz = web('GET', '/', { acceptEncoding: 'gzip' })!;
  expect(gunzipSync(gz.body!).toString()).toBe(html);
  // The old ETag no longer matches: a browser that revalidates gets the new page.
  expect(web('GET', '/', { ifNoneMatch: plain.headers.etag })!.status).toBe(200);
  expect(web('GET', '/', { ifNoneMatch: changed.headers.etag })!.status).toBe(304);
  expect(web('GET', '/assets/app.js', {})!.body!.toString()).toBe('console.log(1)');
});

test("the pages, the sitemap and robots.txt name the configured public address; the sitemap gets no page's CSP", async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'web-site-url-'));
  writeFileSync(path.join(root, 'index.html'), `<html><head><link rel="canonical" href="${factToken('siteUrl')}/"/></head></html>`);
  writeFileSync(path.join(root, 'sitemap.xml'), `<urlset><url><loc>${factToken('siteUrl')}/program</loc></url></urlset>`);
  writeFileSync(path.join(root, 'robots.txt'), `Sitemap: ${factToken('siteUrl')}/sitemap.xml\n`);
  const web = loadWebSite(root, {}, { extraScriptHashes: [], formTargets: [] }, CONFERENCE_FACTS_DEFAULTS, {
    publicUrl: 'https://tides.example.org',
  });
  expect(web('GET', '/', {})!.body!.toString()).toContain('<link rel="canonical" href="https://tides.example.org/"/>');
  const sitemap = web('GET', '/sitemap.xml', {})!;
  expect(sitemap.body!.toString()).toBe('<urlset><url><loc>https://tides.example.org/program</loc></url></urlset>');
  expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
  expect(sitemap.headers['content-security-policy']).toBeUndefined();
  expect(web('GET', '/robots.txt', {})!.body!.toString()).toBe('Sitemap: https://tides.example.org/sitemap.xml\n');
  // A change of facts renders them again with the same address.
  await web.render({ ...CONFERENCE_FACTS_DEFAULTS, shortName: 'WCTE 2027' });
  expect(web('GET', '/sitemap.xml', {})!.body!.toString()).toContain('https://tides.example.org/program');
});

test('of renders asked for in a row, the last one is what is served', async () => {
  const web = site();
  const first = web.render({ ...CONFERENCE_FACTS_DEFAULTS, shortName: 'A', name: 'First' });
  const last = web.render({ ...CONFERENCE_FACTS_DEFAULTS, edition: '', name: 'Second' });
  expect(await first).toBeNull();
  expect((await last)?.pages).toBe(1);
  expect(web('GET', '/', {})!.body!.toString()).toContain('<h1>Second</h1>');
});

test('a site loaded again on the same build takes its compressed pages from the cache, and never a file that does not match', async () => {
  const cacheDir = path.join(mkdtempSync(path.join(tmpdir(), 'web-cache-')), '.page-cache');
  const first = site({ cacheDir });
  await first.settled();
  const names = readdirSync(cacheDir).sort();
  expect(names.map((n) => path.extname(n))).toEqual(['.br', '.gz']);
  const plain = first('GET', '/', {})!.body!.toString();

  // A cache file that is not the page's compressed bytes (torn, or planted) is not served: the page is compressed again.
  writeFileSync(path.join(cacheDir, names[0]!), Buffer.from('not brotli'));
  const second = site({ cacheDir });
  await second.settled();
  const br = second('GET', '/', { acceptEncoding: 'br' })!;
  expect(brotliDecompressSync(br.body!).toString()).toBe(plain);
  expect(brotliDecompressSync(readFileSync(path.join(cacheDir, names[0]!))).toString()).toBe(plain);

  // A matching cache file is what is served: no compression at that start.
  const quick = brotliCompressSync(Buffer.from(plain), { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } });
  writeFileSync(path.join(cacheDir, names[0]!), quick);
  const fromCache = site({ cacheDir });
  await fromCache.settled();
  expect(fromCache('GET', '/', { acceptEncoding: 'br' })!.body!.equals(quick)).toBe(true);

  // An unwritable cache folder only means compressing at each start.
  const third = site({ cacheDir: path.join(cacheDir, names[1]!, 'below-a-file') });
  await third.settled();
  expect(gunzipSync(third('GET', '/', { acceptEncoding: 'gzip' })!.body!).toString()).toBe(plain);
});
