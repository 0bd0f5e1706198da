import type { FastifyPluginAsync } from 'fastify';
import { conferenceTitle, type ConferenceFacts } from '../../core/conference-facts';
import { formatLongDate } from '../../core/format';
import { escapeHtml } from '../../core/html';
import { VERIFY_PAGE_PREFIX } from '../../core/routes';
import { CERTIFICATE_TITLES } from '../documents/certificate-pdf';
import { verifyDocument, type VerifiedDocument } from '../services/shared/verify-document';

/** The page around a verdict, named with the conference's short name from the current facts. */
function page(title: string, body: string, conference: ConferenceFacts): string {
  const short = escapeHtml(conference.shortName);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} | ${short}</title><meta name="robots" content="noindex">
<style>body{font:17px/1.5 system-ui,sans-serif;margin:0;color:#111827;background:#f8fafc}main{max-width:40rem;margin:2rem auto;padding:1.5rem;background:#fff;border:1px solid #cbd5e1;border-radius:.5rem}h1{font-size:1.5rem;margin-top:0}dt{font-weight:600}dd{margin:0 0 .75rem}a{color:#1d4ed8}.valid{color:#166534}</style>
</head><body><main>${body}<p><a href="/">${short} conference home</a></p></main></body></html>`;
}

const rows = (pairs: [string, string][]) =>
  `<dl>${pairs.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>`;
/** A calendar day as it is, an instant as its day in UTC. */
const day = (iso: string) => formatLongDate(iso, 'UTC');

/** The page for one document: what it is, whom it names and what it proves; never an e-mail address or a passport number. */
function documentPage(d: VerifiedDocument, conference: ConferenceFacts): { title: string; body: string } {
  const by = `issued by the ${conferenceTitle(conference)}`;
  if (d.type === 'certificate') {
    const what = CERTIFICATE_TITLES[d.kind];
    const pairs: [string, string][] = [['Issued to', d.name]];
    if (d.kind === 'presentation') pairs.push(['For', `Presenting the paper “${d.paperTitle ?? ''}” (Paper ID: ${d.paperId ?? ''})`]);
    else if (d.kind === 'award') {
      pairs.push(['For', d.award ? `The ${d.award.category} ${d.award.year}` : 'An award of the conference']);
      if (d.award?.awardId) pairs.push(['Award ID', d.award.awardId]);
    } else if (d.kind === 'workshop')
      pairs.push([
        'For',
        d.workshop
          ? `Participating in the technical workshop course ${d.workshop.title} (${day(d.workshop.date)})`
          : `Participating in the technical workshop${d.paperTitle ? ` course ${d.paperTitle}` : ''}`,
      ]);
    else pairs.push(['For', 'Attending the conference']);
    pairs.push(['Issued on', day(d.issuedAt)], ['Code', d.code]);
    return {
      title: what,
      body: `<h1 class="valid">Valid certificate</h1><p>This ${escapeHtml(what.toLowerCase())} was ${escapeHtml(by)}.</p>${rows(pairs)}`,
    };
  }
  if (d.type === 'receipt') {
    return {
      title: `Receipt ${d.number}`,
      body: `<h1 class="valid">Valid receipt</h1><p>This receipt was ${escapeHtml(by)}.</p>${rows([
        ['Receipt number', d.number],
        ['Issued to', d.issuedTo],
        ['For', d.item],
        ['Amount', d.amount],
        ['Method', d.method],
        ['Paid on', day(d.paidAt)],
        ['Issued on', day(d.issuedAt)],
        ['Code', d.code],
      ])}<p>The registration fee is non-refundable.</p>`,
    };
  }
  return {
    title: 'Visa invitation letter',
    body: `<h1 class="valid">Valid visa invitation letter</h1><p>This invitation letter was ${escapeHtml(by)} and approved by the organisers.</p>${rows(
      [
        ['Name as on passport', d.passportName],
        ['Nationality', d.nationality],
        ['Role', d.role],
        ['Stay', `${day(d.arrivalDate)} to ${day(d.departureDate)}`],
        ...(d.approvedAt ? [['Approved on', day(d.approvedAt)] as [string, string]] : []),
        ['Code', d.code],
      ],
    )}`,
  };
}

/**
 * Public /verify/:code for every document the conference issues (certificates of the four kinds, receipts,
 * approved visa letters), rendered by the server so that an unknown code is a real HTTP 404 (the site's app
 * shell would answer 200 for any path it serves). No script: nothing to load but this page.
 */
const verifyPage: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { code: string } }>(`${VERIFY_PAGE_PREFIX}:code`, { schema: { hide: true } }, async (req, reply) => {
    const code = req.params.code.slice(0, 40);
    const found = await verifyDocument({ db: app.database.db, code });
    const conference = app.conference.current();
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('x-robots-tag', 'noindex');
    if (!found) {
      return reply.code(404).send(
        page(
          'Document not found',
          `<h1>Document not found</h1>
<p>No certificate, receipt or visa letter has the code <strong>${escapeHtml(code)}</strong>. Check the code printed on the document.</p>`,
          conference,
        ),
      );
    }
    const { title, body } = documentPage(found, conference);
    return reply.send(page(title, body, conference));
  });
};

export default verifyPage;
