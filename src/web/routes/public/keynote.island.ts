import { fetchAllKeynoteSpeakers, fetchKeynoteSpeakers, type KeynoteSpeakerJson } from '../../api/public';
import { avatarElement, initialsOf } from '../../components/avatar-element';

/**
 * The keynote page (docs/product.md#public-pages): Read More opens the native dialog with that speaker's content; its cross, a
 * click on the backdrop or Escape close it, and focus goes back to the button. The page is built with the seven
 * shipped speakers; the list editors keep (GET /api/keynote-speakers/all, decision 0026) then redraws it: their
 * edits, order and removals, and the speakers they added, drawn like the built ones.
 */
export function mountKeynote() {
  const dialog = document.querySelector<HTMLDialogElement>('dialog[data-speaker-dialog]');
  const list = document.querySelector<HTMLElement>('[data-testid="speakers"]');
  if (!dialog || !list) return;
  const bios = new Map<string, HTMLTemplateElement>();
  for (const t of document.querySelectorAll<HTMLTemplateElement>('template[data-speaker-bio]')) bios.set(t.dataset.speakerBio!, t);

  list.addEventListener('click', (e) => {
    const button = e.target instanceof Element ? e.target.closest<HTMLElement>('button[data-speaker]') : null;
    const bio = button && bios.get(button.dataset.speaker!);
    if (!bio) return;
    dialog.replaceChildren(bio.content.cloneNode(true));
    if (!dialog.open) dialog.showModal();
  });
  dialog.addEventListener('click', (e) => {
    // A click on the dialog element itself (not its content) is a click on the backdrop.
    if (e.target === dialog || (e.target instanceof Element && e.target.closest('button[aria-label="Close"]'))) {
      dialog.close();
      dialog.replaceChildren();
    }
  });
  // Emptied at once ('close' comes a task later): Escape's 'cancel' comes before it closes.
  dialog.addEventListener('cancel', () => dialog.replaceChildren());
  dialog.addEventListener('close', () => dialog.replaceChildren());

  // Models copied before any card or biography is redrawn.
  const cardModel = list.querySelector('li')?.cloneNode(true) as Element | undefined;
  const bioModel = bios.values().next().value?.cloneNode(true) as HTMLTemplateElement | undefined;
  if (!cardModel || !bioModel) return;
  const built = new Map<string, Element>();
  for (const b of list.querySelectorAll<HTMLElement>('button[data-speaker]')) built.set(b.dataset.speaker!, b.closest('li')!);

  // The added speakers as before too: a stubbed or stale /all may not list them all. Without /all, the page stays as built.
  Promise.all([fetchAllKeynoteSpeakers().catch(() => null), fetchKeynoteSpeakers().catch(() => [])]).then(([all, added]) => {
    const rows: KeynoteSpeakerJson[] = all ?? [];
    const listed = new Set(rows.map((r) => r._id));
    if (all) for (const [id, card] of built) if (!listed.has(id)) card.remove();
    for (const row of [...rows, ...added.filter((r) => !listed.has(r._id))]) {
      list.append(drawCard(built.get(row._id) ?? cardModel.cloneNode(true) as Element, row));
      bios.set(row._id, drawBio(bios.get(row._id) ?? bioModel, row));
    }
  });
}

/** A speaker's texts as the built cards have them; Read More shows the biography, else the designation and position. */
function speakerOf(row: KeynoteSpeakerJson) {
  const bio = row.biography?.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
  return {
    name: row.name, title: row.designation, affiliation: row.position, initials: initialsOf(row.name), photo: row.photo,
    biography: bio?.length ? bio : [[row.designation, row.position].filter(Boolean).join(', ')].filter(Boolean),
  };
}

/** Sets the avatar (kept when name and photo are as built), heading and the two lines after it in a card or a dialog body. */
function fill(node: ParentNode, s: ReturnType<typeof speakerOf>, size: number) {
  const heading = node.querySelector('h2, h3')!;
  if (s.photo || heading.textContent !== s.name) node.querySelector('[role="img"], img')?.replaceWith(avatarElement({ ...s, size }));
  heading.textContent = s.name;
  const lines = heading.parentElement!.querySelectorAll(':scope > p');
  if (lines[0]) lines[0].textContent = s.title;
  if (lines[1]) lines[1].textContent = s.affiliation;
}

function drawCard(card: Element, row: KeynoteSpeakerJson): Element {
  const s = speakerOf(row);
  fill(card, s, 112);
  const button = card.querySelector<HTMLElement>('button[data-speaker]')!;
  button.dataset.speaker = row._id;
  const more = button.querySelector('.sr-only');
  if (more) more.textContent = ` about ${s.title || s.name}`;
  return card;
}

function drawBio(model: HTMLTemplateElement, row: KeynoteSpeakerJson): HTMLTemplateElement {
  const s = speakerOf(row);
  const t = model.cloneNode(true) as HTMLTemplateElement;
  fill(t.content, s, 128);
  t.content.querySelector('[data-bio-text]')?.replaceChildren(...s.biography.map((p) => Object.assign(document.createElement('p'), { textContent: p })));
  return t;
}
