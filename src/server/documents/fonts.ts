import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The fonts the server's PDFs are set in (decision 0073: every script on every document): Noto Sans for Latin,
 * Greek, Cyrillic and Vietnamese, Noto Sans Devanagari and Noto Sans Thai, regular and bold, shipped in assets/fonts;
 * Noto Naskh Arabic, Noto Sans Hebrew and the Noto Sans CJK regional subsets (Simplified Chinese, Japanese, Korean)
 * from the registry packages @embedpdf/fonts-* that `npm ci` installs (all OFL 1.1). A document embeds a font only
 * when it draws a character in it, and then only the glyphs it draws.
 */
export type FontScript = 'latin' | 'devanagari' | 'thai' | 'arabic' | 'hebrew' | 'sc' | 'jp' | 'kr';
export const FONT_SCRIPTS: readonly FontScript[] = ['latin', 'devanagari', 'thai', 'arabic', 'hebrew', 'sc', 'jp', 'kr'];

/** The order in which fonts are tried for a character its own script's font lacks ("≥", "→", "①"): widest first. */
export const FALLBACK_ORDER: readonly FontScript[] = ['latin', 'sc', 'jp', 'kr', 'arabic', 'hebrew', 'devanagari', 'thai'];

/** The scripts written right to left: their runs are shaped and laid out as right-to-left runs. */
export const RTL_SCRIPTS: ReadonlySet<FontScript> = new Set(['arabic', 'hebrew']);

type FontFiles = { package?: string; regular: string; bold: string };
const FILES: Record<FontScript, FontFiles> = {
  latin: { regular: 'NotoSans-Regular.ttf', bold: 'NotoSans-Bold.ttf' },
  devanagari: { regular: 'NotoSansDevanagari-Regular.ttf', bold: 'NotoSansDevanagari-Bold.ttf' },
  thai: { regular: 'NotoSansThai-Regular.ttf', bold: 'NotoSansThai-Bold.ttf' },
  arabic: { package: '@embedpdf/fonts-arabic', regular: 'fonts/NotoNaskhArabic-Regular.ttf', bold: 'fonts/NotoNaskhArabic-Bold.ttf' },
  hebrew: { package: '@embedpdf/fonts-hebrew', regular: 'fonts/NotoSansHebrew-Regular.ttf', bold: 'fonts/NotoSansHebrew-Bold.ttf' },
  sc: { package: '@embedpdf/fonts-sc', regular: 'fonts/NotoSansHans-Regular.otf', bold: 'fonts/NotoSansHans-Bold.otf' },
  jp: { package: '@embedpdf/fonts-jp', regular: 'fonts/NotoSansJP-Regular.otf', bold: 'fonts/NotoSansJP-Bold.otf' },
  kr: { package: '@embedpdf/fonts-kr', regular: 'fonts/NotoSansKR-Regular.otf', bold: 'fonts/NotoSansKR-Bold.otf' },
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

/**
 * The folder of an installed font package: resolved as Node resolves it from this module, or else from the working
 * directory (the compiled server in build/ runs beside the project's node_modules).
 */
function packageDir(name: string): string {
  for (const from of [import.meta.url, path.resolve('package.json')]) {
    try {
      // The package's entry point is dist/index.*; its fonts/ folder sits beside dist/.
      return path.resolve(path.dirname(createRequire(from).resolve(name)), '..');
    } catch {
      // try the next place
    }
  }
  const dir = path.resolve('node_modules', name);
  if (existsSync(dir)) return dir;
  throw new Error(`The PDF fonts are missing: the package ${name} is not installed (npm ci installs it)`);
}

const cache = new Map<string, Uint8Array>();

/** A font's bytes, read once per process (the same array each time: parsed fonts are kept by it). */
export function fontBytes(script: FontScript, bold: boolean): Uint8Array {
  const key = `${script}${bold ? 'B' : 'R'}`;
  let bytes = cache.get(key);
  if (!bytes) {
    const files = FILES[script];
    const file = files.package
      ? path.join(packageDir(files.package), bold ? files.bold : files.regular)
      : path.join(fontsDir(), bold ? files.bold : files.regular);
    bytes = new Uint8Array(readFileSync(file));
    cache.set(key, bytes);
  }
  return bytes;
}

const DEVANAGARI = /[\u0900-\u097F\uA8E0-\uA8FF\u1CD0-\u1CFF]/u;
const THAI = /[\u0E00-\u0E7F]/u;
const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u0870-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/u;
const HEBREW = /[\u0590-\u05FF\uFB1D-\uFB4F]/u;
const HANGUL = /[\u1100-\u11FF\u3130-\u318F\uA960-\uA97F\uAC00-\uD7FF]/u;
const KANA = /[\u3040-\u30FF\u31F0-\u31FF\uFF66-\uFF9F]/u;
const HAN = /[\u2E80-\u2FDF\u3005-\u3007\u3021-\u3029\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF\u{20000}-\u{3134F}]/u;

/**
 * The script whose font draws this character when it is not neutral (spaces, marks, punctuation follow their
 * neighbours). Han characters are 'sc' here; the line they stand in decides between the Chinese, Japanese and
 * Korean fonts (hanForLine).
 */
export function scriptOf(char: string): FontScript | null {
  if (DEVANAGARI.test(char)) return 'devanagari';
  if (THAI.test(char)) return 'thai';
  if (ARABIC.test(char)) return /^[\p{L}\p{N}\p{S}]$/u.test(char) ? 'arabic' : null;
  if (HEBREW.test(char)) return /^[\p{L}\p{S}]$/u.test(char) ? 'hebrew' : null;
  if (HANGUL.test(char)) return 'kr';
  if (KANA.test(char)) return 'jp';
  if (HAN.test(char)) return 'sc';
  if (/^[\p{L}\p{N}\p{S}]$/u.test(char)) return 'latin';
  return null;
}

/** Which CJK font draws the Han characters of a line: Japanese beside kana, Korean beside Hangul, else Chinese. */
export function hanForLine(line: string): FontScript {
  if (KANA.test(line)) return 'jp';
  if (HANGUL.test(line)) return 'kr';
  return 'sc';
}
