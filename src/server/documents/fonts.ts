import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The fonts the server's PDFs are set in (docs/decisions: Unicode fonts in PDFs): Noto Sans for Latin, Greek and
 * Cyrillic, Noto Sans Devanagari and Noto Sans Thai, regular and bold, shipped in assets/fonts (OFL 1.1).
 */
export type FontScript = 'latin' | 'devanagari' | 'thai';
export const FONT_SCRIPTS: readonly FontScript[] = ['latin', 'devanagari', 'thai'];

const FILES: Record<FontScript, { regular: string; bold: string }> = {
  latin: { regular: 'NotoSans-Regular.ttf', bold: 'NotoSans-Bold.ttf' },
  devanagari: { regular: 'NotoSansDevanagari-Regular.ttf', bold: 'NotoSansDevanagari-Bold.ttf' },
  thai: { regular: 'NotoSansThai-Regular.ttf', bold: 'NotoSansThai-Bold.ttf' },
};

/**
 * assets/fonts of the project: FONTS_DIR when set, else under the working directory (as WEB_DIR is: `npm start`
 * and the tests run from the project root), else found upwards from this module (src/server/documents in
 * development, build/app-server once compiled).
 */
export function fontsDir(): string {
  const candidates = [process.env.FONTS_DIR, path.resolve('assets/fonts')];
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    candidates.push(path.join(dir, 'assets', 'fonts'));
    dir = path.dirname(dir);
  }
  const found = candidates.find((d) => d && existsSync(path.join(d, FILES.latin.regular)));
  if (!found)
    throw new Error(
      `The PDF fonts are missing: no ${FILES.latin.regular} in assets/fonts (looked in ${candidates.filter(Boolean).join(', ')})`,
    );
  return found;
}

const cache = new Map<string, Uint8Array>();

/** A font's bytes, read once per process. */
export function fontBytes(script: FontScript, bold: boolean): Uint8Array {
  const file = FILES[script][bold ? 'bold' : 'regular'];
  let bytes = cache.get(file);
  if (!bytes) {
    bytes = new Uint8Array(readFileSync(path.join(fontsDir(), file)));
    cache.set(file, bytes);
  }
  return bytes;
}

const DEVANAGARI = /[\u0900-\u097F\uA8E0-\uA8FF\u1CD0-\u1CFF]/u;
const THAI = /[\u0E00-\u0E7F]/u;

/** The script whose font draws this character when it is not neutral (spaces, marks, punctuation follow their neighbours). */
export function scriptOf(char: string): FontScript | null {
  if (DEVANAGARI.test(char)) return 'devanagari';
  if (THAI.test(char)) return 'thai';
  if (/^[\p{L}\p{N}\p{S}]$/u.test(char)) return 'latin';
  return null;
}
