import {
  CONFERENCE_FACTS_DEFAULTS,
  DEADLINE_KEYS,
  type ConferenceFacts,
  type DeadlineKey,
  type Deadlines,
  type ImportantDate,
} from './conference-facts';
import { formatDateRange, formatLongDate } from './format';

/**
 * The important dates as the public pages print them (decision 0065): a date that follows one of the settings'
 * deadlines is that deadline's day in the conference's zone, "To be announced" while the deadline is not set; a date of
 * its own is that calendar day; both written "31 October 2023". Pure: the server renders the pages with it, the editor's
 * screen previews with it.
 */

export const DEADLINE_LABELS: Record<DeadlineKey, string> = {
  submission: 'Submission deadline',
  bidding: 'Bidding deadline',
  review: 'Review deadline',
  discussion: 'Discussion deadline',
  cameraReady: 'Camera-ready deadline',
};

/** What a linked date whose deadline is not set prints. */
export const NOT_ANNOUNCED = 'To be announced';

/** The important date as a page prints it. */
export interface ShownImportantDate {
  label: string;
  date: string;
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** "2023-10-31" when the calendar day exists. */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/**
 * A date written as text, as a calendar day: "2023-10-31", "31 October 2023", "31 Oct 2023", "October 31, 2023";
 * null for anything else ("Soon", "End of October"). Used only to read facts stored before decision 0065.
 */
export function parseDateText(text: string): string | null {
  const t = text.trim();
  if (isCalendarDay(t)) return t;
  const month = (name: string) => {
    const n = name.toLowerCase().replace(/\.$/, '');
    const i = MONTHS.findIndex((m) => m === n || (n.length >= 3 && m.startsWith(n)));
    return i < 0 ? null : i + 1;
  };
  let day: number, mon: number | null, year: number;
  let m = /^(\d{1,2})(?:st|nd|rd|th)?\s+([A-Za-z]+\.?),?\s+(\d{4})$/.exec(t);
  if (m) [day, mon, year] = [Number(m[1]), month(m[2]!), Number(m[3])];
  else {
    m = /^([A-Za-z]+\.?)\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/.exec(t);
    if (!m) return null;
    [day, mon, year] = [Number(m[2]), month(m[1]!), Number(m[3])];
  }
  if (mon === null) return null;
  const iso = `${year}-${String(mon).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return isCalendarDay(iso) ? iso : null;
}

const isDeadlineKey = (v: unknown): v is DeadlineKey => typeof v === 'string' && (DEADLINE_KEYS as readonly string[]).includes(v);

/**
 * A stored important date in today's shape, whatever shape it was saved in: before decision 0065 `{label, date}` held
 * free text; a text that reads as a day becomes that day, any other text is kept as `text` (shown as it is).
 */
export function readImportantDate(raw: unknown): ImportantDate | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const label = typeof r.label === 'string' ? r.label : '';
  if (isDeadlineKey(r.deadline)) return { label, deadline: r.deadline };
  const text = typeof r.date === 'string' ? r.date : typeof r.text === 'string' ? r.text : null;
  if (text === null) return null;
  const day = parseDateText(text);
  return day ? { label, date: day } : { label, text };
}

/** The facts with their important dates read as today's shape (decision 0065). */
export function withCurrentImportantDates<F extends { importantDates: unknown }>(f: F): F & { importantDates: ImportantDate[] } {
  const list = Array.isArray(f.importantDates) ? f.importantDates : [];
  return { ...f, importantDates: list.map(readImportantDate).filter((d): d is ImportantDate => d !== null) };
}

/** "31 October 2023": a deadline's day in the conference's zone, or "To be announced" while it is not set. */
export function formatDeadlineDay(at: string | null | undefined, timeZone: string): string {
  return at ? formatLongDate(at, timeZone) : NOT_ANNOUNCED;
}

/** One important date as the pages print it. */
export function showImportantDate(d: ImportantDate, deadlines: Deadlines, timeZone: string): ShownImportantDate {
  if ('deadline' in d) return { label: d.label, date: formatDeadlineDay(deadlines[d.deadline], timeZone) };
  if ('date' in d) return { label: d.label, date: isCalendarDay(d.date) ? formatLongDate(d.date, 'UTC') : d.date };
  return { label: d.label, date: d.text };
}

/** The important dates as the pages print them, with the deadlines as the settings hold them now. */
export function shownImportantDates(f: Pick<ConferenceFacts, 'importantDates' | 'timeZone'>, deadlines: Deadlines): ShownImportantDate[] {
  return f.importantDates.map((d) => showImportantDate(d, deadlines, f.timeZone));
}

/** "30 December 2022", "30–31 December 2022": the technical workshop's days as the page prints them. */
export const formatWorkshopDays = (firstDay: string, lastDay: string): string => formatDateRange(firstDay, lastDay);

/** The facts as a settings row stores them (null: none saved), over the defaults, the important dates in today's shape. */
export function storedConferenceFacts(stored: Partial<ConferenceFacts> | null | undefined): ConferenceFacts {
  if (!stored) return CONFERENCE_FACTS_DEFAULTS;
  return withCurrentImportantDates({ ...CONFERENCE_FACTS_DEFAULTS, ...stored });
}
