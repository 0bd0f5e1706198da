import { zoneLabel, type ConferenceFacts } from './conference-facts';

/**
 * The one way the product writes dates, times, money and numbers, on screens, in mails, documents and exports,
 * shared by the server and the browser (docs/product.md#validation-and-messages). Pure: Intl only.
 *
 * An instant (an ISO string or a Date) is written in the zone the caller names: the conference's (its facts carry
 * it) unless a person's own zone is asked for. A calendar day ("2023-12-27": the conference's dates, a course's
 * day, a stay) has no zone: the functions that write no time write it as it is, whatever zone is passed.
 */

/** An instant, as the API sends it (ISO) or the database gives it. */
export type Instant = string | Date;

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

const KINDS = {
  /** 24 Nov 2026 */
  date: ['en-GB', { day: 'numeric', month: 'short', year: 'numeric' }],
  /** 24 Nov 2026, 14:48 */
  dateTime: ['en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }],
  /** 14:48 */
  time: ['en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }],
  /** 27 December 2023 */
  longDate: ['en-GB', { day: 'numeric', month: 'long', year: 'numeric' }],
  /** 27 December 2023 at 12:00 */
  longDateTime: ['en-GB', { dateStyle: 'long', timeStyle: 'short' }],
  /** Wednesday 27 December 2023, in parts */
  weekdayDate: ['en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }],
  /** 24 Nov */
  dayMonth: ['en-GB', { day: 'numeric', month: 'short' }],
  /** 2023-12-27 */
  day: ['en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }],
} as const satisfies Record<string, readonly [string, Intl.DateTimeFormatOptions]>;
const WITH_TIME = new Set<keyof typeof KINDS>(['dateTime', 'time', 'longDateTime']);

const formatters = new Map<string, Intl.DateTimeFormat>();
/** One Intl formatter per kind and zone, made once: making one costs far more than using it. */
function formatter(kind: keyof typeof KINDS, timeZone: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let f = formatters.get(key);
  if (!f) {
    const [locale, options] = KINDS[kind];
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, f);
  }
  return f;
}

/**
 * The instant and zone to format. For a kind that writes no time, a calendar day is its own UTC midnight read in
 * UTC, so that every zone gives that very day.
 */
function resolve(kind: keyof typeof KINDS, at: Instant, timeZone: string): [Date, string] {
  if (typeof at === 'string' && CALENDAR_DAY.test(at) && !WITH_TIME.has(kind)) return [new Date(`${at}T00:00:00Z`), 'UTC'];
  return [typeof at === 'string' ? new Date(at) : at, timeZone];
}

function write(kind: keyof typeof KINDS, at: Instant, timeZone: string): string {
  const [date, zone] = resolve(kind, at, timeZone);
  return formatter(kind, zone).format(date);
}

/** "24 Nov 2026": the day an instant falls on in `timeZone`. */
export const formatDate = (at: Instant, timeZone: string): string => write('date', at, timeZone);

/** "24 Nov 2026, 14:48": an instant's day and 24-hour time in `timeZone` (midnight is 00:00). */
export const formatDateTime = (at: Instant, timeZone: string): string => write('dateTime', at, timeZone);

/** "14:30": an instant's 24-hour time in `timeZone`. */
export const formatTime = (at: Instant, timeZone: string): string => write('time', at, timeZone);

/** "27 December 2023": documents, mails and the account's registrations. */
export const formatLongDate = (at: Instant, timeZone: string): string => write('longDate', at, timeZone);

/** "27 December 2023 at 12:00": when an account was made (mails), when the programme was published. */
export const formatLongDateTime = (at: Instant, timeZone: string): string => write('longDateTime', at, timeZone);

/** "24 Nov": a calendar day given as YYYY-MM-DD (a chart's day). */
export const formatDayMonth = (day: string): string => write('dayMonth', day, 'UTC');

/** "2023-12-27": the calendar day of an instant in `timeZone` (a programme's day, "today" at the conference). */
export const dayKey = (at: Instant, timeZone: string): string => write('day', at, timeZone);

/**
 * "Wednesday, 27 December 2023" (the programme's mails and page); "Wednesday 27 December 2023" without the comma
 * (the programme PDF's day headings). Put together from its parts, so that every runtime writes it alike.
 */
export function formatWeekdayDate(at: Instant, timeZone: string, opts: { comma?: boolean } = {}): string {
  const [date, zone] = resolve('weekdayDate', at, timeZone);
  const parts = formatter('weekdayDate', zone).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')}${opts.comma === false ? '' : ','} ${part('day')} ${part('month')} ${part('year')}`;
}

/**
 * Two calendar days as one phrase, the shared parts written once: "27–28 December 2023", "30 December 2023",
 * "30 November – 1 December 2023", "31 December 2023 – 1 January 2024".
 */
export function formatDateRange(startDay: string, endDay: string): string {
  if (startDay === endDay) return formatLongDate(startDay, 'UTC');
  const partsOf = (day: string) => {
    const parts = formatter('longDate', 'UTC').formatToParts(new Date(`${day}T00:00:00Z`));
    const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
    return { d: part('day'), month: part('month'), y: part('year') };
  };
  const s = partsOf(startDay);
  const e = partsOf(endDay);
  if (s.y === e.y && s.month === e.month) return `${s.d}–${e.d} ${e.month} ${e.y}`;
  if (s.y === e.y) return `${s.d} ${s.month} – ${e.d} ${e.month} ${e.y}`;
  return `${formatLongDate(startDay, 'UTC')} – ${formatLongDate(endDay, 'UTC')}`;
}

const zoneLabels = new Map<string, string>();
/** "24 Nov 2026, 23:59 (Bangkok time, UTC+7)": a deadline in the conference's zone, the zone named. */
export function formatDeadline(at: Instant, conference: Pick<ConferenceFacts, 'timeZone' | 'startDate'>): string {
  const key = `${conference.timeZone} ${conference.startDate}`;
  let label = zoneLabels.get(key);
  if (label === undefined) {
    label = zoneLabel(conference);
    zoneLabels.set(key, label);
  }
  return `${formatDateTime(at, conference.timeZone)} (${label})`;
}

/** "2023-12-27 09:00 UTC": the review deadline and the discussion's posts as the reviewers' mails write them. */
export const formatUtcDateTime = (at: Date): string => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export { formatCount, formatFee, formatFeeSymbol, formatMinorDecimal, formatMoney } from './format-money';

/** "550.00", "2.33": a number to `places` decimals (two unless told). */
export const formatDecimal = (n: number, places = 2): string => n.toFixed(places);

/** A score or mean: "–" when there is none, "3" when whole, else "2.50". */
export const formatScore = (n: number | null | undefined): string =>
  n === null || n === undefined ? '–' : Number.isInteger(n) ? String(n) : formatDecimal(n);

/** A file's size as the upload and the versions list both write it: "5 KB", "1.2 MB" (1 KB = 1024 bytes). */
export function formatSize(bytes: number): string {
  if (bytes <= 0) return '0 KB';
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${formatDecimal(bytes / 1024 / 1024, 1)} MB`;
}
