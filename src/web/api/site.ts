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

/** The committee, sponsors and previous events of /editor/site (decision 0062). */
export type SiteListsJson = AnswerOf<typeof SITE.listSiteLists>;
export const getSiteLists = () => call(SITE.listSiteLists);
/** The member form, multipart: its fields and an optional photo. */
export const addCommitteeMember = (form: FormData) => call(SITE.addCommitteeMember, { form });
export const editCommitteeMember = (id: string, form: FormData) => call(SITE.editCommitteeMember, { params: { id }, form });
export const moveCommitteeMember = (id: string, direction: 'up' | 'down') =>
  call(SITE.moveCommitteeMember, { params: { id }, body: { direction } });
export const removeCommitteeMember = (id: string) => call(SITE.removeCommitteeMember, { params: { id } });
/** The sponsor form, multipart: its fields and an optional logo. */
export const addSponsor = (form: FormData) => call(SITE.addSponsor, { form });
export const editSponsor = (id: string, form: FormData) => call(SITE.editSponsor, { params: { id }, form });
export const moveSponsor = (id: string, direction: 'up' | 'down') => call(SITE.moveSponsor, { params: { id }, body: { direction } });
export const removeSponsor = (id: string) => call(SITE.removeSponsor, { params: { id } });
export const addPreviousEvent = (body: BodyOf<typeof SITE.addPreviousEvent>) => call(SITE.addPreviousEvent, { body });
export const editPreviousEvent = (id: string, body: BodyOf<typeof SITE.editPreviousEvent>) =>
  call(SITE.editPreviousEvent, { params: { id }, body });
export const movePreviousEvent = (id: string, direction: 'up' | 'down') =>
  call(SITE.movePreviousEvent, { params: { id }, body: { direction } });
export const removePreviousEvent = (id: string) => call(SITE.removePreviousEvent, { params: { id } });

/** The organiser's own pages of /editor/site (decision 0064). */
export type SitePageJson = AnswerOf<typeof SITE.listSitePages>[number];
export type SitePageBody = BodyOf<typeof SITE.addSitePage>;
export const getSitePages = () => call(SITE.listSitePages);
export const addSitePage = (body: SitePageBody) => call(SITE.addSitePage, { body });
export const editSitePage = (id: string, body: BodyOf<typeof SITE.editSitePage>) => call(SITE.editSitePage, { params: { id }, body });
export const removeSitePage = (id: string) => call(SITE.removeSitePage, { params: { id } });
/** The server's sanitised HTML of a Markdown text, nothing saved. */
export const previewSitePage = (body: string) => call(SITE.previewSitePage, { body: { body } });
