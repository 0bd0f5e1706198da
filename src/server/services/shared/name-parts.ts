import { hasNameParts, nameFromInput, type NameParts, type PersonName } from '../../../core/person-name';
import type { NamePartsInput } from '../../../core/schemas/person-name';

/**
 * The parts of a name in a reply (decision 0074): only when the person gave parts or a Latin name, so that the replies
 * of the original calls keep their shape for everyone who did not.
 */
export function namePartsJson(row: NameParts): Partial<NameParts> {
  if (!hasNameParts(row) && !row.latinName) return {};
  return { givenName: row.givenName, familyName: row.familyName, familyFirst: row.familyFirst, latinName: row.latinName };
}

/**
 * The columns a sign-up, profile or co-author write sets from what the caller sent: with a given or family name the
 * display name is made from the parts; with only `name`, the name as sent and the parts cleared (nothing guessed).
 */
export function nameColumns(input: { name: string } & NamePartsInput): PersonName {
  return nameFromInput(input);
}
