import type { WorkshopSeatsJson } from '../../../core/schemas/workshop';
import { h } from '../../lib/dom';

/**
 * The seats left of each workshop course (decision 0045), from GET /api/workshops: "N seats left" on its card and
 * beside its fee, or "Full — join the waiting list" with the way there. Without JavaScript the page still shows
 * each course's seats, fee and the registration link.
 */
export function mountWorkshopSeats() {
  const cards = document.querySelectorAll<HTMLElement>('[data-workshop-seats]');
  const statuses = document.querySelectorAll<HTMLElement>('[data-workshop-status]');
  if (cards.length === 0 && statuses.length === 0) return;
  fetch('/api/workshops')
    .then((res) => (res.ok ? res.json() as Promise<WorkshopSeatsJson[]> : Promise.reject(new Error(String(res.status)))))
    .then((list) => {
      for (const c of list) {
        const said = c.full ? 'Full — join the waiting list' : `${c.left} ${c.left === 1 ? 'seat' : 'seats'} left`;
        for (const el of cards) if (el.dataset.workshopSeats === c.id) el.textContent = said;
        for (const el of statuses) {
          if (el.dataset.workshopStatus !== c.id) continue;
          el.replaceChildren(c.full
            ? h('a', { href: `/account/workshops#${c.id}`, class: 'text-brand-800 underline underline-offset-4' }, said)
            : said);
        }
      }
    }, () => { /* the page keeps its seats and fees; the count waits for another visit */ });
}
