import type { AnswerOf, BodyOf } from '../../core/api/endpoint';
import { SITE } from '../../core/api/site';
import { call } from './client';

/** The editor's keynote speakers and news items (the public pages read them through api/public.ts). */
export type SpeakerJson = AnswerOf<typeof SITE.listKeynoteSpeakers>[number];
export type NewsJson = AnswerOf<typeof SITE.listNews>[number];

export const getSpeakers = () => call(SITE.listKeynoteSpeakers);
/** The speaker form, multipart: its fields and an optional photo. */
export const addSpeaker = (form: FormData) => call(SITE.addKeynoteSpeaker, { form });
export const removeSpeaker = (id: string) => call(SITE.removeKeynoteSpeaker, { params: { id } });
export const getNews = () => call(SITE.listNews);
export const addNews = (body: BodyOf<typeof SITE.addNews>) => call(SITE.addNews, { body });
export const removeNews = (id: string) => call(SITE.removeNews, { params: { id } });
