import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { conferenceTitle, zoneLabel, type ConferenceFacts } from '../../core/conference-facts';
import { formatTime, formatWeekdayDate } from '../../core/format';
import { escapeHtml } from '../../core/html';
import { PAPER_PAGE_PREFIX, paperPagePath } from '../../core/routes';
import { publicRecordDocument, sendPublicRecord } from '../public-record-shell';
import type { PaperPage } from '../services/proceedings/paper-page';
import { findPaperPageOfAnyEdition, findPublicPaperFileOfAnyEdition } from '../services/editions/edition-record';

const STYLE =
  'body{font:17px/1.6 system-ui,sans-serif;margin:0;color:#111827;background:#f8fafc}main{max-width:46rem;margin:2rem auto;padding:1.5rem;background:#fff;border:1px solid #cbd5e1;border-radius:.5rem}h1{font-size:1.6rem;line-height:1.3;margin-top:.5rem}h2{font-size:1.2rem}ol.authors{list-style:none;padding:0}ol.authors li{margin:.25rem 0}.affiliation{color:#374151}dt{font-weight:600}dd{margin:0 0 .75rem;overflow-wrap:anywhere}a{color:#1d4ed8}@media (max-width:40rem){main{margin:0;border:0;border-radius:0}}';

const attr = escapeHtml;
const meta = (name: string, content: string) => `<meta name="${name}" content="${attr(content)}">`;
const property = (name: string, content: string) => `<meta property="${name}" content="${attr(content)}">`;

/** A search result's snippet: the abstract's first 300 characters on one line, cut at a word. */
function describe(abstract: string): string {
  const text = abstract.replace(/\s+/g, ' ').trim();
  if (text.length <= 300) return text;
  const cut = text.slice(0, 299);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 200 ? cut.lastIndexOf(' ') : 299)}…`;
}

function htmlDocument(opts: { title: string; head: string; body: string; conference: ConferenceFacts }): string {
  return publicRecordDocument({ title: opts.title, siteName: opts.conference.shortName, head: opts.head, style: STYLE, body: opts.body });
}

/** "Wednesday, 27 December 2023, 09:00–10:30 (Bangkok time, UTC+7)": in the conference's zone, as the presenters' mails say it. */
function when(slot: { start: string; end: string }, conference: ConferenceFacts): string {
  const zone = conference.timeZone;
  return `${formatWeekdayDate(slot.start, zone)}, ${formatTime(slot.start, zone)}–${formatTime(slot.end, zone)} (${zoneLabel(conference)})`;
}

/**
 * The page of one accepted paper (decision 0061): indexable, with its canonical address on PUBLIC_URL, a description
 * from the abstract and Google Scholar's citation_* tags (https://scholar.google.com/intl/en/scholar/inclusion.html#indexing).
 */
function paperDocument(p: PaperPage, conference: ConferenceFacts, publicUrl: string): string {
  const url = `${publicUrl}${paperPagePath(p.id)}`;
  const pdfPath = `${paperPagePath(p.id)}/paper.pdf`;
  const slidesPath = `${paperPagePath(p.id)}/slides.pdf`;
  const description = describe(p.abstract);
  const head = [
    meta('description', description),
    `<link rel="canonical" href="${attr(url)}">`,
    property('og:type', 'article'),
    property('og:title', p.title),
    property('og:description', description),
    property('og:url', url),
    property('og:site_name', conference.shortName),
    meta('citation_title', p.title),
    ...p.authors.flatMap((a) => [
      // Decision 0074: "Family, Given", which Google Scholar reads unambiguously whatever the display order.
      meta('citation_author', a.citationName),
      ...(a.affiliation ? [meta('citation_author_institution', a.affiliation)] : []),
    ]),
    meta('citation_publication_date', conference.startDate.replace(/-/g, '/')),
    meta('citation_conference_title', conferenceTitle(conference)),
    ...(p.doi ? [meta('citation_doi', p.doi)] : []),
    ...(p.pdf ? [meta('citation_pdf_url', `${publicUrl}${pdfPath}`)] : []),
  ].join('\n');
  const authors = p.authors
    .map((a) => {
      const where = [a.affiliation, a.country].filter(Boolean).join(', ');
      const latin = a.latinName ? ` <span class="latin" lang="en">(${escapeHtml(a.latinName)})</span>` : '';
      return `<li><span class="name">${escapeHtml(a.name)}</span>${latin}${where ? `<span class="affiliation">, ${escapeHtml(where)}</span>` : ''}</li>`;
    })
    .join('');
  const facts: [string, string][] = [['Track', escapeHtml(p.track)]];
  if (p.slot) {
    const room = p.slot.room ? `, ${escapeHtml(p.slot.room)}` : '';
    facts.push(['Session', `${escapeHtml(p.slot.session)}<br>${escapeHtml(when(p.slot, conference))}${room}`]);
  }
  if (p.doi) {
    const link = `https://doi.org/${p.doi}`;
    facts.push(['DOI', `<a href="${attr(link)}">${escapeHtml(link)}</a>`]);
  }
  const abstract = p.abstract
    .split(/\n\s*\n/)
    .map((para) => para.trim())
    .filter(Boolean)
    .map((para) => `<p>${escapeHtml(para)}</p>`)
    .join('');
  const body = `<p><a href="/program">Programme of the ${escapeHtml(conference.shortName)} conference</a></p>
<h1>${escapeHtml(p.title)}</h1>
<ol class="authors" aria-label="Authors">${authors}</ol>
<dl>${facts.map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`).join('')}</dl>
<h2>Abstract</h2>${abstract}
${p.pdf ? `<p><a href="${attr(pdfPath)}">Full paper (PDF)</a></p>` : ''}
${p.slides ? `<p><a href="${attr(slidesPath)}">Presentation slides (PDF)</a></p>` : ''}
<p><a href="/program">Back to the programme</a></p>`;
  return htmlDocument({ title: p.title, head, body, conference });
}

/** One answer for every id without a public page, so that it tells nothing about the paper (decision 0061). */
function notFound(reply: FastifyReply, conference: ConferenceFacts) {
  return sendPublicRecord(reply, {
    status: 404,
    cache: 'no-cache',
    html: htmlDocument({
      title: 'Paper not found',
      head: '<meta name="robots" content="noindex">',
      body: `<h1>Paper not found</h1>
