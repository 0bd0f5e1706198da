import { asc, sql } from 'drizzle-orm';
import { CONFERENCE_FACTS_DEFAULTS, type ConferenceFacts, type Deadlines } from '../../../core/conference-facts';
import { storedConferenceFacts } from '../../../core/important-dates';
import { PAGE_DATA_DEFAULTS, type PageData } from '../../../core/page-data';
import { WORKSHOP_DETAILS_DEFAULTS } from '../../../core/workshop-courses';
import type { Db } from '../../db/connect';
import { settings, workshopCourses } from '../../db/schema';

/**
 * The conference's facts as this process knows them (decision 0051): read from the settings row at start, again on
 * the editor's save, and every few seconds (`watch`) so that a save through another instance on the same database
 * reaches this one too. Mails, calendar files, PDFs and the public pages read `current()`; what changed is told to
 * the listeners (the site re-renders its pages: src/server/web.ts).
 */
export class ConferenceFactsStore {
  private facts: ConferenceFacts = CONFERENCE_FACTS_DEFAULTS;
  private data: PageData = PAGE_DATA_DEFAULTS;
  private version = '';
  private listeners: ((facts: ConferenceFacts, data: PageData) => void)[] = [];
  private timer: NodeJS.Timeout | null = null;

  current(): ConferenceFacts {
    return this.facts;
  }

  /** The deadlines and the workshop as last read with the facts. */
  pageData(): PageData {
    return this.data;
  }

  /** Called with the new facts (and page data) each time either changes (not at subscription). */
  onChange(listener: (facts: ConferenceFacts, data: PageData) => void): void {
    this.listeners.push(listener);
  }

  /**
   * Read the row; true when the facts, the deadlines or the workshop changed since the last read (the workshop's
   * writes move conference_updated_at; the deadlines are part of the version). A missing row means the defaults.
   */
  async refresh(db: Db): Promise<boolean> {
    const [row] = await db
      .select({
        conference: settings.conference,
        updatedAt: settings.conferenceUpdatedAt,
        submission: settings.submissionDeadline,
        bidding: settings.biddingDeadline,
        review: settings.reviewDeadline,
        discussion: settings.discussionDeadline,
        cameraReady: settings.cameraReadyDeadline,
        firstDay: settings.workshopFirstDay,
        lastDay: settings.workshopLastDay,
        venue: settings.workshopVenue,
      })
      .from(settings)
      .where(sql`${settings.id} = 1`)
      .limit(1);
    const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
    const deadlines: Deadlines = {
      submission: iso(row?.submission),
      bidding: iso(row?.bidding),
      review: iso(row?.review),
      discussion: iso(row?.discussion),
      cameraReady: iso(row?.cameraReady),
    };
    const version = `${row?.updatedAt ? row.updatedAt.toISOString() : ''} ${JSON.stringify(deadlines)}`;
    if (version === this.version) return false;
    const courses = await db
      .select({
        id: workshopCourses.id,
        title: workshopCourses.title,
        date: workshopCourses.date,
        seats: workshopCourses.seats,
        feeUsdMinor: workshopCourses.feeUsdMinor,
      })
      .from(workshopCourses)
      .orderBy(asc(workshopCourses.position), asc(workshopCourses.createdAt));
    this.version = version;
    this.facts = storedConferenceFacts(row?.conference);
    this.data = {
      deadlines,
      workshop: { courses, details: row ? { firstDay: row.firstDay, lastDay: row.lastDay, venue: row.venue } : WORKSHOP_DETAILS_DEFAULTS },
    };
    for (const l of this.listeners) l(this.facts, this.data);
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
