import { sql } from 'drizzle-orm';
import { CONFERENCE_FACTS_DEFAULTS, type ConferenceFacts } from '../../../core/conference-facts';
import type { Db } from '../../db/connect';
import { settings } from '../../db/schema';

/**
 * The conference's facts as this process knows them (decision 0051): read from the settings row at start, again on
 * the editor's save, and every few seconds (`watch`) so that a save through another instance on the same database
 * reaches this one too. Mails, calendar files, PDFs and the public pages read `current()`; what changed is told to
 * the listeners (the site re-renders its pages: src/server/web.ts).
 */
export class ConferenceFactsStore {
  private facts: ConferenceFacts = CONFERENCE_FACTS_DEFAULTS;
  private version = '';
  private listeners: ((facts: ConferenceFacts) => void)[] = [];
  private timer: NodeJS.Timeout | null = null;

  current(): ConferenceFacts {
    return this.facts;
  }

  /** Called with the new facts each time they change (not at subscription). */
  onChange(listener: (facts: ConferenceFacts) => void): void {
    this.listeners.push(listener);
  }

  /** Read the row; true when the facts changed since the last read. A missing row or column means the defaults. */
  async refresh(db: Db): Promise<boolean> {
    const [row] = await db
      .select({ conference: settings.conference, updatedAt: settings.conferenceUpdatedAt })
      .from(settings)
      .where(sql`${settings.id} = 1`)
      .limit(1);
    const version = row?.updatedAt ? row.updatedAt.toISOString() : '';
    if (version === this.version) return false;
    this.version = version;
    this.facts = row?.conference ? { ...CONFERENCE_FACTS_DEFAULTS, ...row.conference } : CONFERENCE_FACTS_DEFAULTS;
    for (const l of this.listeners) l(this.facts);
    return true;
  }

  /** Poll for changes made through other instances; a failed read (database restarting) waits for the next tick. */
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
