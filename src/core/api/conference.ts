import { z } from '../zod';
import { MessageJson } from '../schemas/common';
import type { ConferenceFacts } from '../conference-facts';
import { ImportantDateJson, UpdateConferenceBody, type EditorConferenceJson, type PublicConferenceJson } from '../schemas/conference';
import { endpoints, fileAnswer } from './endpoint';

/** The logo upload's limit and its words (the screen checks the size before sending). */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_TEXT = {
  tooLarge: 'The logo is too large (at most 2 MB)',
  wrongType: 'The logo must be a PNG or JPEG image: this file is not one',
  missing: 'Please choose the logo image (PNG or JPEG)',
  notMultipart: 'Send the logo as multipart/form-data with a file field named logo',
  saved: 'Logo saved',
  removed: 'Logo removed: documents carry the drawn IMSE logo again',
  none: 'No logo is uploaded',
} as const;
export const LogoForm = z.object({ logo: z.string().describe('The image file (PNG or JPEG, at most 2 MB)') });

/**
 * The facts as answered. The request's schema (schemas/conference.ts) upper-cases the country code, a one-way
 * transform the response serializer cannot run backwards: answers are checked by this plain shape of the same object.
 */
const FactsAnswer = z.object({
  edition: z.string(),
  name: z.string(),
  shortName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  datesText: z.string(),
  submissionsDatesText: z.string(),
  timeZone: z.string(),
  venue: z.object({ resort: z.string(), city: z.string(), country: z.string(), countryCode: z.string(), address: z.string() }),
  contactEmail: z.string(),
  contactPhone: z.string(),
  importantDates: z.array(ImportantDateJson),
});
const PublicConferenceAnswer = FactsAnswer.extend({
  title: z.string(),
  zoneLabel: z.string(),
  hasLogo: z.boolean(),
  shownImportantDates: z.array(z.object({ label: z.string(), date: z.string() })),
});
const EditorConferenceAnswer = z.object({
  facts: FactsAnswer,
  deadlines: z.object({
    submission: z.string().nullable(),
    bidding: z.string().nullable(),
    review: z.string().nullable(),
    discussion: z.string().nullable(),
    cameraReady: z.string().nullable(),
  }),
  organiserName: z.string(),
  organiserTitle: z.string(),
  hasSignature: z.boolean(),
  hasLogo: z.boolean(),
  updatedAt: z.string().nullable(),
});
// The same objects as the schemas' types say, both ways.
const _facts: ConferenceFacts = {} as z.infer<typeof FactsAnswer>;
const _public: PublicConferenceJson = {} as z.infer<typeof PublicConferenceAnswer>;
const _editor: EditorConferenceJson = {} as z.infer<typeof EditorConferenceAnswer>;
const _back: z.infer<typeof EditorConferenceAnswer> = {} as EditorConferenceJson;
void _facts;
void _public;
void _editor;
void _back;

/**
 * The conference's own facts (decision 0051): name, edition, dates, venue, time zone, contact, important dates, and the
 * logo printed on documents. Anyone reads the current facts; the editor changes them as a whole set, and every
 * instance serves the new ones at once (the one that saved) or within the store's 5 s poll (decision 0051).
 * Tagged 'site': the facts are the public site's content.
 */
export const CONFERENCE = endpoints('site', {
  getConference: {
    method: 'GET',
    path: '/conference',
    summary: "The conference's current facts: title, dates, time zone and its label, venue, contact, important dates",
    description: 'No login. `cache-control: no-cache`: the editor may change them at any time.',
    response: PublicConferenceAnswer,
  },
  getEditorConference: {
    method: 'GET',
    path: '/editor/conference',
    summary: "The conference's facts as the editor edits them, with who signs documents and whether a signature and a logo are uploaded",
    response: EditorConferenceAnswer,
  },
  updateConference: {
    method: 'PUT',
    path: '/editor/conference',
    summary: "Replace the conference's facts (the whole set), and optionally the organiser's name and title",
    description:
      'Every field is checked before anything is saved: one bad field (a time zone that does not exist, the last day before the first, ' +
      'an e-mail or a country code that is not one) answers 400 with its message and changes nothing. Audited.',
    body: UpdateConferenceBody,
    response: EditorConferenceAnswer,
  },
  uploadLogo: {
    method: 'PUT',
    path: '/editor/conference/logo',
    summary: "Upload the logo printed on the conference's documents (PNG or JPEG, at most 2 MB)",
    description: "multipart/form-data with one file field `logo`; the type is told by the file's bytes, not its name. Audited.",
    multipart: true,
    body: LogoForm,
    response: MessageJson,
    errors: [413, 503],
  },
  getLogo: {
    method: 'GET',
    path: '/editor/conference/logo',
    summary: 'The uploaded logo (404 when none)',
    response: fileAnswer('image/png', 'The logo (PNG or JPEG)'),
  },
  removeLogo: {
    method: 'DELETE',
    path: '/editor/conference/logo',
    summary: 'Remove the uploaded logo: documents carry the drawn IMSE logo again',
    response: MessageJson,
  },
});
