import { MESSAGES } from '../../../core/messages';
import { publicMessageOf, sendContactMessage } from '../../api/public';
import { prepareToasts, showToast, TOAST_MS } from './contact-toast';

/** The contact form (docs/product.md#public-pages): sends the message and shows the server's answer in a toast for 3 s. */
export function mountContactForm() {
  const form = document.querySelector<HTMLFormElement>('[data-contact-form]');
  const button = form?.querySelector<HTMLButtonElement>('button[type=submit]');
  if (!form || !button) return;
  prepareToasts();
  const label = button.textContent;
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const data = Object.fromEntries(new FormData(form)) as Record<string, string>;
    // An entirely empty form: the same toast, and nothing is stored (docs/product.md#public-pages).
    const empty = !Object.values(data).some((v) => v.trim());
    if (!empty) {
      button.disabled = true;
      button.textContent = 'Sending…';
    }
    try {
      const res = empty ? { message: MESSAGES.contactSent } : await sendContactMessage(data);
      showToast(res.message ?? MESSAGES.contactSent, 'success', TOAST_MS);
      form.reset();
    } catch (err) {
      showToast(publicMessageOf(err, 'Your message could not be sent. Please try again.'), 'error', 6000);
    } finally {
      button.disabled = false;
      button.textContent = label;
    }
  });
}
