import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { conferenceTitle, zoneLabel, type ConferenceFacts } from '../../core/conference-facts';
import { formatTime, formatWeekdayDate } from '../../core/format';
import { escapeHtml } from '../../core/html';
import { EDITION_PAGE_PREFIX, PRERENDERED_AWARD_YEARS, awardsPagePath, paperPagePath } from '../../core/routes';
import { publicRecordDocument, sendPublicRecord } from '../public-record-shell';
import { findAwardsRecord, type AwardsRecord } from '../services/editions/awards-record';
import { listEditions } from '../services/editions/editions';
import { findEditionRecord, type EditionRecord } from '../services/editions/edition-record';

const STYLE =
  'body{font:17px/1.6 system-ui,sans-serif;margin:0;color:#111827;background:#f8fafc}main{max-width:52rem;margin:2rem auto;padding:1.5rem;background:#fff;border:1px solid #cbd5e1;border-radius:.5rem}h1{font-size:1.6rem;line-height:1.3;margin-top:.25rem}h2{font-size:1.25rem;margin-top:2rem}h3{font-size:1.05rem;margin-bottom:.25rem}ul{padding-left:1.2rem}li{margin:.35rem 0}.meta{color:#374151}a{color:#1d4ed8}@media (max-width:40rem){main{margin:0;border:0;border-radius:0}}';
const e = escapeHtml;

function page(opts: { title: string; body: string; conference: ConferenceFacts; canonical: string; home?: ConferenceFacts }): string {
  return publicRecordDocument({
    title: opts.title,
    siteName: opts.conference.shortName,
    head: `<link rel="canonical" href="${e(opts.canonical)}">`,
    style: STYLE,
    body: `${opts.body}<p><a href="/">${e((opts.home ?? opts.conference).shortName)} conference home</a> · <a href="/previous-events">Previous Conferences</a> · <a href="/awards">Awards</a></p>`,
  });
}

/** The record of one edition: its programme as published, its accepted papers (each to its page), its winners. */
function recordBody(r: EditionRecord): string {
  const f = r.facts;
  const zone = f.timeZone;
  const place = [f.venue.city, f.venue.country].filter(Boolean).join(', ');
  const parts = [
    `<p class="meta">${r.isCurrent ? 'Current edition' : 'Past edition'} · ${r.year}</p>`,
    `<h1>${e(conferenceTitle(f))}</h1>`,
    `<p class="meta">${e(f.datesText)}${place ? ` · ${e(place)}` : ''}</p>`,
  ];
  parts.push('<h2>Programme</h2>');
  if (!r.sessions.length) parts.push('<p>No programme was published for this edition.</p>');
  else {
    parts.push(`<p class="meta">Times in ${e(zoneLabel(f))}.</p><ul>`);
    for (const s of r.sessions) {
      const papers = s.papers.length
        ? `<ul>${s.papers.map((p) => `<li><a href="${e(paperPagePath(p.id))}">${e(p.title)}</a>${p.presenter ? ` <span class="meta">— ${e(p.presenter)}</span>` : ''}</li>`).join('')}</ul>`
        : '';
      const where = [s.track, s.room ? `Room ${s.room}` : '', s.chair ? `Chair: ${s.chair}` : ''].filter(Boolean).map(e).join(' · ');
      parts.push(
        `<li><h3>${e(s.title)}</h3><span class="meta">${e(formatWeekdayDate(s.start, zone))}, ${e(formatTime(s.start, zone))}–${e(formatTime(s.end, zone))}${where ? ` · ${where}` : ''}</span>${papers}</li>`,
      );
    }
    parts.push('</ul>');
  }
  parts.push('<h2>Accepted papers</h2>');
  parts.push(
    r.papers.length
      ? `<ul>${r.papers.map((p) => `<li><a href="${e(paperPagePath(p.id))}">${e(p.title)}</a><br><span class="meta">${e(p.authors)} · ${e(p.track)}</span></li>`).join('')}</ul>`
      : '<p>No accepted paper has been announced for this edition.</p>',
  );
  parts.push('<h2>Award winners</h2>');
  parts.push(
    r.winners.length
      ? `<ul>${r.winners.map((w) => `<li><strong>${e(w.category)}</strong>: ${e(w.name)}${w.affiliation ? `, ${e(w.affiliation)}` : ''}${w.awardId ? ` <span class="meta">(${e(w.awardId)})</span>` : ''}</li>`).join('')}</ul>`
      : '<p>No award has been announced for this edition.</p>',
  );
  // SPEC's years have their hand-written page; a later year's is drawn from its winners (decision 0066).
  if (r.winners.length || PRERENDERED_AWARD_YEARS.includes(r.year))
    parts.push(`<p><a href="${awardsPagePath(r.year)}">Awards ${r.year}</a></p>`);
  return parts.join('\n');
}

