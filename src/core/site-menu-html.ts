import { escapeHtml } from './html';
import type { SiteMenuItem } from './schemas/site-pages';

/**
 * The organiser's pages in the public bar (decision 0064), the way decision 0062 draws the lists: the build writes a
 * slot in the bar (an empty, hidden element holding a marker) and the server writes the published pages that are in the
 * menu in its place (src/server/page-menu.ts). The classes are the bar's own (src/web/components/layout/nav-bar.tsx),
 * so an added page looks like the links beside it.
 */

export type MenuSlot = 'wide' | 'overlay';
/** The slot's text as the build writes it; the server finds `<div … data-site-menu="wide">⟦menu:wide⟧</div>`. */
export const menuMarker = (slot: MenuSlot): string => `\u27E6menu:${slot}\u27E7`;

const item = (p: SiteMenuItem, classes: string) =>
  `<li><a href="/${escapeHtml(p.address)}" class="${classes}">${escapeHtml(p.title)}</a></li>`;

/**
 * The markup of one slot, every value escaped (none in the menu: nothing). Wide screens: a row of its own under the
 * bar, its links on the right under the bar's, as many as there are (the bar has no room left at 1280 px). The
 * small-screen menu: items like the others above LOGIN.
 */
export function menuItemsHtml(items: readonly SiteMenuItem[], slot: MenuSlot): string {
  if (!items.length) return '';
  if (slot === 'overlay')
    return items.map((p) => item(p, 'block rounded px-3 py-3 text-lg font-semibold uppercase tracking-wide hover:bg-white/10')).join('');
  const links = items
    .map((p) =>
      item(
        p,
        'block whitespace-nowrap rounded px-2.5 py-1.5 text-[13px] font-semibold uppercase tracking-wide text-slate-800 hover:bg-brand-50 hover:text-brand-600',
      ),
    )
    .join('');
  return `<nav aria-label="Conference pages" class="hidden border-t border-slate-100 xl:block"><ul class="mx-auto flex max-w-7xl flex-wrap items-center justify-end gap-0.5 px-4 py-0.5" data-testid="site-pages-nav">${links}</ul></nav>`;
}
