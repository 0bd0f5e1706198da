import type { FastifyReply } from 'fastify';
import { escapeHtml } from '../core/html';

/**
 * The shell of the pages the server renders for the public record (decisions 0060, 0061 and 0066): a paper's page,
 * the editions and a later edition's awards. No script, no frame, nothing from elsewhere: text and one style sheet.
 */
export const PUBLIC_RECORD_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * One page: `<title>` is "title | site", `head` is added as it is (already escaped), `style` is the page's own;
 * `header` and `footer` (an organiser's page's bar and links, decision 0064) go around the `<main>`.
 */
export function publicRecordDocument(opts: {
  title: string;
  siteName: string;
  head: string;
  style: string;
  body: string;
  header?: string;
  footer?: string;
}): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(opts.title)} | ${escapeHtml(opts.siteName)}</title>
${opts.head}
<style>${opts.style}</style>
</head><body>${opts.header ?? ''}<main>${opts.body}</main>${opts.footer ?? ''}</body></html>`;
}

/** Sends a page of the public record with its policy; a 404 is never indexed. */
export function sendPublicRecord(reply: FastifyReply, opts: { status: number; html: string; cache: string }) {
  reply
    .code(opts.status)
    .type('text/html; charset=utf-8')
    .header('cache-control', opts.cache)
    .header('content-security-policy', PUBLIC_RECORD_POLICY);
  if (opts.status === 404) reply.header('x-robots-tag', 'noindex');
  return reply.send(opts.html);
}
