import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'; // Crockford base32: no I, L, O, U

/**
 * A code for a document people rely on (certificate, receipt, letter) or a badge: 20 symbols of 5 bits from the
 * system's CSPRNG (100 random bits), shown as five groups of four. Public verification looks documents up by it.
 */
export function newDocumentCode(): string {
  const bytes = randomBytes(20);
  const chars = [...bytes].map((b) => ALPHABET[b & 31]!);
  return [0, 4, 8, 12, 16].map((i) => chars.slice(i, i + 4).join('')).join('-');
}

/** A typed or scanned code in its stored form: upper case, O→0, I/L→1 (Crockford), groups joined by '-'. */
export function normaliseDocumentCode(input: string): string {
  const raw = input
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  return raw.match(/.{1,4}/g)?.join('-') ?? '';
}
