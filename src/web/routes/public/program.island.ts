import { dayKey, formatTime } from '../../../core/program';
import type { ProgramJson, ProgramSessionJson } from '../../../core/schemas/program';
import { conference } from '../../content/conference';
import { h } from '../../lib/dom';

export const BUTTON_CLASS = 'inline-flex min-h-11 items-center rounded-md px-4 py-2 text-sm font-semibold';

/** The page's subtitle, which names the zone the times are in: Bangkok's, or the visitor's own (`zone`). */
export const programSubtitle = (zone: string | null) =>
  `Sessions of the ${conference.shortName} conference in ${conference.venue.city} and online. Times are shown in ${zone ? `your time zone (${zone})` : 'Bangkok time (Asia/Bangkok, UTC+7)'}.`;

const dayTitle = (key: string) => new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
  .format(new Date(`${key}T12:00:00Z`));

/**
 * The public programme (issue 15) on Program's shell: reads /api/program when the page opens, and draws the
 * sessions by day, in the chosen track, in Bangkok time or the visitor's own.
 */
export function mountProgram() {
  const root = document.querySelector<HTMLElement>('[data-program]');
  const select = root?.querySelector<HTMLSelectElement>('#track-filter');
  const zoneButton = root?.querySelector<HTMLButtonElement>('[data-program-zone]');
  const zoneSaid = root?.querySelector<HTMLElement>('[data-program-zone-said]');
  const sessions = root?.querySelector<HTMLElement>('[data-program-sessions]');
  const subtitle = document.querySelector<HTMLElement>('main h1 + p');
  if (!root || !select || !zoneButton || !sessions) return;
  let program: ProgramJson | null = null;
  let failed = false;
  let ownZone: string | null = null;

  const draw = () => {
    // The conference's zone comes with the data (always Asia/Bangkok).
    const zone = ownZone ?? program?.timeZone ?? 'UTC';
    if (subtitle) subtitle.textContent = programSubtitle(ownZone);
    zoneButton.textContent = ownZone ? 'Show Bangkok time' : 'Show my time zone';
    zoneButton.setAttribute('aria-pressed', String(ownZone !== null));
    if (zoneSaid) zoneSaid.textContent = ownZone ? `Times in ${ownZone}` : 'Times in Bangkok time';

    const track = select.value;
    const byDay = new Map<string, ProgramSessionJson[]>();
    for (const s of program?.sessions ?? []) {
      if (track !== 'all' && s.track !== track) continue;
      const key = dayKey(s.start, zone);
      byDay.set(key, [...(byDay.get(key) ?? []), s]);
    }
    const said = !program && !failed ? h('p', { class: 'mt-8 text-slate-700' }, 'Loading the programme…')
      : failed ? h('p', { role: 'alert', class: 'mt-8 rounded-md bg-red-50 px-4 py-3 text-red-800' }, 'The programme could not be loaded. Please try again later.')
        : program && byDay.size === 0 ? h('p', { class: 'mt-8 text-slate-700' }, program.sessions.length ? 'No sessions in this track yet.' : 'The programme will be published here soon.')
          : null;
    sessions.replaceChildren(...[said, ...[...byDay].map(([key, list]) => drawDay(key, list, zone))].filter((n) => n !== null));
  };

  select.addEventListener('change', draw);
  zoneButton.addEventListener('click', () => {
    ownZone = ownZone ? null : Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    draw();
  });
  fetch('/api/program')
    .then((res) => (res.ok ? res.json() as Promise<ProgramJson> : Promise.reject(new Error(String(res.status)))))
    .then((data) => { program = data; }, () => { failed = true; })
    .finally(draw);
}

function drawDay(key: string, sessions: ProgramSessionJson[], zone: string): HTMLElement {
  return h('section', { 'aria-labelledby': `day-${key}`, class: 'mt-10' },
    h('h2', { id: `day-${key}`, class: 'text-2xl font-bold text-brand-900' }, dayTitle(key)),
    h('ol', { class: 'mt-4 space-y-4' }, sessions.map((s) => drawSession(s, zone))));
}

function drawSession(s: ProgramSessionJson, zone: string): HTMLElement {
  return h('li', { class: 'rounded-xl border border-slate-200 bg-white p-5 shadow-sm', 'data-testid': 'program-session' },
    h('div', { class: 'flex flex-wrap items-baseline justify-between gap-2' },
      h('h3', { class: 'text-lg font-bold text-brand-900' },
        h('span', { class: 'tabular-nums' }, `${formatTime(s.start, zone)}–${formatTime(s.end, zone)}`), ` ${s.title}`),
      h('a', { href: `/api/program/sessions/${s._id}.ics`, download: true, 'aria-label': `Add to calendar: ${s.title}`, class: 'min-h-11 py-2 text-sm font-semibold text-brand-800 underline underline-offset-4' }, 'Add to calendar')),
    h('p', { class: 'mt-1 text-sm text-slate-700' }, s.track, s.room ? [' · ', ...roomParts(s.room)] : null, s.chair ? ` · Chair: ${s.chair}` : ''),
    s.papers.length
      ? h('ol', { class: 'mt-3 list-decimal space-y-1 pl-6 text-slate-800' },
        s.papers.map((p) => h('li', {}, `${p.title} `, h('span', { class: 'text-slate-700' }, `— ${p.presenter}`))))
      : null);
}

const ADDRESS_IN_TEXT = /(https?:\/\/[^\s<>"]*[^\s<>".,;:!?)])/;

/** The editor's "Room or online link": an http(s) address in it is a link (a new tab), the rest stays text. */
function roomParts(room: string): (string | HTMLElement)[] {
  return room.split(ADDRESS_IN_TEXT).map((part, i) => (i % 2 === 0 ? part
    : h('a', { href: part, target: '_blank', rel: 'noopener noreferrer', class: 'font-semibold text-brand-800 underline underline-offset-4 wrap-anywhere' },
      part, h('span', { class: 'sr-only' }, ' (opens in a new tab)')))).filter((part) => part !== '');
}
