import type { NewsItem } from '../content/home';
import { api } from './client';

interface NewsJson { _id: string; name: string; description: string }
export interface KeynoteSpeakerJson { _id: string; name: string; designation: string; position: string; photo: string | null }

/** GET /api/news: news items an editor added, shown after the content ones. */
export async function fetchNews(signal?: AbortSignal): Promise<NewsItem[]> {
  const rows = await api<NewsJson[]>('/news', { signal });
  return Array.isArray(rows) ? rows.map((r) => ({ id: r._id, title: r.name, text: r.description })) : [];
}

/** GET /api/keynote-speakers: speakers an editor added, shown after the content ones. */
export async function fetchKeynoteSpeakers(signal?: AbortSignal): Promise<KeynoteSpeakerJson[]> {
  const rows = await api<KeynoteSpeakerJson[]>('/keynote-speakers', { signal });
  return Array.isArray(rows) ? rows : [];
}
