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
import {
  CommitteeMemberEdit,
  CommitteeMemberFields,
  CommitteeMemberSavedJson,
  PreviousEventEdit,
  PreviousEventFields,
  PreviousEventSavedJson,
  SiteListsJson,
  SponsorEdit,
  SponsorFields,
  SponsorSavedJson,
} from '../schemas/site-lists';
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

const picture = (what: string) => z.string().optional().describe(`${what}, a PNG or JPEG image of at most 2 MB (binary)`);
/** The lists' forms as multipart sends them (decision 0062): the fields and an optional picture. */
const MemberForm = CommitteeMemberFields.extend({ photo: picture('The photo') });
const MemberEditForm = CommitteeMemberEdit.extend({ photo: picture('A new photo') });
const SponsorForm = SponsorFields.extend({ logo: picture('The logo') });
const SponsorEditForm = SponsorEdit.extend({ logo: picture('A new logo') });
const MULTIPART = { multipart: true, consumes: ['application/json', 'multipart/form-data'] } as const;

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
  listSiteLists: {
    method: 'GET',
    path: '/site-lists',
    summary: 'The committee, the sponsors and the previous events the public pages show, each in its order',
    response: SiteListsJson,
  },
  addCommitteeMember: {
    method: 'POST',
    path: '/committee-members',
    summary: 'Add a committee member to /committee, with a photo or without',
    description: 'JSON, or multipart/form-data with a `photo` (PNG or JPEG, at most 2 MB). Listed last in the order.',
    ...MULTIPART,
    body: MemberForm,
    status: 201,
    response: CommitteeMemberSavedJson,
    errors: [413, 503],
  },
  editCommitteeMember: {
    method: 'PATCH',
    path: '/committee-members/:id',
    summary: "Change a committee member's fields or photo (only those sent)",
    ...MULTIPART,
    params: IdParams,
    body: MemberEditForm,
    response: CommitteeMemberSavedJson,
    errors: [413, 503],
  },
  moveCommitteeMember: {
    method: 'POST',
    path: '/committee-members/:id/move',
    summary: 'Move a committee member one place up or down',
    params: IdParams,
    body: MoveBody,
    response: MessageJson,
  },
  removeCommitteeMember: {
    method: 'DELETE',
    path: '/committee-members/:id',
    summary: 'Remove a committee member and their photo',
    params: IdParams,
    response: MessageJson,
  },
  addSponsor: {
    method: 'POST',
    path: '/sponsors',
    summary: "Add a sponsor to the home page's partners, with a logo or without",
    description: 'JSON, or multipart/form-data with a `logo` (PNG or JPEG, at most 2 MB). Listed last in the order.',
    ...MULTIPART,
    body: SponsorForm,
    status: 201,
    response: SponsorSavedJson,
    errors: [413, 503],
  },
  editSponsor: {
    method: 'PATCH',
    path: '/sponsors/:id',
    summary: "Change a sponsor's fields or logo (only those sent)",
    ...MULTIPART,
    params: IdParams,
    body: SponsorEditForm,
    response: SponsorSavedJson,
    errors: [413, 503],
  },
  moveSponsor: {
    method: 'POST',
    path: '/sponsors/:id/move',
    summary: 'Move a sponsor one place up or down',
    params: IdParams,
    body: MoveBody,
    response: MessageJson,
  },
  removeSponsor: {
    method: 'DELETE',
    path: '/sponsors/:id',
    summary: 'Remove a sponsor and its logo',
    params: IdParams,
    response: MessageJson,
  },
  addPreviousEvent: {
    method: 'POST',
    path: '/previous-events',
    summary: 'Add a previous event to /previous-events',
    body: PreviousEventFields,
    status: 201,
    response: PreviousEventSavedJson,
  },
  editPreviousEvent: {
    method: 'PATCH',
    path: '/previous-events/:id',
    summary: 'Change a previous event (only the fields sent)',
    params: IdParams,
    body: PreviousEventEdit,
    response: PreviousEventSavedJson,
  },
  movePreviousEvent: {
    method: 'POST',
    path: '/previous-events/:id/move',
    summary: 'Move a previous event one place up or down',
    params: IdParams,
    body: MoveBody,
    response: MessageJson,
  },
  removePreviousEvent: {
    method: 'DELETE',
    path: '/previous-events/:id',
    summary: 'Remove a previous event',
    params: IdParams,
    response: MessageJson,
  },
});
