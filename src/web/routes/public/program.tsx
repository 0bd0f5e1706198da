import { factToken, zoneLabel } from '../../../core/conference-facts';
import { PageHeader } from '../../components/page-header';
import { pageMeta } from '../../lib/seo';
import { conference, currentFacts } from '../../content/conference';
import { PRERENDERING } from '../../content/prerendering';
import type { IslandHandle } from '../../lib/islands';
import { BUTTON_CLASS } from './program.island';

export const meta = () => pageMeta({
  title: 'Programme',
  description: `Sessions, times and papers of the ${conference.title}, with calendar files and the programme as a PDF.`,
  path: '/program',
});

/** The sessions, the track filter (every track the editor has, from /api/program), the time zone and the online links: program.island.ts. */
export const handle: IslandHandle = { island: 'program' };

const linkClass = 'font-semibold text-brand-800 underline underline-offset-4';

/**
 * The public programme (decisions 0017 and 0052): the page is prerendered as a shell and its island reads /api/program (the
 * published version) when it opens, so a publication shows without a rebuild. Times are in the conference's zone
 * (the current facts: the server fills in the zone's label), or in the visitor's own on request.
 */
export default function Program() {
  const zone = PRERENDERING ? factToken('zoneLabel') : zoneLabel(currentFacts);
  return (
    <>
      <PageHeader title="Programme" subtitle={
        <>Sessions of the {conference.shortName} conference in {conference.venue.city} and online. Times are shown in <span data-program-zone-name>{zone}</span>.</>
      } />
      <div className="mx-auto min-h-[60vh] max-w-7xl px-4 py-10" data-program>
        <div className="flex flex-wrap items-end gap-4">
          <div>
            <label htmlFor="track-filter" className="block text-sm font-semibold text-slate-800">Track</label>
            <select id="track-filter" defaultValue="all"
              className="mt-1 min-h-11 w-full max-w-xs rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 sm:w-80">
              <option value="all">All tracks</option>
            </select>
          </div>
          <button type="button" aria-pressed="false" data-program-zone
            className={`${BUTTON_CLASS} border border-brand-700 bg-white text-brand-800 hover:bg-brand-50`}>
            Show my time zone
          </button>
          <a href="/api/program.ics" download className={`${BUTTON_CLASS} bg-brand-700 text-white hover:bg-brand-800`}>
            Add to calendar: whole programme
          </a>
        </div>
        <p className="mt-4 flex flex-wrap gap-x-6 gap-y-2">
          <a href="/api/program.pdf" className={`${linkClass} inline-flex min-h-11 items-center`}>Programme (PDF)</a>
          <a href="/api/program/abstract-book.pdf" className={`${linkClass} inline-flex min-h-11 items-center`}>Abstract book (PDF)</a>
        </p>
        <p className="sr-only" aria-live="polite" data-program-zone-said>Times in {zone}</p>
        <div data-program-sessions>
          <p className="mt-8 text-slate-700">Loading the programme…</p>
        </div>
      </div>
    </>
  );
}
