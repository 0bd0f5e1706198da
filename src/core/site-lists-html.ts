import { escapeHtml } from './html';
import type { CommitteeMemberJson, PreviousEventJson, SiteListsJson, SponsorJson } from './schemas/site-lists';

/**
 * The markup of the editor's lists on the public pages (decision 0062): the build writes the first edition's lists
 * with it between a begin and an end marker, and the server writes the saved lists the same way in their place
 * (src/server/page-lists.ts). One function per list, so a page looks the same whichever side drew it; every value is
 * escaped here.
 */

export type SiteListName = 'committee' | 'sponsors' | 'previousEvents';
export const listBegin = (name: SiteListName): string => `\u27E6#list:${name}\u27E7`;
export const listEnd = (name: SiteListName): string => `\u27E6/list:${name}\u27E7`;
/** A list's markup between its markers, as the build writes it. */
export const listBlock = (name: SiteListName, html: string): string => listBegin(name) + html + listEnd(name);

const e = escapeHtml;
const attr = (name: string, value: string | number) => ` ${name}="${e(String(value))}"`;

/** "General Chairs" → "general-chairs": a section's link target. */
export const sectionSlug = (section: string): string =>
  section
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'section';

/** A committee section named a committee is a band of its own; chairs and officers are cards in one grid. */
export const isCommitteeBand = (section: string): boolean => /committee/i.test(section);

/** Sample entries ("To be announced") show TBA; a person their initials. */
function initials(name: string): string {
  if (/^to be announced/i.test(name)) return 'TBA';
  const words = name
    .replace(/\(.*?\)/g, '')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  return (words.length > 1 ? (words[0]![0] ?? '') + (words[words.length - 1]![0] ?? '') : (words[0] ?? '?').slice(0, 2)).toUpperCase();
}

/** The page's section (src/web/components/section.tsx), as markup. */
function section(opts: { id?: string; title: string; tint: boolean; body: string }): string {
  const heading = opts.id ? `${opts.id}-heading` : undefined;
  return (
    `<section${opts.id ? attr('id', opts.id) : ''}${heading ? attr('aria-labelledby', heading) : ''} class="${opts.tint ? 'bg-brand-50' : 'bg-white'} px-4 py-14 ">` +
    `<div class="mx-auto max-w-7xl"><h2${heading ? attr('id', heading) : ''} class="text-2xl font-bold tracking-tight text-brand-900 sm:text-3xl">${e(opts.title)}</h2>` +
    `<span aria-hidden="true" class="mt-3 block h-1 w-16 rounded bg-accent-400"></span><div class="mt-8">${opts.body}</div></div></section>`
  );
}

function member(m: CommitteeMemberJson): string {
  const size = 44;
  const avatar = m.photo
    ? `<img${attr('src', m.photo)}${attr('alt', `Photo of ${m.name}`)} width="${size}" height="${size}" loading="lazy" class="shrink-0 rounded-full object-cover" style="width:${size}px;height:${size}px"/>`
    : `<span role="img"${attr('aria-label', `${m.name}: no photo yet`)} class="flex shrink-0 items-center justify-center rounded-full bg-brand-800 font-bold tracking-wide text-accent-400 ring-4 ring-brand-100" style="width:${size}px;height:${size}px;font-size:${(size / 3).toFixed(2)}px">${e(initials(m.name))}</span>`;
  const where = [m.affiliation, m.country].filter(Boolean).join(', ');
  return (
    avatar +
    `<span><span class="block font-semibold text-slate-900">${e(m.name)}</span>` +
    (m.role ? `<span class="block text-sm font-medium text-brand-700">${e(m.role)}</span>` : '') +
    (where ? `<span class="block text-sm text-slate-700">${e(where)}</span>` : '') +
    '</span>'
  );
}

