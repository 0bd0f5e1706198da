import type { SiteListsJson } from '../../../core/schemas/site-lists';
import type { Db } from '../../db/connect';
import { listSiteLists } from './site-lists';

/**
 * The site's lists as this process knows them (decision 0062), the way ConferenceFactsStore keeps the facts: read at
 * start, again after the editor's save, and every few seconds so that a save through another instance reaches this
 * one too. The lists are a few dozen rows, so the whole of them is their version. The site re-renders the pages
 * that show them on each change (src/server/web.ts).
 */
export class SiteListsStore {
  private lists: SiteListsJson | undefined;
  private version = '';
  private listeners: ((lists: SiteListsJson) => Promise<unknown> | void)[] = [];
  private timer: NodeJS.Timeout | null = null;

  /** Undefined until first read: the pages then show the lists they were built with. */
  current(): SiteListsJson | undefined {
    return this.lists;
  }

  /** Called with the new lists on each change; a returned promise (the pages' render) is awaited by refresh. */
  onChange(listener: (lists: SiteListsJson) => Promise<unknown> | void): void {
    this.listeners.push(listener);
  }

  /** Read the lists; true when they changed since the last read, once the listeners are done with them. */
  async refresh(db: Db): Promise<boolean> {
    const lists = await listSiteLists(db);
    const version = JSON.stringify(lists);
    if (version === this.version) return false;
    this.version = version;
    this.lists = lists;
    await Promise.all(this.listeners.map((l) => l(lists)));
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
