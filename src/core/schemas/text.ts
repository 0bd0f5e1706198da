/**
 * Characters refused in titles and names (issue 16.9): C0 controls (tab and line feed only where a field is
 * multi-line), DEL, C1 controls, and the invisible direction marks and overrides that can make a name or
 * title read differently from what it is (U+200E/F, U+202A–U+202E, U+2066–U+2069).
 */
const SINGLE_LINE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const MULTI_LINE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** True when a single-line text (a title, a name) carries none of the refused characters. */
export const isPlainLine = (s: string): boolean => !SINGLE_LINE.test(s);
/** True when a multi-line text carries none of the refused characters (tab and line feed are fine). */
export const isPlainText = (s: string): boolean => !MULTI_LINE.test(s);

/** The 400 message naming the field. */
export const controlCharsMessage = (field: string) =>
  `${field} contains control or text-direction characters that are not allowed`;

/** A refinement for a single-line field: `z.string()...refine(...plainLine('Title'))`. */
export const plainLine = (field: string) => [isPlainLine, controlCharsMessage(field)] as const;
/** A refinement for a multi-line field. */
export const plainText = (field: string) => [isPlainText, controlCharsMessage(field)] as const;
