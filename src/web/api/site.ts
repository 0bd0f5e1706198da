import type { AnswerOf, BodyOf } from '../../core/api/endpoint';
import { SITE } from '../../core/api/site';
import { call } from './client';

/** The editor's keynote speakers and news items (the public pages read them through api/public.ts). */
export type SpeakerJson = AnswerOf<typeof SITE.listKeynoteSpeakers>[number];
export type NewsJson = AnswerOf<typeof SITE.listNews>[number];

export type ListedSpeakerJson = AnswerOf<typeof SITE.listAllKeynoteSpeakers>[number];

export const getSpeakers = () => call(SITE.listKeynoteSpeakers);
/** Every speaker of /keynote in order, the shipped seven included (decision 0026). */
export const getAllSpeakers = () => call(SITE.listAllKeynoteSpeakers);
/** The edit form, multipart: the fields and, to replace it, a photo. */
export const editSpeaker = (id: string, form: FormData) => call(SITE.editKeynoteSpeaker, { params: { id }, form });
export const moveSpeaker = (id: string, direction: 'up' | 'down') => call(SITE.moveKeynoteSpeaker, { params: { id }, body: { direction } });
/** The speaker form, multipart: its fields and an optional photo. */
export const addSpeaker = (form: FormData) => call(SITE.addKeynoteSpeaker, { form });
export const removeSpeaker = (id: string) => call(SITE.removeKeynoteSpeaker, { params: { id } });
export const getNews = () => call(SITE.listNews);
export const addNews = (body: BodyOf<typeof SITE.addNews>) => call(SITE.addNews, { body });
export const removeNews = (id: string) => call(SITE.removeNews, { params: { id } });
export const editNews = (id: string, body: BodyOf<typeof SITE.editNews>) => call(SITE.editNews, { params: { id }, body });
export const moveNews = (id: string, direction: 'up' | 'down') => call(SITE.moveNews, { params: { id }, body: { direction } });
