import { PROGRAM_TRACKS } from '../../../core/program';
import { PageHeader } from '../../components/page-header';
import { pageMeta } from '../../lib/seo';
import { conference } from '../../content/conference';
import type { IslandHandle } from '../../lib/islands';
import { BUTTON_CLASS, programSubtitle } from './program.island';

export const meta = () => pageMeta({
  title: 'Programme',
  description: `Sessions, times and papers of the ${conference.title}, with calendar files.`,
  path: '/program',
});

/** The sessions, the track filter and the time zone: program.island.ts. */
export const handle: IslandHandle = { island: 'program' };

/**
 * The public programme (issue 15): the page is prerendered as a shell and its island reads /api/program when it
 * opens, so an editor's change shows without a rebuild. Times are in Bangkok, or in the visitor's zone on request.
 */
export default function Program() {
  return (
    <>
      <PageHeader title="Programme" subtitle={programSubtitle(null)} />
      <div className="mx-auto min-h-[60vh] max-w-7xl px-4 py-10" data-program>
        <div className="flex flex-wrap items-end gap-4">
          <div>
            <label htmlFor="track-filter" className="block text-sm font-semibold text-slate-800">Track</label>
            <select id="track-filter" defaultValue="all"
              className="mt-1 min-h-11 w-full max-w-xs rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 sm:w-80">
              <option value="all">All tracks</option>
              {PROGRAM_TRACKS.map((t) => <option key={t} value={t}>{t}</option>)}
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
        <p className="sr-only" aria-live="polite" data-program-zone-said>Times in Bangkok time</p>
        <div data-program-sessions>
          <p className="mt-8 text-slate-700">Loading the programme…</p>
        </div>
      </div>
    </>
  );
}
