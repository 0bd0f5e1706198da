import { z } from '../zod';
import { Email } from './common';
import { noBidiControls, plainLine } from './text';

/** A track as everyone sees it (decision 0023): the new-paper form, the reviewer's topics, the call for papers. */
export const TrackJson = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  topics: z.array(z.string()),
  open: z.boolean(),
  position: z.number().int(),
});
export type TrackJson = z.infer<typeof TrackJson>;

/** The editor's view: the chairs by address (a ✓ once an Editor account proved it) and the papers in it. */
export const EditorTrackJson = TrackJson.extend({
  chairs: z.array(z.object({ email: z.string(), name: z.string().nullable(), verified: z.boolean() })),
  papers: z.number().int(),
  isDefault: z.boolean(),
});
export type EditorTrackJson = z.infer<typeof EditorTrackJson>;

export const TrackId = z.string({ message: 'Track is required' }).trim().min(1, 'Track is required').max(64, 'Track not found');

/** One topic: a line of text (which topics exist is data: the server checks it against the tracks). */
export const TopicValue = z
  .string()
  .trim()
  .min(1, 'A topic cannot be empty')
  .max(120, 'A topic is at most 120 characters')
  .refine(...plainLine('A topic'));

const TrackName = z
  .string({ message: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(120, 'Name is too long (at most 120 characters)')
  .refine(...plainLine('Name'));
const TrackDescription = z
  .string()
  .trim()
  .max(1000, 'Description is too long (at most 1,000 characters)')
  .refine(...noBidiControls('Description'));
const TrackTopics = z
  .array(TopicValue)
  .max(200, 'A track has at most 200 topics')
  .refine((t) => new Set(t.map((x) => x.toLowerCase())).size === t.length, 'Each topic may appear only once in a track');

export const CreateTrackBody = z.object({
  name: TrackName,
  description: TrackDescription.default(''),
  topics: TrackTopics.min(1, 'Give the track at least one topic'),
  open: z.boolean().default(true),
});
export type CreateTrackBody = z.infer<typeof CreateTrackBody>;

export const UpdateTrackBody = z.object({
  name: TrackName.optional(),
  description: TrackDescription.optional(),
  topics: TrackTopics.min(1, 'Give the track at least one topic').optional(),
  open: z.boolean().optional(),
  position: z
    .number({ message: 'Position must be a whole number' })
    .int('Position must be a whole number')
    .min(1, 'Position starts at 1')
    .max(1000, 'Position is at most 1000')
    .optional(),
  /** Make this the track of submissions that name none (as the original new-paper call does). */
  isDefault: z.literal(true).optional(),
});
export type UpdateTrackBody = z.infer<typeof UpdateTrackBody>;

export const SetChairsBody = z.object({
  emails: z.array(Email).max(20, 'A track has at most 20 chairs'),
});
export type SetChairsBody = z.infer<typeof SetChairsBody>;
