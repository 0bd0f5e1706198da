import { formatLongDate, formatMoney } from './format';
import { escapeHtml } from './html';
import { inCurrency } from './registration';
import type { WorkshopCourse } from './workshop-courses';
import { COURSE_WORDS } from './workshop-syllabus';

/**
 * The technical workshop's courses on /technical-workshop (decision 0065), as markup: the build writes the seeded
 * courses with it between markers, the server writes the edition's courses (workshop_courses) in their place
 * (src/server/page-workshop.ts), as decision 0062 does for the site's lists. The cards link to their syllabus sections;
 * the seats island fills `data-workshop-seats` and `data-workshop-status` by course id either way.
 */

export type WorkshopBlock = 'cards' | 'syllabi';
export const workshopBegin = (name: WorkshopBlock): string => `\u27E6#workshop:${name}\u27E7`;
export const workshopEnd = (name: WorkshopBlock): string => `\u27E6/workshop:${name}\u27E7`;
export const workshopBlock = (name: WorkshopBlock, html: string): string => workshopBegin(name) + html + workshopEnd(name);

const e = escapeHtml;

/** "USD 100.00 (INR 8,300.00)": a course's fee as the page writes it. */
export const courseFee = (c: Pick<WorkshopCourse, 'feeUsdMinor'>): string =>
  `${formatMoney(c.feeUsdMinor, 'USD')} (${formatMoney(inCurrency(c.feeUsdMinor, 'INR'), 'INR')})`;

/** The cards under "Courses", each a link to its syllabus section (src/web/components/jump-cards.tsx's markup). */
export function workshopCardsHtml(courses: readonly WorkshopCourse[]): string {
  const items = courses
    .map((c, i) => {
      const words = COURSE_WORDS[c.id];
      return (
        `<li><a href="#${e(c.id)}" class="group flex h-full flex-col rounded-xl border border-brand-100 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-accent-400 hover:shadow-md">` +
        `<span class="text-xs font-semibold uppercase tracking-widest text-brand-600">Course ${i + 1}</span>` +
        `<span class="mt-2 text-lg font-bold text-brand-900">${e(c.title)}</span>` +
        `<span class="mt-2 flex-1 text-sm text-slate-700">${e(words?.short ?? formatLongDate(c.date, 'UTC'))}</span>` +
        `<span class="mt-3 text-sm text-slate-800">${c.seats} seats · ${e(courseFee(c))}` +
        `<span data-workshop-seats="${e(c.id)}" class="mt-1 block min-h-5 font-semibold text-brand-900"></span></span>` +
        `<span class="mt-4 text-sm font-semibold text-brand-700 group-hover:underline">View details <span aria-hidden="true">↓</span></span>` +
        `</a></li>`
      );
    })
    .join('');
  return `<nav aria-label="Courses"><ul class="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">${items}</ul></nav>`;
}

/** Each course's section: its summary, fee, seats, the island's status line and its modules (section.tsx's markup). */
export function workshopSyllabiHtml(courses: readonly WorkshopCourse[]): string {
  return courses
    .map((c, i) => {
      const words = COURSE_WORDS[c.id];
      const id = e(c.id);
      const modules = words?.syllabus.length
        ? `<ol class="mt-6 grid gap-3 sm:grid-cols-2">` +
          words.syllabus
            .map(
              (topic, j) =>
                `<li class="flex gap-3 rounded-lg bg-white px-4 py-3 ring-1 ring-brand-100"><span class="shrink-0 whitespace-nowrap font-bold text-brand-700">Module ${j + 1}</span><span class="text-slate-800">${e(topic)}</span></li>`,
            )
            .join('') +
          '</ol>'
        : '';
      return (
        `<section id="${id}" aria-labelledby="${id}-heading" class="${i % 2 === 0 ? 'bg-brand-50' : 'bg-white'} px-4 py-14 "><div class="mx-auto max-w-7xl">` +
        `<p class="text-sm font-semibold uppercase tracking-widest text-brand-600">Course ${i + 1} · Syllabus</p>` +
        `<h2 id="${id}-heading" class="text-2xl font-bold tracking-tight text-brand-900 sm:text-3xl">${e(c.title)}</h2>` +
        `<span aria-hidden="true" class="mt-3 block h-1 w-16 rounded bg-accent-400"></span><div class="mt-8">` +
        (words ? `<p class="max-w-3xl text-slate-700">${e(words.summary)}</p>` : '') +
        `<p class="${words ? 'mt-3 ' : ''}max-w-3xl text-slate-800"><strong class="text-brand-900">Fee ${e(courseFee(c))}</strong> · ${c.seats} seats · ` +
        `<a href="/account/registrations" class="font-semibold text-brand-800 underline underline-offset-4">Register online</a></p>` +
        `<p data-workshop-status="${id}" class="mt-2 min-h-6 font-semibold text-brand-900" aria-live="polite"></p>` +
        modules +
        '</div></div></section>'
      );
    })
    .join('');
}
