import { z } from '../zod';
import { isPlainText, controlCharsMessage, noBidiControls, plainLine } from './text';

/**
 * A trimmed text field with its length limit and no text-direction controls; `required`: not empty. No default
 * here: SpeakerFields and NewsFields add them, the edits must not.
 */
const text = (label: string, max: number, required = false) => {
  const s = z.string().trim().max(max, `${label} is too long (at most ${max} characters)`);
  return (required ? s.min(1, `${label} is required`) : s).refine(...noBidiControls(label));
};

/** The longest biography, in characters (plain text; a blank line starts a paragraph). */
export const BIOGRAPHY_MAX = 4000;
/** Plain text from a textarea: its CR LF line breaks count as one character, as the service stores them. */
const biography = z
  .string()
  .trim()
  .refine((s) => s.replace(/\r\n?/g, '\n').length <= BIOGRAPHY_MAX, `Biography is too long (at most ${BIOGRAPHY_MAX} characters)`)
  .refine((s) => isPlainText(s.replace(/\r\n?/g, '\n')), controlCharsMessage('Biography'))
  .describe('Plain text shown by Read More on /keynote; paragraphs separated by a blank line');

const speakerShape = {
  name: text('Name', 120, true).refine(...plainLine('Name')),
  designation: text('Designation', 200),
  position: text('Current position', 200),
  biography,
};
const newsShape = { name: text('Name', 200, true).refine(...plainLine('Name')), description: text('Description', 2000) };

/** Keynote speakers and news items the editors keep on /keynote-admin (fields of the form, JSON or multipart). */
export const SpeakerFields = z.object({
  name: speakerShape.name,
  designation: speakerShape.designation.default(''),
  position: speakerShape.position.default(''),
  biography: speakerShape.biography.default(''),
});
export const NewsFields = z.object({ name: newsShape.name, description: newsShape.description.default('') });
/** An edit: only the fields sent change (no defaults, so an absent field stays as it is). */
export const SpeakerEdit = z.object(speakerShape).partial();
export const NewsEdit = z.object(newsShape).partial();
/** One step up (earlier on the page) or down. */
export const MoveBody = z.object({ direction: z.enum(['up', 'down'], { message: 'Direction must be up or down' }) });

export const KeynoteSpeakerJson = z.object({
  _id: z.string(),
  name: z.string(),
  designation: z.string(),
  position: z.string(),
  photo: z.string().nullable(),
  biography: z.string().optional().describe('Present when the speaker has one'),
});
export type KeynoteSpeakerJson = z.infer<typeof KeynoteSpeakerJson>;
/** A speaker in the whole list of /keynote (decision 0026): the shipped seven included, in the page's order. */
export const ListedSpeakerJson = KeynoteSpeakerJson.extend({ biography: z.string(), shipped: z.boolean() });
export type ListedSpeakerJson = z.infer<typeof ListedSpeakerJson>;
export const NewsItemJson = z.object({ _id: z.string(), name: z.string(), description: z.string() });
export type NewsItemJson = z.infer<typeof NewsItemJson>;
export const SpeakerSavedJson = z.object({ message: z.string(), speaker: ListedSpeakerJson });
export const NewsSavedJson = z.object({ message: z.string(), item: NewsItemJson });

export const SpeakerAddedJson = z.object({ message: z.string(), speaker: KeynoteSpeakerJson });
export const NewsAddedJson = z.object({ message: z.string(), item: NewsItemJson });

export const HealthJson = z.object({ status: z.literal('ok') });
export const HealthDownJson = z.object({ status: z.literal('unavailable'), message: z.string() });
/** Readiness (decision 0067): whether a load balancer should send this instance requests now. */
export const ReadyJson = z.object({ status: z.literal('ready') });
export const NotReadyJson = z.object({
  status: z.literal('unavailable'),
  reason: z
    .enum(['starting', 'migrating', 'shedding', 'database'])
    .describe(
      'starting or migrating: the server is starting and applying migrations; shedding: it refuses requests it has no room for; database: its database is not answering',
    ),
  message: z.string(),
});
export type NotReadyJson = z.infer<typeof NotReadyJson>;
