import type { SiteMenuItem } from '../core/schemas/site-pages';
import { menuItemsHtml, type MenuSlot } from '../core/site-menu-html';

/** The bar's slots as the build writes them (src/web/components/layout/nav-bar.tsx): hidden, holding their marker. */
const SLOT = /<(li|div)\b[^>]*\bdata-site-menu="(wide|overlay)"[^>]*>\u27E6menu:(?:wide|overlay)\u27E7<\/\1>/g;

/**
 * A prerendered page with the organiser's pages in its bar (decision 0064): each slot replaced by the published pages
 * that are in the menu, in their order (none: nothing). Without a menu (not read yet) the slot stays, hidden. Run
 * after the facts and the lists, so no title is read as a token.
 */
export function renderMenu(html: string, menu: readonly SiteMenuItem[] | undefined): string {
  if (!menu || !html.includes('\u27E6menu:')) return html;
  return html.replace(SLOT, (_, _tag: string, slot: MenuSlot) => menuItemsHtml(menu, slot));
}
