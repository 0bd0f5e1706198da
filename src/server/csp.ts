import { createHash } from 'node:crypto';

/** 'sha256-…' sources for every inline <script> of an HTML document (external ones need none). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/.test(m[1] ?? '')) continue;
    hashes.add(
      `'sha256-${createHash('sha256')
        .update(m[2] ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  return [...hashes];
}

/**
 * The Content-Security-Policy of an HTML page: scripts only from this origin or inline ones whose hash
 * is listed (no 'unsafe-inline'), forms only to this origin and the payment provider, no framing.
 * Styles allow inline because the toast library and the carousel set styles at run time.
 */
export function htmlPolicy(opts: { scriptHashes: string[]; formTargets: string[] }): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${opts.scriptHashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self' ${opts.formTargets.join(' ')}`.trim(),
    "frame-ancestors 'none'",
  ].join('; ');
}

/** For JSON, files and everything that is not a page: nothing may load or frame it. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";

/**
 * The API docs page (/api/docs, Swagger UI): its scripts and style sheets are files of this origin, it
 * fetches the document from this origin, its icons are data: URIs, and React sets style attributes.
 * Nothing else: no inline script, no other origin (the online validator badge is turned off), no framing.
 */
export const DOCS_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
