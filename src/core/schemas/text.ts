/**
 * Characters refused in titles, names and file names (docs/product.md#validation-and-messages): C0 controls (tab and line feed only
 * where a field is multi-line), DEL, C1 controls, and Unicode's whole Bidi_Control set, the invisible
 * direction marks, embeddings, overrides and isolates that can make a name, a title or a file name read
 * differently from what it is (`evil\u202efdp.exe` shows as "evilexe.pdf"): U+061C, U+200E, U+200F,
 * U+202A–U+202E, U+2066–U+2069. Arabic and Hebrew letters stay allowed. The Bidi_Control set is refused in every
 * other stored free text too (comments, reviews, responses, posts, mails, messages): free-text-bidi.test.ts lists
 * them and checks every body of the API.
 */
const SINGLE_LINE = /[\u0000-\u001f\u007f-\u009f\p{Bidi_Control}]/u;
const MULTI_LINE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\p{Bidi_Control}]/u;
const BIDI_CONTROL = /\p{Bidi_Control}/u;

/** True when a single-line text (a title, a name) carries none of the refused characters. */
export const isPlainLine = (s: string): boolean => !SINGLE_LINE.test(s);
/** True when a multi-line text carries none of the refused characters (tab and line feed are fine). */
export const isPlainText = (s: string): boolean => !MULTI_LINE.test(s);
/**
 * True when a text carries no Bidi_Control character. For long free text sent from a form (an abstract), whose
 * line breaks arrive as CR LF and whose pasted text is otherwise kept as it is.
 */
export const hasNoBidiControls = (s: string): boolean => !BIDI_CONTROL.test(s);

/** The 400 message naming the field. */
export const controlCharsMessage = (field: string) => `${field} contains control or text-direction characters that are not allowed`;

/** A refinement for a single-line field: `z.string()...refine(...plainLine('Title'))`. */
export const plainLine = (field: string) => [isPlainLine, controlCharsMessage(field)] as const;
/** A refinement for a multi-line field. */
export const plainText = (field: string) => [isPlainText, controlCharsMessage(field)] as const;
/** A refinement for free text such as an abstract: no text-direction controls. */
export const noBidiControls = (field: string) => [hasNoBidiControls, controlCharsMessage(field)] as const;
