import { selectedEvent } from '../../../core/messages';
import { SELECTED_EVENT_KEY } from '../../content/previous-events';

function readSelected(): string | null {
  try { return localStorage.getItem(SELECTED_EVENT_KEY); } catch { return null; }
}

/** The previous events page: a click alerts 'Selected Event: {label}', marks the event and remembers it. */
export function mountPreviousEvents() {
  const buttons = Array.from(document.querySelectorAll<HTMLButtonElement>('button[data-event]'));
  const status = document.querySelector<HTMLElement>('[data-testid="selected-event"]');
  const mark = (id: string | null) => {
    let label: string | undefined;
    for (const b of buttons) {
      const on = b.dataset.event === id;
      b.setAttribute('aria-pressed', String(on));
      if (on) label = b.dataset.label;
    }
    if (!status || !label) return;
    const strong = Object.assign(document.createElement('strong'), { className: 'text-brand-900', textContent: label });
    status.replaceChildren('Your selected event: ', strong);
  };
  mark(readSelected());
  for (const b of buttons) {
    b.addEventListener('click', () => {
      const id = b.dataset.event!;
      mark(id);
      try { localStorage.setItem(SELECTED_EVENT_KEY, id); } catch { /* storage off: the mark lasts for this visit */ }
      window.alert(selectedEvent(b.dataset.label!));
    });
  }
}
