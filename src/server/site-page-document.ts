import type { ConferenceFacts } from '../core/conference-facts';
import { escapeHtml } from '../core/html';
import { PUBLIC_RECORD_POLICY, publicRecordDocument } from './public-record-shell';
import type { PublishedPage } from './services/site/site-pages';

/** The pages' policy, with pictures from any https address as well as the site's own (decision 0064). */
export const SITE_PAGE_POLICY = PUBLIC_RECORD_POLICY.replace("img-src 'self'", "img-src 'self' https:");

const STYLE = [
  'body{font:17px/1.6 system-ui,sans-serif;margin:0;color:#111827;background:#f8fafc}',
  'header{background:#fff;border-bottom:1px solid #cbd5e1}header nav{max-width:52rem;margin:0 auto;padding:.5rem 1.5rem}',
  'header ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:.25rem 1.25rem;align-items:center}',
  'header a{display:inline-block;padding:.35rem 0;font-weight:600;text-decoration:none;color:#1e3a8a}header a:hover{text-decoration:underline}',
  'header a[aria-current]{text-decoration:underline;text-underline-offset:.3em}header .home{margin-right:auto}',
  'main{max-width:52rem;margin:2rem auto;padding:1.5rem;background:#fff;border:1px solid #cbd5e1;border-radius:.5rem;overflow-wrap:anywhere}',
  'h1{font-size:1.6rem;line-height:1.3;margin-top:.25rem}h2{font-size:1.3rem;margin-top:2rem}h3{font-size:1.1rem}h4,h5,h6{font-size:1rem}',
  'ul,ol{padding-left:1.4rem}li{margin:.35rem 0}a{color:#1d4ed8}img{max-width:100%;height:auto}',
  'blockquote{margin:1rem 0;padding-left:1rem;border-left:4px solid #cbd5e1;color:#374151}',
  'code{background:#f1f5f9;padding:.1rem .25rem;border-radius:.25rem}pre{background:#f1f5f9;padding:.75rem;overflow-x:auto}pre code{padding:0}',
  'table{border-collapse:collapse;display:block;overflow-x:auto;max-width:100%}th,td{border:1px solid #cbd5e1;padding:.3rem .6rem}',
  'footer{max-width:52rem;margin:0 auto 2rem;padding:0 1.5rem;color:#374151}',
  '@media (max-width:40rem){main{margin:0;border:0;border-radius:0}}',
].join('');

/**
 * An organiser's published page (decision 0064), at /<address>: the conference's name (to the home page) and the
 * pages in the menu above, the title and the sanitised body, a link home below. No script.
 */
export function sitePageDocument(opts: {
  page: PublishedPage;
  facts: ConferenceFacts;
  menu: readonly { address: string; title: string }[];
  publicUrl?: string;
}): string {
  const { page, facts, menu } = opts;
  const e = escapeHtml;
  const items = menu
    .map((m) => `<li><a href="/${e(m.address)}"${m.address === page.address ? ' aria-current="page"' : ''}>${e(m.title)}</a></li>`)
    .join('');
  const header = `<header><nav aria-label="Main"><ul><li class="home"><a href="/">${e(facts.shortName)}</a></li>${items}</ul></nav></header>`;
  const footer = `<footer><p><a href="/">${e(facts.shortName)} conference home</a> · <a href="/program">Programme</a></p></footer>`;
  const head = opts.publicUrl ? `<link rel="canonical" href="${e(`${opts.publicUrl}/${page.address}`)}">` : '';
  return publicRecordDocument({
    title: page.title,
    siteName: facts.shortName,
    head,
    style: STYLE,
    header,
    body: `<h1>${e(page.title)}</h1>\n${page.html}`,
    footer,
  });
}
