import { z } from '../zod';
import { endpoints } from './endpoint';

/**
 * What the next edition may take over from the current one (decision 0060). Papers, reviews, bids, registrations,
 * payments and documents never carry over: they are the edition's own record.
 */
export const CARRY_OVER = ['tracks', 'chairs', 'review-form', 'mail-templates', 'site', 'pricing', 'award-panel', 'keynotes'] as const;
export type CarryOver = (typeof CARRY_OVER)[number];
export const CARRY_OVER_LABELS: Record<CarryOver, string> = {
  tracks: 'Tracks and their topics',
  chairs: "Tracks' chairs",
  'review-form': 'The review form',
  'mail-templates': 'Edited mail templates',
  site: 'The committee, sponsors, previous events and pages (the closed edition is added to the previous events)',
  pricing: 'Early-bird prices and coupons (dates moved on a year, uses counted from zero)',
  'award-panel': 'The award panel',
  keynotes: 'Keynote speakers',
};

export const EditionJson = z.object({
  id: z.string(),
  year: z.number().int(),
  /** The edition's title from its own facts ("5th International Conference …"). */
  title: z.string(),
  shortName: z.string(),
  /** Its dates and place, as its facts word them. */
  datesText: z.string(),
  place: z.string(),
  isCurrent: z.boolean(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
});
export type EditionJson = z.infer<typeof EditionJson>;

export const OpenEditionBody = z.strictObject({
  year: z.number().int().min(2000).max(2200),
  carry: z.array(z.enum(CARRY_OVER)).max(CARRY_OVER.length),
});
export type OpenEditionBody = z.infer<typeof OpenEditionBody>;

export const EDITIONS = endpoints('site', {
  listEditions: {
    method: 'GET',
    path: '/editions',
    summary: "The conference's editions on this install, newest first",
    description:
      'Public: each edition with its title, dates and place from its own facts; one is current, the others are read-only records.',
    response: z.object({ editions: z.array(EditionJson) }),
  },
  openEdition: {
    method: 'POST',
    path: '/editions',
    summary: 'Open the next edition from the current one',
    description:
      "Editor only. The year must be later than every edition's. The current edition becomes a read-only record; the new one starts with the current settings (deadlines cleared, the facts' dates moved on to the new year) and what `carry` names; never papers, reviews, bids or registrations. From then on the site, the login area and every call act on the new edition. Audited as edition.open.",
    body: OpenEditionBody,
    status: 201,
    response: z.object({ edition: EditionJson, message: z.string() }),
    errors: [409],
  },
});
