import type { AnswerOf, BodyOf, Endpoint } from '../../core/api/endpoint';
import type { SITE } from '../../core/api/site';
import type { TRACKS } from '../../core/api/tracks';
import type { NewsItem } from '../content/home';

/**
 * The few API calls of the public pages, which need no login: editor-added news and speakers, and the
 * contact form. They use fetch directly rather than the login area's API client (src/web/api/client.ts),
 * whose session, upload and redirect code would otherwise ship with every public page (decision 0030). Their types
 * still come from the contract (src/core/api), imported as types only, so no schema code ships either.
 */

/** A refused call: `serverMessage` is the server's own message when it sent one (docs/product.md#validation-and-messages). */
export class PublicApiError extends Error {
  constructor(readonly serverMessage: string | undefined) {
    super(serverMessage ?? 'Request failed');
  }
}

/**
 * Call endpoint E at its path (checked against the contract: `call<typeof SITE.listNews>('/news')`) and resolve
 * with its answer, or throw PublicApiError with the server's message.
 */
export async function call<E extends Endpoint>(path: E['path'], init?: RequestInit): Promise<AnswerOf<E>> {
  const res = await fetch(`/api${path}`, init);
  const data = (await res.json().catch(() => undefined)) as { message?: unknown } | undefined;
  if (!res.ok) throw new PublicApiError(typeof data?.message === 'string' ? data.message : undefined);
  return data as AnswerOf<E>;
}

/** The server's message from a refused call, else the fallback text. */
export const publicMessageOf = (err: unknown, fallback: string): string => (err instanceof PublicApiError && err.serverMessage) || fallback;

export type KeynoteSpeakerJson = AnswerOf<typeof SITE.listKeynoteSpeakers>[number];

/** GET /api/news: news items an editor added, shown after the content ones. */
export async function fetchNews(signal?: AbortSignal): Promise<NewsItem[]> {
  const rows = await call<typeof SITE.listNews>('/news', { signal });
  return Array.isArray(rows) ? rows.map((r) => ({ id: r._id, title: r.name, text: r.description })) : [];
}

/** GET /api/keynote-speakers: speakers an editor added, shown after the content ones. */
export async function fetchKeynoteSpeakers(signal?: AbortSignal): Promise<KeynoteSpeakerJson[]> {
  const rows = await call<typeof SITE.listKeynoteSpeakers>('/keynote-speakers', { signal });
  return Array.isArray(rows) ? rows : [];
}

export type ListedSpeakerJson = AnswerOf<typeof SITE.listAllKeynoteSpeakers>[number];

/** GET /api/keynote-speakers/all: every speaker of /keynote in order, the shipped ones as editors left them (decision 0026). */
export async function fetchAllKeynoteSpeakers(signal?: AbortSignal): Promise<ListedSpeakerJson[]> {
  const rows = await call<typeof SITE.listAllKeynoteSpeakers>('/keynote-speakers/all', { signal });
  if (!Array.isArray(rows)) throw new PublicApiError(undefined);
  return rows;
}

/** POST /api/contact: stores the home page's contact message. */
export const sendContactMessage = (body: BodyOf<typeof SITE.sendContactMessage>) =>
  call<typeof SITE.sendContactMessage>('/contact', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

export type PublicTrackJson = AnswerOf<typeof TRACKS.listTracks>[number];

/** GET /api/tracks: every track and its topics, in the call for papers' order (a reviewer picks topics from all of them). */
export async function fetchTracks(signal?: AbortSignal): Promise<PublicTrackJson[]> {
  const rows = await call<typeof TRACKS.listTracks>('/tracks', { signal });
  return Array.isArray(rows) ? rows : [];
}
