import { z } from '../zod';
import { noBidiControls, plainLine } from './text';

/**
 * The lists of the public site the editor keeps on /editor/site (decision 0062): the committee (/committee), the
 * sponsors (the home page's partners) and the previous events (/previous-events). Each is ordered by the editor.
 */

/** A trimmed one-line text field with its limit; `required`: not empty. */
const line = (label: string, max: number, required = false) => {
  const s = z
    .string({ message: required ? `${label} is required` : `${label} must be text` })
    .trim()
    .max(max, `${label} is too long (at most ${max} characters)`);
  return (required ? s.min(1, `${label} is required`) : s).refine(...noBidiControls(label)).refine(...plainLine(label));
};
/** An address a visitor follows: empty (none), or http(s). */
const link = z
  .string()
  .trim()
  .max(500, 'Link is too long (at most 500 characters)')
  .refine((s) => s === '' || /^https?:\/\/[^\s<>"]+$/i.test(s), 'Link must be an address starting with http:// or https://');

const memberShape = {
  section: line('Section', 100, true).describe('The heading the member is listed under, such as "General Chairs"'),
  name: line('Name', 120, true),
  role: line('Role', 120),
  affiliation: line('Affiliation', 200),
  country: line('Country', 80),
};
const sponsorShape = {
  name: line('Name', 120, true).describe("The sponsor's name, also the logo's text alternative"),
  role: line('Role', 80).describe('What the sponsor is, shown above its logo, such as "Publisher"'),
  link,
};
const eventShape = {
  label: line('Label', 80, true).describe('As the button shows it: country, year, place ("Thailand 2022 Pattaya")'),
  year: z.coerce
    .number({ message: 'Year must be a number' })
    .int('Year must be a whole number')
    .min(1900, 'Year must be between 1900 and 2100')
    .max(2100, 'Year must be between 1900 and 2100'),
  place: line('Place', 120),
  link,
};

/** Fields of the forms, JSON or multipart (a committee member's `photo`, a sponsor's `logo`: a PNG or JPEG). */
export const CommitteeMemberFields = z.object({
  ...memberShape,
  role: memberShape.role.default(''),
  affiliation: memberShape.affiliation.default(''),
  country: memberShape.country.default(''),
});
export const SponsorFields = z.object({ ...sponsorShape, role: sponsorShape.role.default(''), link: link.default('') });
export const PreviousEventFields = z.object({ ...eventShape, place: eventShape.place.default(''), link: link.default('') });
/** Edits: only the fields sent change. */
export const CommitteeMemberEdit = z.object(memberShape).partial();
export const SponsorEdit = z.object(sponsorShape).partial();
export const PreviousEventEdit = z.object(eventShape).partial();

export const CommitteeMemberJson = z.object({
  _id: z.string(),
  section: z.string(),
  name: z.string(),
  role: z.string(),
  affiliation: z.string(),
  country: z.string(),
  photo: z.string().nullable(),
});
export type CommitteeMemberJson = z.infer<typeof CommitteeMemberJson>;
export const SponsorJson = z.object({
  _id: z.string(),
  name: z.string(),
  role: z.string(),
  link: z.string(),
  logo: z.string().nullable().describe("The logo's address: an uploaded picture, or one of the site's own"),
});
export type SponsorJson = z.infer<typeof SponsorJson>;
export const PreviousEventJson = z.object({ _id: z.string(), label: z.string(), year: z.number(), place: z.string(), link: z.string() });
export type PreviousEventJson = z.infer<typeof PreviousEventJson>;

/** All three lists, in their order. */
export const SiteListsJson = z.object({
  committee: z.array(CommitteeMemberJson),
  sponsors: z.array(SponsorJson),
  previousEvents: z.array(PreviousEventJson),
});
export type SiteListsJson = z.infer<typeof SiteListsJson>;

export const CommitteeMemberSavedJson = z.object({ message: z.string(), member: CommitteeMemberJson });
export const SponsorSavedJson = z.object({ message: z.string(), sponsor: SponsorJson });
export const PreviousEventSavedJson = z.object({ message: z.string(), event: PreviousEventJson });
