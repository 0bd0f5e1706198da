import { zoneName } from '../../core/conference-facts';
import * as core from '../../core/format';
import { currentFacts } from '../content/conference';

/**
 * The login area's dates and times (docs/product.md#validation-and-messages): src/core/format.ts's, in the
 * conference's time zone unless a zone is given. Deadlines name the zone (formatDeadline) and add the visitor's own
 * wall time when it differs (visitorTime). What needs no zone is core's as it is.
 */

export {
  dayKey,
  formatCount,
  formatDayMonth,
  formatDecimal,
  formatFee,
  formatFeeSymbol,
  formatMinorDecimal,
  formatMoney,
  formatScore,
  formatSize,
  formatTime,
  formatWeekdayDate,
} from '../../core/format';

/** The conference's time zone, as the page's facts give it (the editor sets it: decision 0050). */
export const CONFERENCE_TIME_ZONE = currentFacts.timeZone;
/** "Bangkok time": that zone as a label names it ("Sent (Bangkok time)"). */
export const CONFERENCE_ZONE_NAME = zoneName(currentFacts);

/** "24 Nov 2026": the day an instant falls on in `timeZone` (the conference's by default). */
export const formatDate = (iso: string, timeZone: string = CONFERENCE_TIME_ZONE): string => core.formatDate(iso, timeZone);

/** "24 Nov 2026, 14:48": an instant's day and 24-hour time in `timeZone` (the conference's by default). */
export const formatDateTime = (iso: string, timeZone: string = CONFERENCE_TIME_ZONE): string => core.formatDateTime(iso, timeZone);

/** "27 December 2023": an instant's day in `timeZone` (the conference's by default), or a calendar day as it is. */
export const formatLongDate = (iso: string, timeZone: string = CONFERENCE_TIME_ZONE): string => core.formatLongDate(iso, timeZone);

/** "27 December 2023 at 12:00" in `timeZone` (the conference's by default). */
export const formatLongDateTime = (iso: string, timeZone: string = CONFERENCE_TIME_ZONE): string => core.formatLongDateTime(iso, timeZone);

/** "2023-12-27": today in the conference's calendar (a form's default day). */
export const conferenceToday = (): string => core.dayKey(new Date(), CONFERENCE_TIME_ZONE);

/** "24 Nov 2026, 23:59 (Bangkok time, UTC+7)": a deadline, its zone named. */
export const formatDeadline = (iso: string): string => core.formatDeadline(iso, currentFacts);

/** The visitor's zone, as the browser reports it. */
export const visitorZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** "24 Nov 2026, 18:59 your time" when the visitor's wall time differs from the conference's, else null. */
export function visitorTime(iso: string, zone: string = visitorZone()): string | null {
  const theirs = formatDateTime(iso, zone);
  return theirs === formatDateTime(iso) ? null : `${theirs} your time`;
}
