import { isLatinName } from '../person-name';
import { z } from '../zod';
import { plainLine } from './text';

/**
 * The optional name parts a sign-up, a profile and a co-author may carry beside `name` (decision 0074). A call that
 * sends none of them keeps `name` as the display name, as the original calls do (docs/product.md#validation-and-messages).
 */
const part = (label: string) =>
  z
    .string()
    .trim()
    .max(120, `${label} is too long (at most 120 characters)`)
    .refine(...plainLine(label))
    .optional();

export const LATIN_NAME_MESSAGE = 'The name in Latin letters may contain only Latin letters, spaces, hyphens, apostrophes and full stops';

export const NamePartsInput = z.object({
  givenName: part('Given name'),
  familyName: part('Family name'),
  familyFirst: z.boolean().optional(),
  latinName: part('Name in Latin letters').refine((v) => v === undefined || isLatinName(v), LATIN_NAME_MESSAGE),
});
export type NamePartsInput = z.infer<typeof NamePartsInput>;

/** The parts as the server answers them: all four always present ('' and false when the person gave none). */
export const NamePartsJson = z.object({
  givenName: z.string(),
  familyName: z.string(),
  familyFirst: z.boolean(),
  latinName: z.string(),
});
export type NamePartsJson = z.infer<typeof NamePartsJson>;
