import type { SiteListsJson } from '../core/schemas/site-lists';
import { LIST_HTML, listBegin, listEnd, type SiteListName } from '../core/site-lists-html';

/**
 * A prerendered page with the editor's lists in place of the build's (decision 0062): each list between its markers
 * (src/core/site-lists-html.ts) drawn again from `lists`, and the markers removed. Without lists (not read yet) the
 * build's markup stays. Run after the facts are filled in, so no text of a list is read as a fact's token.
 */
export function renderLists(html: string, lists: SiteListsJson | undefined): string {
  if (!html.includes('\u27E6#list:')) return html;
  let out = html;
  for (const name of Object.keys(LIST_HTML) as SiteListName[]) {
    const begin = listBegin(name);
    const end = listEnd(name);
    let from = out.indexOf(begin);
    while (from >= 0) {
      const to = out.indexOf(end, from + begin.length);
      if (to < 0) break;
      const inner = lists ? LIST_HTML[name](lists) : out.slice(from + begin.length, to);
      out = out.slice(0, from) + inner + out.slice(to + end.length);
      from = out.indexOf(begin, from + inner.length);
    }
  }
  return out;
}
