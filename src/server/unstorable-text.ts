/**
 * Text the database cannot keep as sent: PostgreSQL refuses U+0000 in text (the insert fails, which was
 * a 500), and an unpaired UTF-16 surrogate cannot be written in UTF-8 (it was silently stored as U+FFFD).
 * Requests carrying either are refused up front, so what is stored is always exactly what was sent.
 */
export const UNSTORABLE_TEXT = 'The text contains characters that cannot be stored (a NUL character or a broken Unicode character)';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isStorableText(s: string): boolean {
  return !s.includes('\u0000') && !LONE_SURROGATE.test(s);
}

/** Any string, key or value, anywhere in a parsed body, query or params. Iterative: a body may nest deeply. */
export function hasUnstorableText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const v = pending.pop();
    if (typeof v === 'string') {
      if (!isStorableText(v)) return true;
    } else if (Array.isArray(v)) {
      for (const inner of v) pending.push(inner);
    } else if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v)) {
      for (const [k, inner] of Object.entries(v)) {
        if (!isStorableText(k)) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}
