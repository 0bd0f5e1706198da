import { z } from 'zod';
import { plainLine } from './text';

const text = (label: string, max: number, required = false) => {
  const s = z.string().trim().max(max, `${label} is too long (at most ${max} characters)`);
  return required ? s.min(1, `${label} is required`) : s.default('');
};

/** Keynote speakers and news items the editors keep on /keynote-admin (fields of the form, JSON or multipart). */
export const SpeakerFields = z.object({ name: text('Name', 120, true).refine(...plainLine('Name')), designation: text('Designation', 200), position: text('Current position', 200) });
export const NewsFields = z.object({ name: text('Name', 200, true).refine(...plainLine('Name')), description: text('Description', 2000) });

export const KeynoteSpeakerJson = z.object({ _id: z.string(), name: z.string(), designation: z.string(), position: z.string(), photo: z.string().nullable() });
export type KeynoteSpeakerJson = z.infer<typeof KeynoteSpeakerJson>;
export const NewsItemJson = z.object({ _id: z.string(), name: z.string(), description: z.string() });
export type NewsItemJson = z.infer<typeof NewsItemJson>;

export const SpeakerAddedJson = z.object({ message: z.string(), speaker: KeynoteSpeakerJson });
export const NewsAddedJson = z.object({ message: z.string(), item: NewsItemJson });

export const HealthJson = z.object({ status: z.literal('ok') });
export const HealthDownJson = z.object({ status: z.literal('unavailable'), message: z.string() });
