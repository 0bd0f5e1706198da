/** Where the wide bar replaces the menu button (Tailwind's xl). */
export const WIDE_QUERY = '(min-width: 80rem)';

/**
 * While the small-screen menu overlay is open: the page behind does not scroll, focus starts on its first
 * control and stays inside it, Escape closes it and so does widening the window past the wide bar's width.
 * Returns the undo, which gives focus back to the menu button. Plain DOM: the login area's React bar and the
 * public pages' island (nav-bar.island.ts) share it.
 */
export function holdMenuOverlay(overlay: HTMLElement | null, button: HTMLElement | null, close: () => void): () => void {
  const html = document.documentElement;
  const previous = { html: html.style.overflow, body: document.body.style.overflow };
  html.style.overflow = 'hidden';
  document.body.style.overflow = 'hidden';
  overlay?.querySelector<HTMLElement>('button')?.focus();
  const focusables = () => Array.from(overlay?.querySelectorAll<HTMLElement>('a[href], button') ?? []);
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
      return;
    }
    if (e.key !== 'Tab' || !overlay) return;
    // Focus stays inside the overlay: Tab from the last control wraps to the first, Shift+Tab the other way.
    const list = focusables();
    const first = list[0];
    const last = list[list.length - 1];
    const active = document.activeElement;
    if (!overlay.contains(active)) {
      e.preventDefault();
      first?.focus();
    } else if (e.shiftKey && active === first) {
      e.preventDefault();
      last?.focus();
    } else if (!e.shiftKey && active === last) {
      e.preventDefault();
      first?.focus();
    }
  };
  const wide = window.matchMedia(WIDE_QUERY);
  const onWide = () => {
    if (wide.matches) close();
  };
  document.addEventListener('keydown', onKey);
  wide.addEventListener('change', onWide);
  return () => {
    html.style.overflow = previous.html;
    document.body.style.overflow = previous.body;
    document.removeEventListener('keydown', onKey);
    wide.removeEventListener('change', onWide);
    if (!wide.matches) button?.focus();
  };
}
