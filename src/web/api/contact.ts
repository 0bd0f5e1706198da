import type { ContactBody, ContactSentJson } from '../../core/schemas/contact';
import { api } from './client';

/** POST /api/contact: stores the home page's contact message. */
export function sendContactMessage(body: Partial<ContactBody>): Promise<ContactSentJson> {
  return api<ContactSentJson>('/contact', { method: 'POST', json: body });
}
