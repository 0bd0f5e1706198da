import { z } from '../zod';
import { noBidiControls, plainLine } from './text';

/** Decision 0076: one of a person's publications, as their profile shows it. */
export const PublicationJson = z.object({
  id: z.string(),
  title: z.string(),
  abstract: z.string(),
  year: z.number().int().nullable(),
  authors: z.array(z.string()),
  venue: z.string(),
  doi: z.string().nullable(),
  /** Used for matching (reviewer affinity); the person chooses. */
  counts: z.boolean(),
  source: z.enum(['bibtex', 'dblp', 'orcid', 'manual']),
  updatedAt: z.string(),
});
export type PublicationJson = z.infer<typeof PublicationJson>;

export const PublicationListJson = z.object({
  publications: z.array(PublicationJson),
  /** How many count for matching. */
  counted: z.number().int(),
});
export type PublicationListJson = z.infer<typeof PublicationListJson>;

const Title = z
  .string({ message: 'The title is required' })
  .trim()
  .min(1, 'The title is required')
  .max(1000, 'The title is at most 1000 characters')
  .refine(...plainLine('Title'));
const Year = z
  .number({ message: 'The year is a number such as 2024' })
  .int('The year is a number such as 2024')
  .min(1000, 'The year is from 1000 to 2100')
  .max(2100, 'The year is from 1000 to 2100')
  .nullable();
const Doi = z
  .string()
  .trim()
  .max(300, 'The DOI is at most 300 characters')
  .refine(
    (s) => s === '' || /^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*)?10\.\d{4,9}\/\S+$/i.test(s),
    'The DOI looks like 10.1234/abc (or https://doi.org/10.1234/abc)',
  )
  .nullable();

const Fields = {
  title: Title,
  abstract: z
    .string()
    .trim()
    .max(20_000, 'The abstract is at most 20,000 characters')
    .refine(...noBidiControls('Abstract')),
  year: Year,
  authors: z
    .array(
      z
        .string()
        .trim()
        .min(1)
        .max(200, 'An author name is at most 200 characters')
        .refine(...plainLine('Author')),
      {
        message: 'Authors are a list of names',
      },
    )
    .max(500, 'At most 500 authors'),
  venue: z
    .string()
    .trim()
    .max(500, 'The venue is at most 500 characters')
    .refine(...plainLine('Venue')),
  doi: Doi,
  counts: z.boolean({ message: 'counts is true or false' }),
};

/** A publication added by hand: a title, the rest optional. */
export const PublicationBody = z.strictObject({
  title: Fields.title,
  abstract: Fields.abstract.default(''),
  year: Fields.year.default(null),
  authors: Fields.authors.default([]),
  venue: Fields.venue.default(''),
  doi: Fields.doi.default(null),
  counts: Fields.counts.default(true),
});
export type PublicationBody = z.input<typeof PublicationBody>;

/** A change to one publication: any of its fields (the counts-for-matching toggle alone, often). */
export const PublicationPatch = z
  .strictObject(Fields)
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'Nothing to change');

export const ImportResultJson = z.object({
  message: z.string(),
  format: z.enum(['bibtex', 'dblp', 'orcid']),
  /** New entries stored. */
  added: z.number().int(),
  /** Entries already in the profile (same DOI, else same title): their empty fields filled in, nothing else changed. */
  merged: z.number().int(),
  /** Entries of the file left out (no title, or unreadable). */
  skipped: z.number().int(),
  publications: z.array(PublicationJson),
});

/** Decision 0076: one reviewer's affinity with a paper, with what explains it (chairs and the editor only). */
export const AffinityReviewerJson = z.object({
  reviewerId: z.string(),
  name: z.string(),
  email: z.string(),
  affinity: z.number(),
  closest: z.array(z.object({ publicationId: z.string(), title: z.string(), year: z.number().nullable(), similarity: z.number() })),
  sharedTerms: z.array(z.string()),
});
export const PaperAffinityJson = z.object({
  paperId: z.string(),
  /** True while the scores are being computed again (a paper or a profile changed since they were). */
  affinityRefreshing: z.boolean(),
  /** When the scores shown were computed (null: never yet). */
  affinityUpdatedAt: z.string().nullable(),
  reviewers: z.array(AffinityReviewerJson),
});
export type PaperAffinityJson = z.infer<typeof PaperAffinityJson>;
