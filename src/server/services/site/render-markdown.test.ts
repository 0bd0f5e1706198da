import { describe, expect, test } from 'vitest';
import { renderMarkdown } from './render-markdown';

/** Decision 0064: the organiser's Markdown, with raw HTML off, then sanitised against an allow-list. */
describe('renderMarkdown', () => {
  test('Markdown becomes its HTML; a "#" heading is an h2 (the title is the h1); bare addresses are links', () => {
    const html = renderMarkdown('# Venue\n\n- one\n- two\n\n> quoted\n\n`code` and https://example.org\n\n| a | b |\n|:-|-:|\n| 1 | 2 |');
    expect(html).toContain('<h2>Venue</h2>');
    expect(html).toContain('<ul>\n<li>one</li>');
    expect(html).toContain('<blockquote>');
    expect(html).toContain('<code>code</code>');
    expect(html).toContain('<a href="https://example.org" rel="noopener">https://example.org</a>');
    expect(html).toContain('<th style="text-align:left">a</th>');
  });

  test.each([
    ['a script', '<script>alert(1)</script>', /<script/i],
    ['a javascript: link', '[x](javascript:alert(1))', /<a\s[^>]*href/i],
    ['a mixed-case scheme', '[x](JaVaScRiPt:alert(1))', /<a\s[^>]*href/i],
    ['a data: link', '[x](data:text/html;base64,PHNjcmlwdD4=)', /<a\s[^>]*href/i],
    ['a handler in raw HTML', '<img src=x onerror=alert(1)>', /<img/i],
    ['a raw link with a handler', '<a href="https://example.org" onclick="x()">x</a>', /<[^>]+\sonclick=/i],
    ['an iframe', '<iframe src="https://example.org"></iframe>', /<iframe/i],
    ['a picture over http', '![p](http://example.org/p.png)', /src=/i],
    ['a picture as data', '![p](data:image/png;base64,AAAA)', /src=/i],
    ['a protocol-relative link', '[x](//evil.example.org/)', /href=/i],
  ])('%s is cleaned', (_, markdown, forbidden) => {
    expect(renderMarkdown(markdown)).not.toMatch(forbidden);
  });

  test('links to the site, to mail and over https are kept; only external ones get rel="noopener"', () => {
    const html = renderMarkdown(
      '[a](/program) [b](#dates) [c](mailto:chair@example.org) [d](https://example.org) ![e](https://example.org/e.png) ![f](/images/f.png)',
    );
    expect(html).toContain('<a href="/program">a</a>');
    expect(html).toContain('<a href="#dates">b</a>');
    expect(html).toContain('<a href="mailto:chair@example.org">c</a>');
    expect(html).toContain('<a href="https://example.org" rel="noopener">d</a>');
    expect(html).toContain('<img src="https://example.org/e.png" alt="e" />');
    expect(html).toContain('<img src="/images/f.png" alt="f" />');
  });
});
