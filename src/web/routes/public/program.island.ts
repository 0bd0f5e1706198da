import { dayKey, formatTime, formatWeekdayDate } from '../../../core/format';
import type { ProgramJson, ProgramSessionJson } from '../../../core/schemas/program';
import { h } from '../../lib/dom';

export const BUTTON_CLASS = 'inline-flex min-h-11 items-center rounded-md px-4 py-2 text-sm font-semibold';
const LINK_CLASS = 'font-semibold text-brand-800 underline underline-offset-4';

/** Where the login area keeps the login token (src/web/api/client.ts); read directly, so the island stays small. */
const TOKEN_KEY = 'token';

/**
 * The public programme (decisions 0017 and 0052) on Program's shell: reads the published programme (/api/program) when the
 * page opens and draws the sessions by day, in the chosen track, in the conference's zone or the visitor's own.
 * Signed in, it asks for the online links (/api/program/links: registered participants and editors); online
 * sessions show "Join online" to those who get them, and a way to log in to the others.
 */
export function mountProgram() {
  const root = document.querySelector<HTMLElement>('[data-program]');
  const select = root?.querySelector<HTMLSelectElement>('#track-filter');
  const zoneButton = root?.querySelector<HTMLButtonElement>('[data-program-zone]');
  const zoneSaid = root?.querySelector<HTMLElement>('[data-program-zone-said]');
  const sessions = root?.querySelector<HTMLElement>('[data-program-sessions]');
  const zoneName = document.querySelector<HTMLElement>('[data-program-zone-name]');
  if (!root || !select || !zoneButton || !sessions) return;
  let program: ProgramJson | null = null;
  let links: Record<string, string> = {};
  let failed = false;
  let ownZone: string | null = null;

  const draw = () => {
    const label = program?.zoneLabel ?? zoneName?.textContent ?? '';
    const zone = ownZone ?? program?.timeZone ?? 'UTC';
    const said = ownZone ? `your time zone (${ownZone})` : label;
    if (zoneName) zoneName.textContent = said;
    zoneButton.textContent = ownZone ? `Show ${label.split(',')[0]}` : 'Show my time zone';
    zoneButton.setAttribute('aria-pressed', String(ownZone !== null));
    if (zoneSaid) zoneSaid.textContent = `Times in ${said}`;

    const track = select.value;
    const byDay = new Map<string, ProgramSessionJson[]>();
    for (const s of program?.sessions ?? []) {
      // A slot without papers (a keynote, a break: no track) is for every track.
      if (track !== 'all' && s.track && s.track !== track) continue;
      const key = dayKey(s.start, zone);
      byDay.set(key, [...(byDay.get(key) ?? []), s]);
    }
    // Until the programme is read, the page's own "Loading the programme…" stays.
    if (!program && !failed) return;
    const note = failed ? h('p', { role: 'alert', class: 'mt-8 rounded-md bg-red-50 px-4 py-3 text-red-800' }, 'The programme could not be loaded. Please try again later.')
      : byDay.size === 0 ? h('p', { class: 'mt-8 text-slate-700' }, program!.sessions.length ? 'No sessions in this track yet.' : 'The programme will be published here soon.')
        : null;
    sessions.replaceChildren(...[note, ...[...byDay].map(([key, list]) => drawDay(key, list, zone, links))].filter((n): n is HTMLElement => !!n));
  };

  select.addEventListener('change', draw);
  zoneButton.addEventListener('click', () => {
    ownZone = ownZone ? null : Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    draw();
  });
  const token = localStorage.getItem(TOKEN_KEY);
  const read = <T>(url: string, headers?: Record<string, string>) => fetch(url, { headers })
    .then((res) => (res.ok ? res.json() as Promise<T> : Promise.reject(res)));
  Promise.all([
    // The filter offers every track the editor has: they are data, not known when the page was built.
    read<ProgramJson>('/api/program').then((data) => { program = data; for (const t of data.tracks) select.add(new Option(t)); }, () => { failed = true; }),
    // Not registered (403) or signed out (401): the online sessions offer to log in instead.
    token ? read<{ links: Record<string, string> }>('/api/program/links', { authorization: `Bearer ${token}` }).then((data) => { links = data.links; }, () => {}) : null,
  ]).finally(draw);
}

function drawDay(key: string, sessions: ProgramSessionJson[], zone: string, links: Record<string, string>): HTMLElement {
  return h('section', { 'aria-labelledby': `day-${key}`, class: 'mt-10' },
    h('h2', { id: `day-${key}`, class: 'text-2xl font-bold text-brand-900' }, formatWeekdayDate(key, zone)),
    h('ol', { class: 'mt-4 space-y-4' }, sessions.map((s) => drawSession(s, zone, links[s._id]))));
}

function drawSession(s: ProgramSessionJson, zone: string, link: string | undefined): HTMLElement {
  const online = !s.online ? null : link
    ? h('a', { href: link, target: '_blank', rel: 'noopener noreferrer', class: LINK_CLASS }, 'Join online', h('span', { class: 'sr-only' }, `: ${s.title} (opens in a new tab)`))
    : h('span', {}, 'Online — ', h('a', { href: '/login', class: LINK_CLASS }, 'link for registered participants'));
  return h('li', { class: 'rounded-xl border border-slate-200 bg-white p-5 shadow-sm', 'data-testid': 'program-session' },
    h('div', { class: 'flex flex-wrap items-baseline justify-between gap-2' },
      h('h3', { class: 'text-lg font-bold text-brand-900' },
        h('span', { class: 'tabular-nums' }, `${formatTime(s.start, zone)}–${formatTime(s.end, zone)}`), ` ${s.title}`),
      h('a', { href: `/api/program/sessions/${s._id}.ics`, download: true, 'aria-label': `Add to calendar: ${s.title}`, class: `min-h-11 py-2 text-sm ${LINK_CLASS}` }, 'Add to calendar')),
    // A slot without papers says what it is (keynote, break…) where a session of papers names its track.
    h('p', { class: 'mt-1 text-sm text-slate-700' }, s.label, s.room ? [' · ', ...roomParts(s.room)] : null, s.chair ? ` · Chair: ${s.chair}` : ''),
    online ? h('p', { class: 'mt-1 text-sm text-slate-700', 'data-program-online': true }, online) : null,
    s.papers.length
      ? h('ol', { class: 'mt-3 list-decimal space-y-1 pl-6 text-slate-800' },
        s.papers.map((p) => h('li', {}, h('a', { href: `/papers/${p._id}`, class: LINK_CLASS }, p.title), ' ', h('span', { class: 'text-slate-700' }, `— ${p.presenter}`))))
      : null);
}

const ADDRESS_IN_TEXT = /(https?:\/\/[^\s<>"]*[^\s<>".,;:!?)])/;

/**
 * An http(s) address the editor wrote in the public "Room" field is a link (a new tab), the rest stays text.
 * It is public already; the private online link of decision 0052 is the session's own `link`, shown above.
 */
function roomParts(room: string): (string | HTMLElement)[] {
  return room.split(ADDRESS_IN_TEXT).map((part, i) => (i % 2 === 0 ? part
    : h('a', { href: part, target: '_blank', rel: 'noopener noreferrer', class: `${LINK_CLASS} wrap-anywhere` },
      part, h('span', { class: 'sr-only' }, ' (opens in a new tab)')))).filter((part) => part !== '');
}
