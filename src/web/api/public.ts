import type { ContactBody, ContactSentJson } from '../../core/schemas/contact';
import type { NewsItem } from '../content/home';

/**
 * The few API calls of the public pages, which need no login: editor-added news and speakers, and the
 * contact form. They use fetch directly rather than the login area's API client (src/web/api/client.ts),
 * whose session, upload and redirect code would otherwise ship with every public page (issue 14).
 */

/** A refused call: `serverMessage` is the server's own message when it sent one (SPEC §8). */
export class PublicApiError extends Error {
  constructor(readonly serverMessage: string | undefined) {
    super(serverMessage ?? 'Request failed');
  }
}

export async function call<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(`/api${path}`, init);
  const data = await res.json().catch(() => undefined) as T & { message?: unknown } | undefined;
  if (!res.ok) throw new PublicApiError(typeof data?.message === 'string' ? data.message : undefined);
  return data as T;
}

/** The server's message from a refused call, else the fallback text. */
export const publicMessageOf = (err: unknown, fallback: string): string =>
  (err instanceof PublicApiError && err.serverMessage) || fallback;

interface NewsJson { _id: string; name: string; description: string }
export interface KeynoteSpeakerJson { _id: string; name: string; designation: string; position: string; photo: string | null }

/** GET /api/news: news items an editor added, shown after the content ones. */
export async function fetchNews(signal?: AbortSignal): Promise<NewsItem[]> {
  const rows = await call<NewsJson[]>('/news', { signal });
  return Array.isArray(rows) ? rows.map((r) => ({ id: r._id, title: r.name, text: r.description })) : [];
}

/** GET /api/keynote-speakers: speakers an editor added, shown after the content ones. */
export async function fetchKeynoteSpeakers(signal?: AbortSignal): Promise<KeynoteSpeakerJson[]> {
  const rows = await call<KeynoteSpeakerJson[]>('/keynote-speakers', { signal });
  return Array.isArray(rows) ? rows : [];
}

/** POST /api/contact: stores the home page's contact message. */
export const sendContactMessage = (body: Partial<ContactBody>): Promise<ContactSentJson> =>
  call<ContactSentJson>('/contact', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
