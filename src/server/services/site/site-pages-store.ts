import type { Db } from '../../db/connect';
import { listPublishedPages, renderPublishedPage, type PublishedPage } from './site-pages';

/**
 * The published pages as this process knows them (decision 0064), kept as SiteListsStore keeps the lists (decision
 * 0062): read at start, again after the editor's save (answered once the site shows it), and every few seconds so
 * that a save through another instance reaches this one too. The site serves the pages and draws the menu from
 * them (src/server/web.ts).
 */
export class SitePagesStore {
  private pages: PublishedPage[] | undefined;
  private version = '';
  private listeners: ((pages: PublishedPage[]) => Promise<unknown> | void)[] = [];
  private timer: NodeJS.Timeout | null = null;

  /** Undefined until first read: the pages' bar then shows no added page. */
  current(): PublishedPage[] | undefined {
    return this.pages;
  }

  onChange(listener: (pages: PublishedPage[]) => Promise<unknown> | void): void {
    this.listeners.push(listener);
  }

  /** Read the pages; true when they changed since the last read, once the listeners are done with them. */
  async refresh(db: Db): Promise<boolean> {
    const saved = await listPublishedPages(db);
    const version = JSON.stringify(saved);
    if (version === this.version) return false;
    // Rendered only when changed: the Markdown of a few pages, not every few seconds.
    const pages = saved.map(renderPublishedPage);
    this.version = version;
    this.pages = pages;
    await Promise.all(this.listeners.map((l) => l(pages)));
    return true;
  }

  watch(db: Db, everyMs = 5000): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.refresh(db).catch(() => {});
    }, everyMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