/** A later edition's awards page (decision 0066): its winners as the editor decided them, in the order they were awarded. */
function awardsBody(r: AwardsRecord): string {
  const f = r.facts;
  return [
    `<p class="meta">${e(conferenceTitle(f))} · ${e(f.datesText)}</p>`,
    `<h1>Awards ${r.year}</h1>`,
    `<p>The award winners of the ${r.year} edition, as the award panel and the editor decided them. Each award id is printed on the winner's certificate.</p>`,
    `<h2>Awardees ${r.year}</h2>`,
    `<ul>${r.winners
      .map(
        (w) =>
          `<li><strong>${e(w.name)}</strong>${w.designation ? `, ${e(w.designation)}` : ''}${w.affiliation ? `<br><span class="meta">${e(w.affiliation)}</span>` : ''}<br>${e(w.award)} <span class="meta">(${e(w.awardId)})</span></li>`,
      )
      .join('')}</ul>`,
    `<p><a href="${EDITION_PAGE_PREFIX}/${r.year}">The ${r.year} edition: programme, accepted papers and winners</a></p>`,
  ].join('\n');
}

const send = (reply: FastifyReply, status: number, html: string) => sendPublicRecord(reply, { status, html, cache: 'no-cache' });

/** The years that are not SPEC's prerendered ones, as a route pattern: those go to the site (src/server/web.ts). */
const DATA_AWARD_YEAR = `(?!(?:${PRERENDERED_AWARD_YEARS.join('|')})$)\\d{4}`;

/**
 * The public record of every edition on this install (decision 0060): /editions lists them, /editions/YYYY keeps an
 * edition's programme, accepted papers and winners at a stable address, past editions included. /awards-YYYY of a
 * year that is not one of SPEC's prerendered pages shows that edition's winners once it has one (decision 0066).
 */
const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const base = app.config.publicUrl;
  app.get(EDITION_PAGE_PREFIX, async (_req, reply) => {
    const conference = app.conference.current();
    const { editions } = await listEditions({ db });
    const body = [
      '<h1>Editions of the conference</h1>',
      '<p>Each edition held with this site keeps its programme, accepted papers and award winners here. Earlier editions are listed on <a href="/previous-events">Previous Conferences</a>.</p>',
      `<ul>${editions
        .map(
          (x) =>
            `<li><a href="${EDITION_PAGE_PREFIX}/${x.year}">${x.year}: ${e(x.title)}</a><br><span class="meta">${e(x.datesText)}${x.place ? ` · ${e(x.place)}` : ''}${x.isCurrent ? ' · current edition' : ''}</span></li>`,
        )
        .join('')}</ul>`,
    ].join('\n');
    return send(reply, 200, page({ title: 'Editions', body, conference, canonical: `${base}${EDITION_PAGE_PREFIX}` }));
  });
  app.get<{ Params: { year: string } }>(`${EDITION_PAGE_PREFIX}/:year`, async (req, reply) => {
    const conference = app.conference.current();
    const year = /^\d{4}$/.test(req.params.year) ? Number(req.params.year) : null;
    const record = year === null ? null : await findEditionRecord({ db, year });
    if (!record)
      return send(
        reply,
        404,
        page({
          title: 'Edition not found',
          body: '<h1>Edition not found</h1><p>There is no edition of that year on this site.</p>',
          conference,
          canonical: `${base}${EDITION_PAGE_PREFIX}`,
        }),
      );
    return send(
      reply,
      200,
      page({
        title: `${record.year} edition`,
        body: recordBody(record),
        conference: record.facts,
        home: conference,
        canonical: `${base}${EDITION_PAGE_PREFIX}/${record.year}`,
      }),
    );
  });
  app.get<{ Params: { year: string } }>(`/awards-:year(${DATA_AWARD_YEAR})`, { schema: { hide: true } }, async (req, reply) => {
    const conference = app.conference.current();
    const record = await findAwardsRecord({ db, year: Number(req.params.year) });
    if (!record)
      return send(
        reply,
        404,
        page({
          title: 'Awards not found',
          body: '<h1>Awards not found</h1><p>No award winner of that year has been announced on this site.</p><p><a href="/awards">Awards by year</a></p>',
          conference,
          canonical: `${base}/awards`,
        }),
      );
    return send(
      reply,
      200,
      page({
        title: `Awards ${record.year}`,
        body: awardsBody(record),
        conference: record.facts,
        home: conference,
        canonical: `${base}${awardsPagePath(record.year)}`,
      }),
    );
  });
};

export default routes;
