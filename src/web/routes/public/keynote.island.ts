import { fetchKeynoteSpeakers, type KeynoteSpeakerJson } from '../../api/public';
import { avatarElement, initialsOf } from '../../components/avatar-element';

/**
 * The keynote page (SPEC §2, §4): Read More opens the native dialog with that speaker's content; its cross, a
 * click on the backdrop or Escape close it, and focus goes back to the button. Speakers an editor added
 * (GET /api/keynote-speakers) follow the content ones, drawn like them.
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
    if (e.target === dialog || (e.target instanceof Element && e.target.closest('button[aria-label="Close"]'))) dialog.close();
  });
  dialog.addEventListener('close', () => dialog.replaceChildren());

  fetchKeynoteSpeakers().then((rows) => {
    const card = list.querySelector('li');
    const bio = bios.values().next().value;
    if (!card || !bio) return;
    for (const row of rows) {
      const id = `added-${row._id}`;
      list.append(drawCard(card, row, id));
      const t = drawBio(bio, row);
      t.dataset.speakerBio = id;
      bios.set(id, t);
    }
  }, () => { /* the content speakers stay */ });
}

/** An added speaker's texts, as the content's speakers have them. */
function speakerOf(row: KeynoteSpeakerJson) {
  return {
    name: row.name, title: row.designation, affiliation: row.position, initials: initialsOf(row.name), photo: row.photo ?? undefined,
    biography: [[row.designation, row.position].filter(Boolean).join(', ')].filter(Boolean),
  };
}

/** Sets the avatar, heading and the two lines after it in a copy of a card or a dialog body. */
function fill(node: ParentNode, s: ReturnType<typeof speakerOf>, size: number) {
  node.querySelector('[role="img"], img')?.replaceWith(avatarElement({ ...s, size }));
  const heading = node.querySelector('h2, h3')!;
  heading.textContent = s.name;
  const lines = heading.parentElement!.querySelectorAll(':scope > p');
  if (lines[0]) lines[0].textContent = s.title;
  if (lines[1]) lines[1].textContent = s.affiliation;
}

function drawCard(model: Element, row: KeynoteSpeakerJson, id: string): Element {
  const s = speakerOf(row);
  const card = model.cloneNode(true) as Element;
  fill(card, s, 112);
  const button = card.querySelector<HTMLElement>('button[data-speaker]')!;
  button.dataset.speaker = id;
  const more = button.querySelector('.sr-only');
  if (more) more.textContent = ` about ${s.title}`;
  return card;
}

function drawBio(model: HTMLTemplateElement, row: KeynoteSpeakerJson): HTMLTemplateElement {
  const s = speakerOf(row);
  const t = model.cloneNode(true) as HTMLTemplateElement;
  fill(t.content, s, 128);
  const text = t.content.querySelector('[data-bio-text]');
  text?.replaceChildren(...s.biography.map((p) => Object.assign(document.createElement('p'), { textContent: p })));
  return t;
}