<p>There is no accepted paper at this address. The programme lists the papers presented at the conference.</p>
<p><a href="/program">Programme of the ${escapeHtml(conference.shortName)} conference</a></p>`,
      conference,
    }),
  });
}

/** A paper id as the page takes it: longer ones are no paper's. */
const paperIdOf = (raw: string) => raw.slice(0, 64);

/**
 * Public /papers/:paperId (decision 0061), the resource every DOI of the Crossref deposit points to: rendered by the
 * server, like /verify/:code, so that a paper without a page is a real 404 (the app shell would answer 200), and
 * with no script at all. /papers/:paperId/paper.pdf: the camera-ready PDF once the proceedings are published;
 * /papers/:paperId/slides.pdf: the slides its presenter uploaded (decision 0066). Either is the same 404 otherwise.
 */
const paperPages: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  app.get<{ Params: { paperId: string } }>(`${PAPER_PAGE_PREFIX}:paperId`, { schema: { hide: true } }, async (req, reply) => {
    // The paper's own edition, past ones included (decision 0060), with that edition's facts.
    const found = await findPaperPageOfAnyEdition({ db, paperId: paperIdOf(req.params.paperId) });
    if (!found) return notFound(reply, app.conference.current());
    const { page, conference } = found;
    return sendPublicRecord(reply, {
      status: 200,
      cache: 'public, max-age=300',
      html: paperDocument(page, conference, app.config.publicUrl),
    });
  });

  for (const kind of ['paper', 'slides'] as const) {
    app.get<{ Params: { paperId: string } }>(`${PAPER_PAGE_PREFIX}:paperId/${kind}.pdf`, { schema: { hide: true } }, async (req, reply) => {
      const pdf = await findPublicPaperFileOfAnyEdition({ db, paperId: paperIdOf(req.params.paperId), kind });
      if (!pdf) return notFound(reply, app.conference.current());
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', String(pdf.size))
        .header('content-disposition', `inline; filename="${pdf.fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', kind === 'paper' ? 'public, max-age=300' : 'no-cache')
        .send(app.files.get(pdf.storageKey));
    });
  }

  // Anything else under /papers/ is the same page-shaped 404 (not the API's JSON one); "/papers/<id>/" leads to "/papers/<id>".
  app.get<{ Params: { '*': string } }>(`${PAPER_PAGE_PREFIX}*`, { schema: { hide: true } }, async (req, reply) => {
    const slashed = /^([^/]+)\/$/.exec(req.params['*']);
    if (slashed) return reply.redirect(`${PAPER_PAGE_PREFIX}${encodeURIComponent(slashed[1]!)}`, 308);
    return notFound(reply, app.conference.current());
  });
};

export default paperPages;
