import type { AwardeesJson } from '../../../core/schemas/award';
import { avatarElement, initialsOf } from '../../components/avatar-element';

/**
 * The current year's awardees (decision 0044): read from GET /api/awards/<year>/awardees and drawn into the page's
 * card template (photo or initials, name, designation, affiliation, award, award id). Without JavaScript, or
 * when the call fails, the page keeps its sentence saying the awardees are listed as the panel decides.
 */
export function mountAwardees() {
  const root = document.querySelector<HTMLElement>('[data-awardees]');
  const list = root?.querySelector<HTMLUListElement>('[data-awardees-list]');
  const card = root?.querySelector<HTMLTemplateElement>('template[data-awardee-card]');
  const status = root?.querySelector<HTMLElement>('[data-awardees-status]');
  if (!root || !list || !card || !status) return;
  fetch(`/api/awards/${encodeURIComponent(root.dataset.awardees!)}/awardees`)
    .then((res) => (res.ok ? res.json() as Promise<AwardeesJson> : null))
    .then((data) => {
      if (!data?.awardees.length) return;
      list.replaceChildren(...data.awardees.map((a) => {
        const li = (card.content.firstElementChild as HTMLElement).cloneNode(true) as HTMLElement;
        for (const key of ['name', 'designation', 'affiliation', 'award', 'awardId'] as const) {
          li.querySelector(`[data-field="${key}"]`)!.textContent = a[key];
        }
        li.querySelector('[role="img"]')!.replaceWith(avatarElement({ name: a.name, initials: initialsOf(a.name), photo: a.photo, size: 88 }));
        return li;
      }));
      list.hidden = false;
      status.textContent = `${data.awardees.length} ${data.awardees.length === 1 ? 'awardee' : 'awardees'} so far.`;
    })
    .catch(() => {});
}
