import type { FastifyPluginAsync } from 'fastify';
import { CONFERENCE_TITLE } from '../../core/conference';
import { VERIFY_PAGE_PREFIX } from '../../core/routes';
import { findCertificate } from '../services/programme/certificates';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} | IMSE</title><meta name="robots" content="noindex">
<style>body{font:17px/1.5 system-ui,sans-serif;margin:0;color:#111827;background:#f8fafc}main{max-width:40rem;margin:2rem auto;padding:1.5rem;background:#fff;border:1px solid #cbd5e1;border-radius:.5rem}h1{font-size:1.5rem;margin-top:0}dt{font-weight:600}dd{margin:0 0 .75rem}a{color:#1d4ed8}</style>
</head><body><main>${body}<p><a href="/">IMSE conference home</a></p></main></body></html>`;
}

/**
 * Public /verify/:code, rendered by the server so that an unknown code is a real HTTP 404 (the site's app
 * shell would answer 200 for any path it serves). No script: nothing to load but this page.
 */
const verifyPage: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { code: string } }>(`${VERIFY_PAGE_PREFIX}:code`, { schema: { hide: true } }, async (req, reply) => {
    const code = req.params.code.slice(0, 40);
    const c = /^[0-9A-Za-z-]+$/.test(code) ? await findCertificate(app.database.db, code) : null;
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('x-robots-tag', 'noindex');
    if (!c) {
      return reply.code(404).send(page('Certificate not found', `<h1>Certificate not found</h1>
<p>No certificate has the code <strong>${escapeHtml(code)}</strong>. Check the code printed on the certificate.</p>`));
    }
    const what = c.kind === 'presentation' ? 'Certificate of Presentation' : 'Certificate of Attendance';
    const issued = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(c.issuedAt));
    return reply.send(page(what, `<h1>Valid certificate</h1><p>This ${what.toLowerCase()} was issued by the ${escapeHtml(CONFERENCE_TITLE)}.</p>
<dl><dt>Issued to</dt><dd>${escapeHtml(c.name)}</dd><dt>For</dt><dd>${c.kind === 'presentation'
      ? `Presenting the paper “${escapeHtml(c.paperTitle ?? '')}” (Paper ID: ${escapeHtml(c.paperId ?? '')})`
      : 'Attending the conference'}</dd><dt>Issued on</dt><dd>${issued}</dd><dt>Code</dt><dd>${escapeHtml(c.code)}</dd></dl>`));
  });
};

export default verifyPage;
