import { holdMenuOverlay } from './menu-overlay';

/**
 * The public bar's menu (docs/product.md#public-pages): the menu button puts StaticNavBar's full-screen overlay in the page; its
 * cross, Escape, a wide window or choosing any link take it out again.
 */
export function mountNavBar() {
  const button = document.querySelector<HTMLButtonElement>('[data-menu-open]');
  const template = document.querySelector<HTMLTemplateElement>('template[data-menu-overlay]');
  if (!button || !template) return;
  let open: { overlay: HTMLElement; release: () => void } | null = null;
  const close = () => {
    if (!open) return;
    const { overlay, release } = open;
    open = null;
    overlay.remove();
    button.setAttribute('aria-expanded', 'false');
    button.removeAttribute('aria-controls');
    release();
  };
  button.addEventListener('click', () => {
    if (open) return;
    const overlay = (template.content.firstElementChild as HTMLElement).cloneNode(true) as HTMLElement;
    overlay.addEventListener('click', (e) => {
      if (e.target instanceof Element && e.target.closest('a[href], [aria-label="Close menu"]')) close();
    });
    template.before(overlay);
    button.setAttribute('aria-expanded', 'true');
    button.setAttribute('aria-controls', overlay.id);
    open = { overlay, release: holdMenuOverlay(overlay, button, close) };
  });
}
