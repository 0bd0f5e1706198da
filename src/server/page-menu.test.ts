import { describe, expect, test } from 'vitest';
import { menuMarker } from '../core/site-menu-html';
import { renderMenu } from './page-menu';

/** Decision 0064: the bar's slot, as the build writes it, replaced by the pages in the menu. */
const built = `<header><nav><ul><li>HOME</li><li>LOGIN</li></ul></nav><div hidden="" data-site-menu="wide">${menuMarker('wide')}</div></header><template><ul><li>KEYNOTE</li><li hidden="" data-site-menu="overlay">${menuMarker('overlay')}</li><li>LOGIN</li></ul></template>`;

describe('renderMenu', () => {
  test('each slot becomes the pages in the menu, in their order, escaped; no marker is left', () => {
    const html = renderMenu(built, [
      { address: 'venue', title: 'Venue' },
      { address: 'travel', title: 'Travel & <visas>' },
    ]);
    expect(html).not.toContain('\u27E6');
    expect(html).not.toContain('data-site-menu');
    expect(html.match(/href="\/venue"/g)).toHaveLength(2);
    expect(html).toContain('Travel &amp; &lt;visas&gt;');
    expect(html.indexOf('/venue')).toBeLessThan(html.indexOf('/travel'));
    // Wide: a row of its own under the bar; the menu: items before LOGIN.
    expect(html).toMatch(
      /<\/nav><nav aria-label="Conference pages"[^>]*><ul[^>]*><li><a href="\/venue"[^>]*>Venue<\/a><\/li><li><a href="\/travel"/,
    );
    expect(html).toMatch(
      /<li>KEYNOTE<\/li><li><a href="\/venue"[^>]*>Venue<\/a><\/li><li><a href="\/travel"[^>]*>[^<]+<\/a><\/li><li>LOGIN<\/li>/,
    );
  });

  test('an empty menu removes the slots; without a menu (not read yet) the page stays as built', () => {
    expect(renderMenu(built, [])).toBe(
      '<header><nav><ul><li>HOME</li><li>LOGIN</li></ul></nav></header><template><ul><li>KEYNOTE</li><li>LOGIN</li></ul></template>',
    );
    expect(renderMenu(built, undefined)).toBe(built);
  });
});
