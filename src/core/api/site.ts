import { z } from '../zod';
import { Id, MessageJson } from '../schemas/common';
import { ContactBody, ContactSentJson } from '../schemas/contact';
import {
  HealthDownJson,
  HealthJson,
  KeynoteSpeakerJson,
  ListedSpeakerJson,
  MoveBody,
  NewsAddedJson,
  NewsEdit,
  NewsFields,
  NewsItemJson,
  NewsSavedJson,
  SpeakerAddedJson,
  SpeakerEdit,
  SpeakerFields,
  SpeakerSavedJson,
} from '../schemas/content';
import { endpoints } from './endpoint';

const IdParams = z.object({ id: Id });
/** The speaker form as multipart sends it: the fields and an optional photo. */
const SpeakerForm = SpeakerFields.extend({
  photo: z.string().optional().describe('The photo, a JPEG, PNG or WebP image of at most 2 MB (binary)'),
});
/** An edit as multipart sends it: the fields that change and, to replace it, a photo. */
const SpeakerEditForm = SpeakerEdit.extend({
  photo: z.string().optional().describe('A new photo, a JPEG, PNG or WebP image of at most 2 MB (binary)'),
});

/** The public site's own content: the contact form, news items and keynote speakers that editors keep. */
export const SITE = endpoints('site', {
  getHealth: {
    method: 'GET',
    path: '/health',
    summary: 'Is the server up and its database answering?',
    response: HealthJson,
    also: { 503: HealthDownJson },
  },
  sendContactMessage: {
    method: 'POST',
    path: '/contact',
    summary: "Send a message to the organisers through the home page's contact form",
    description:
      'No field is required; each has a length limit. An entirely empty form stores nothing and is answered 200 with the same text. At most 5 messages from one address in 10 minutes.',
    body: ContactBody,
    handlerReadsBody: true,
    status: 201,
    response: ContactSentJson,
    also: { 200: ContactSentJson },
    errors: [413, 503],
  },
  listKeynoteSpeakers: {
    method: 'GET',
    path: '/keynote-speakers',
    summary: 'The keynote speakers editors added, in their order',
    response: z.array(KeynoteSpeakerJson),
  },
  listAllKeynoteSpeakers: {
    method: 'GET',
    path: '/keynote-speakers/all',
    summary: 'Every keynote speaker on /keynote, the seven shipped with the site included, in their order',
    description: 'Shipped speakers an editor removed are absent (decision 0026).',
    response: z.array(ListedSpeakerJson),
  },
  addKeynoteSpeaker: {
    method: 'POST',
    path: '/keynote-speakers',
    summary: 'Add a keynote speaker, with a photo or without',
    description: 'JSON, or multipart/form-data with a `photo` (JPEG, PNG or WebP, at most 2 MB).',
    multipart: true,
    consumes: ['application/json', 'multipart/form-data'],
    body: SpeakerForm,
    status: 201,
    response: SpeakerAddedJson,
    errors: [413, 503],
  },
  editKeynoteSpeaker: {
    method: 'PATCH',
    path: '/keynote-speakers/:id',
    summary: "Change a keynote speaker's texts, biography or photo (the shipped seven too)",
    description: 'JSON, or multipart/form-data with a new `photo` (JPEG, PNG or WebP, at most 2 MB). Only the fields sent change.',
    multipart: true,
    consumes: ['application/json', 'multipart/form-data'],
    params: IdParams,
    body: SpeakerEditForm,
    response: SpeakerSavedJson,
    errors: [413, 503],
  },
  moveKeynoteSpeaker: {
    method: 'POST',
    path: '/keynote-speakers/:id/move',
    summary: 'Move a keynote speaker one place up or down on /keynote',
    params: IdParams,
    body: MoveBody,
    response: MessageJson,
  },
  removeKeynoteSpeaker: {
    method: 'DELETE',
    path: '/keynote-speakers/:id',
    summary: 'Remove a keynote speaker and their photo',
    params: IdParams,
    response: MessageJson,
  },
  listNews: { method: 'GET', path: '/news', summary: 'The news items editors added', response: z.array(NewsItemJson) },
  addNews: {
    method: 'POST',
    path: '/news',
    summary: 'Add a news item',
    body: NewsFields,
    status: 201,
    response: NewsAddedJson,
    errors: [413],
  },
  editNews: {
    method: 'PATCH',
    path: '/news/:id',
    summary: 'Change a news item (only the fields sent)',
    params: IdParams,
    body: NewsEdit,
    response: NewsSavedJson,
    errors: [413],
  },
  moveNews: {
    method: 'POST',
    path: '/news/:id/move',
    summary: 'Move a news item one place up or down in the ticker',
    params: IdParams,
    body: MoveBody,
    response: MessageJson,
  },
  removeNews: { method: 'DELETE', path: '/news/:id', summary: 'Remove a news item', params: IdParams, response: MessageJson },
});