/** /committee: the chairs and officers as cards under "Conference committee", then each committee as its own band. */
export function committeeHtml(members: readonly CommitteeMemberJson[]): string {
  const groups = new Map<string, CommitteeMemberJson[]>();
  for (const m of members) groups.set(m.section, [...(groups.get(m.section) ?? []), m]);
  const cards = [...groups].filter(([s]) => !isCommitteeBand(s));
  const bands = [...groups].filter(([s]) => isCommitteeBand(s));
  let out = '';
  if (cards.length)
    out += section({
      title: 'Conference committee',
      tint: false,
      body:
        '<ul class="grid gap-6 md:grid-cols-2 lg:grid-cols-3">' +
        cards
          .map(
            ([s, list]) =>
              `<li${attr('id', sectionSlug(s))} class="rounded-xl border border-brand-100 bg-white p-5 shadow-sm"><h3 class="text-lg font-bold text-brand-800">${e(s)}</h3>` +
              `<ul class="mt-3 space-y-3">${list.map((m) => `<li class="flex items-center gap-3">${member(m)}</li>`).join('')}</ul></li>`,
          )
          .join('') +
        '</ul>',
    });
  bands.forEach(([s, list], i) => {
    out += section({
      id: sectionSlug(s),
      title: s,
      tint: i % 2 === 0,
      body:
        '<ul class="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">' +
        list
          .map((m) => `<li class="flex items-center gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-brand-100">${member(m)}</li>`)
          .join('') +
        '</ul>',
    });
  });
  return out;
}

/** /previous-events: one round button per event (its click: previous-events.island.ts), and its site when it has one. */
export function previousEventsHtml(events: readonly PreviousEventJson[]): string {
  return (
    '<ul class="flex flex-wrap justify-center gap-6 sm:gap-8">' +
    events
      .map((ev) => {
        const [country, year, ...place] = ev.label.split(' ');
        return (
          '<li class="flex flex-col items-center gap-2">' +
          `<button type="button" aria-pressed="false"${attr('data-event', ev._id)}${attr('data-label', ev.label)} class="group flex h-36 w-36 flex-col items-center justify-center rounded-full border-4 border-brand-100 bg-white text-center text-brand-900 shadow-md transition hover:-translate-y-0.5 hover:border-accent-400 sm:h-40 sm:w-40 aria-pressed:border-accent-400 aria-pressed:bg-brand-800 aria-pressed:text-white aria-pressed:ring-4 aria-pressed:ring-accent-400/40">` +
          `<span class="text-sm font-semibold uppercase tracking-widest">${e(country ?? '')}</span>` +
          `<span class="text-3xl font-extrabold">${e(year ?? '')}</span>` +
          `<span class="text-sm font-semibold">${e(place.join(' '))}</span>` +
          '<span class="mt-1 hidden text-xs font-bold text-accent-400 group-aria-pressed:block">✓ Selected</span></button>' +
          (ev.link
            ? `<a${attr('href', ev.link)} rel="noopener" class="text-sm font-semibold text-brand-700 underline hover:text-brand-900">${e(`${ev.label} website`)}</a>`
            : '') +
          '</li>'
        );
      })
      .join('') +
    '</ul>'
  );
}

/** The home page's partners: rows of four logos (logo-showcase.island.ts animates `.logo-reveal`). */
export function sponsorsHtml(sponsors: readonly SponsorJson[]): string {
  const rows: SponsorJson[][] = [];
  sponsors.forEach((s, i) => (i % 4 === 0 ? rows.push([s]) : rows[rows.length - 1]!.push(s)));
  return rows
    .map(
      (row, r) =>
        '<ul class="grid grid-cols-2 gap-4 lg:grid-cols-4">' +
        row
          .map((s, i) => {
            const delay = ` style="transition-delay:${(r * 4 + i) * 90}ms"`;
            const mark = s.logo
              ? `<img${attr('src', s.logo)}${attr('alt', s.name)} width="320" height="120" loading="lazy" decoding="async" class="logo-reveal h-auto w-full"${delay}/>`
              : `<span class="logo-reveal flex aspect-[8/3] w-full items-center justify-center rounded-lg bg-white p-4 text-center text-lg font-bold text-brand-900 ring-1 ring-brand-100"${delay}>${e(s.name)}</span>`;
            return (
              '<li>' +
              (s.role
                ? `<p class="mb-2 text-center text-xs font-semibold uppercase tracking-widest text-slate-700">${e(s.role)}</p>`
                : '') +
              (s.link ? `<a${attr('href', s.link)} rel="noopener" class="block">${mark}</a>` : mark) +
              '</li>'
            );
          })
          .join('') +
        '</ul>',
    )
    .join('');
}

/** Every list's markup by its name. */
export const LIST_HTML: { [K in SiteListName]: (lists: SiteListsJson) => string } = {
  committee: (l) => committeeHtml(l.committee),
  sponsors: (l) => sponsorsHtml(l.sponsors),
  previousEvents: (l) => previousEventsHtml(l.previousEvents),
};
