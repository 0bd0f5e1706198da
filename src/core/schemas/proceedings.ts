import { z } from '../zod';
import { COUNTRY_CODES, DOI_PREFIX, DOI_PREFIX_MESSAGE, doiPatternProblem, isCountryCode, normaliseOrcid } from '../proceedings';
import { TrackId } from './tracks';

/** An ORCID iD, bare or as its https://orcid.org/ URL, checked by its check digit and kept bare; '' or null: none. */
export const Orcid = z
  .string({ message: 'The ORCID iD must be text such as 0000-0002-1825-0097' })
  .max(60, 'The ORCID iD is too long')
  .transform((v, ctx) => {
    if (v.trim() === '') return null;
    const bare = normaliseOrcid(v);
    if (!bare) {
      ctx.addIssue({
        code: 'custom',
        message: 'The ORCID iD is not valid: 16 digits as 0000-0002-1825-0097, the last one a check digit (or X)',
      });
      return z.NEVER;
    }
    return bare;
  })
  .nullable()
  .transform((v) => v ?? null);

/** An ISO 3166-1 alpha-2 country code, upper case ('TH'); '' when not given. */
export const CountryCode = z
  .string({ message: 'The country must be a two-letter ISO 3166-1 code such as TH' })
  .trim()
  .max(2, 'The country must be a two-letter ISO 3166-1 code such as TH')
  .transform((v) => v.toUpperCase())
  .refine((v) => v === '' || isCountryCode(v), 'The country must be a two-letter ISO 3166-1 code such as TH');

export { COUNTRY_CODES };

/** A DOI prefix, or '' (none). */
export const DoiPrefix = z
  .string({ message: DOI_PREFIX_MESSAGE })
  .trim()
  .refine((v) => v === '' || DOI_PREFIX.test(v), DOI_PREFIX_MESSAGE);
export const DoiPattern = z
  .string({ message: 'The DOI pattern must be text such as imse.{year}.{paperId}' })
  .trim()
  .superRefine((v, ctx) => {
    const problem = doiPatternProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** The proceedings exports (decision 0042): one track, or every track the caller may export. */
export const ProceedingsQuery = z.object({ trackId: TrackId.optional() });
export type ProceedingsQuery = z.infer<typeof ProceedingsQuery>;

export const NO_DOI_PREFIX = 'Set the DOI prefix in the settings before exporting the Crossref deposit';

/** Decision 0066: whether the organiser has published the proceedings (the camera-ready PDFs become public), and when. */
export const ProceedingsPublicationJson = z.object({ published: z.boolean(), publishedAt: z.string().nullable() });
export type ProceedingsPublicationJson = z.infer<typeof ProceedingsPublicationJson>;
export const ProceedingsPublicationBody = z.object({
  published: z.boolean({ message: 'Say whether the proceedings are published: true or false' }),
});
export type ProceedingsPublicationBody = z.infer<typeof ProceedingsPublicationBody>;
export const ProceedingsPublicationResponse = ProceedingsPublicationJson.extend({ message: z.string() });

/** Decision 0066: a paper's presentation slides as its authors see them; null: none uploaded. */
export const PaperSlidesJson = z.object({
  /** The public address on the paper's page. */
  url: z.string(),
  size: z.number().int(),
  fileName: z.string(),
  uploadedAt: z.string(),
});
export type PaperSlidesJson = z.infer<typeof PaperSlidesJson>;
export const PaperSlidesResponse = z.object({ slides: PaperSlidesJson.nullable() });
export const PaperSlidesSavedResponse = z.object({ message: z.string(), slides: PaperSlidesJson.nullable() });
