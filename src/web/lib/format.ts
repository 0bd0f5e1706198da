import { zoneLabel } from '../../core/conference-facts';
import { currentFacts } from '../content/conference';

/**
 * The one way the login area writes dates, times and sizes (issue 28.7): "24 Nov 2026" and
 * "24 Nov 2026, 14:48", in the conference's time zone unless a zone is given. Deadlines name the zone
 * (formatDeadline) and add the visitor's own wall time when it differs (visitorTime).
 */

/** The conference's time zone, as the page's facts give it (the editor sets it: docs/decisions/0050). */
export const CONFERENCE_TIME_ZONE = currentFacts.timeZone;
/** The conference's zone as people read it: "Bangkok time, UTC+7" (its offset on the conference's first day). */
export const CONFERENCE_ZONE_LABEL = zoneLabel(currentFacts);

const DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: 'date' | 'datetime' | 'daymonth', timeZone: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let f = formatters.get(key);
  if (!f) {
    const options = kind === 'date' ? DATE : kind === 'datetime' ? { ...DATE, ...TIME } : { day: 'numeric', month: 'short' } as const;
    f = new Intl.DateTimeFormat('en-GB', { ...options, timeZone });
    formatters.set(key, f);
  }
  return f;
}

/** "24 Nov 2026": the day an instant falls on in `timeZone` (the conference's by default). */
export function formatDate(iso: string, timeZone: string = CONFERENCE_TIME_ZONE): string {
  return formatter('date', timeZone).format(new Date(iso));
}

/** "24 Nov 2026, 14:48": an instant's day and 24-hour time in `timeZone` (the conference's by default). */
export function formatDateTime(iso: string, timeZone: string = CONFERENCE_TIME_ZONE): string {
  return formatter('datetime', timeZone).format(new Date(iso));
}

/** "24 Nov": a calendar day given as YYYY-MM-DD (a chart's day), whatever the zone. */
export function formatDayMonth(day: string): string {
  return formatter('daymonth', 'UTC').format(new Date(`${day}T00:00:00Z`));
}

/** "24 Nov 2026, 23:59 (Bangkok time, UTC+7)": a deadline, its zone named. */
export function formatDeadline(iso: string): string {
  return `${formatDateTime(iso)} (${CONFERENCE_ZONE_LABEL})`;
}

/** The visitor's zone, as the browser reports it. */
export const visitorZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** "24 Nov 2026, 18:59 your time" when the visitor's wall time differs from the conference's, else null. */
export function visitorTime(iso: string, zone: string = visitorZone()): string | null {
  const theirs = formatDateTime(iso, zone);
  return theirs === formatDateTime(iso) ? null : `${theirs} your time`;
}

/** A file's size as the upload and the versions list both write it: "5 KB", "1.2 MB" (1 KB = 1024 bytes). */
export function formatSize(bytes: number): string {
  if (bytes <= 0) return '0 KB';
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
