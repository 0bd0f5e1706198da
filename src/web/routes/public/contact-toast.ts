/** How long the contact form's toast stays (docs/product.md#public-pages: 3 s). */
export const TOAST_MS = 3000;
/** How long a toast takes to leave (its fade in app.css). */
const LEAVE_MS = 400;

let region: HTMLElement | null = null;

/**
 * The live region toasts appear in, made when the form's island starts: a region that is already in the page
 * when a message is put in it is read out by screen readers.
 */
export function prepareToasts() {
  if (region) return;
  region = document.createElement('div');
  region.setAttribute('aria-live', 'polite');
  region.className = 'pointer-events-none fixed inset-x-0 top-4 z-[999] flex flex-col items-center gap-3 px-4 sm:top-6';
  document.body.append(region);
}

const ICONS = {
  success: 'M10 18a8 8 0 100-16 8 8 0 000 16zm3.7-9.3a1 1 0 00-1.4-1.4L9 10.6 7.7 9.3a1 1 0 00-1.4 1.4l2 2a1 1 0 001.4 0l4-4z',
  error: 'M18 10a8 8 0 11-16 0 8 8 0 0116 0zm-8-5a1 1 0 00-1 1v4a1 1 0 102 0V6a1 1 0 00-1-1zm0 10a1 1 0 100-2 1 1 0 000 2z',
};

/**
 * A toast at the top of the screen (the contact form's green 'Message sent successfully !!' for 3 s).
 * It is marked `data-leaving` when its time is up, and removed once it has faded.
 */
export function showToast(text: string, kind: 'success' | 'error', ms: number) {
  prepareToasts();
  const toast = document.createElement('div');
  toast.dataset.toast = kind;
  toast.className = `contact-toast contact-toast-${kind} pointer-events-auto flex w-full max-w-[356px] items-center gap-2 rounded-lg border p-4 text-base font-medium shadow-lg`;
  const icon = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  icon.setAttribute('aria-hidden', 'true');
  icon.setAttribute('viewBox', '0 0 20 20');
  icon.setAttribute('width', '20');
  icon.setAttribute('height', '20');
  icon.setAttribute('fill', 'currentColor');
  icon.classList.add('shrink-0');
  const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  path.setAttribute('fill-rule', 'evenodd');
  path.setAttribute('d', ICONS[kind]);
  icon.append(path);
  const words = document.createElement('span');
  words.textContent = text;
  toast.append(icon, words);
  region!.append(toast);
  setTimeout(() => {
    toast.dataset.leaving = 'true';
    setTimeout(() => toast.remove(), LEAVE_MS);
  }, ms);
}
