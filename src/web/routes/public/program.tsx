import { useEffect, useMemo, useState } from 'react';
import { PROGRAM_TRACKS, dayKey, formatTime } from '../../../core/program';
import type { ProgramJson, ProgramSessionJson } from '../../../core/schemas/program';
import { PageHeader } from '../../components/page-header';
import { pageMeta } from '../../lib/seo';
import { conference } from '../../content/conference';

export const meta = () => pageMeta({
  title: 'Programme',
  description: `Sessions, times and papers of the ${conference.title}, with calendar files.`,
  path: '/program',
});

const dayTitle = (key: string) => new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
  .format(new Date(`${key}T12:00:00Z`));

const button = 'inline-flex min-h-11 items-center rounded-md px-4 py-2 text-sm font-semibold';

/**
 * The public programme (issue 15): the page is prerendered as a shell and reads /api/program when it
 * opens, so an editor's change shows without a rebuild. Times are in Bangkok, or in the visitor's zone on request.
 */
export default function Program() {
  const [program, setProgram] = useState<ProgramJson | null>(null);
  const [failed, setFailed] = useState(false);
  const [track, setTrack] = useState('all');
  const [ownZone, setOwnZone] = useState<string | null>(null);
  // The conference's zone comes with the data (always Asia/Bangkok).
  const zone = ownZone ?? program?.timeZone ?? 'UTC';

  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/program', { signal: controller.signal })
      .then((res) => (res.ok ? res.json() as Promise<ProgramJson> : Promise.reject(new Error(String(res.status)))))
      .then(setProgram, () => { if (!controller.signal.aborted) setFailed(true); });
    return () => controller.abort();
  }, []);

  const days = useMemo(() => {
    const shown = (program?.sessions ?? []).filter((s) => track === 'all' || s.track === track);
    const byDay = new Map<string, ProgramSessionJson[]>();
    for (const s of shown) {
      const key = dayKey(s.start, zone);
      byDay.set(key, [...(byDay.get(key) ?? []), s]);
    }
    return [...byDay.entries()];
  }, [program, track, zone]);

  const toggleZone = () => setOwnZone(ownZone ? null : Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');

  return (
    <>
      <PageHeader title="Programme" subtitle={`Sessions of the ${conference.shortName} conference in ${conference.venue.city} and online. Times are shown in ${ownZone ? `your time zone (${ownZone})` : 'Bangkok time (Asia/Bangkok, UTC+7)'}.`} />
      <div className="mx-auto min-h-[60vh] max-w-7xl px-4 py-10">
        <div className="flex flex-wrap items-end gap-4">
          <div>
            <label htmlFor="track-filter" className="block text-sm font-semibold text-slate-800">Track</label>
            <select id="track-filter" value={track} onChange={(e) => setTrack(e.target.value)}
              className="mt-1 min-h-11 w-full max-w-xs rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 sm:w-80">
              <option value="all">All tracks</option>
              {PROGRAM_TRACKS.map((t) => <option key={t} value={t}>{t}</option>)}
            </select>
          </div>
          <button type="button" onClick={toggleZone} aria-pressed={ownZone !== null}
            className={`${button} border border-brand-700 bg-white text-brand-800 hover:bg-brand-50`}>
            {ownZone ? 'Show Bangkok time' : 'Show my time zone'}
          </button>
          <a href="/api/program.ics" download className={`${button} bg-brand-700 text-white hover:bg-brand-800`}>
            Add to calendar: whole programme
          </a>
        </div>
        <p className="sr-only" aria-live="polite">{ownZone ? `Times in ${ownZone}` : 'Times in Bangkok time'}</p>

        {!program && !failed ? <p className="mt-8 text-slate-700">Loading the programme…</p> : null}
        {failed ? <p role="alert" className="mt-8 rounded-md bg-red-50 px-4 py-3 text-red-800">The programme could not be loaded. Please try again later.</p> : null}
        {program && days.length === 0 ? <p className="mt-8 text-slate-700">{program.sessions.length ? 'No sessions in this track yet.' : 'The programme will be published here soon.'}</p> : null}

        {days.map(([key, sessions]) => (
          <section key={key} aria-labelledby={`day-${key}`} className="mt-10">
            <h2 id={`day-${key}`} className="text-2xl font-bold text-brand-900">{dayTitle(key)}</h2>
            <ol className="mt-4 space-y-4">
              {sessions.map((s) => (
                <li key={s._id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="program-session">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <h3 className="text-lg font-bold text-brand-900">
                      <span className="tabular-nums">{formatTime(s.start, zone)}–{formatTime(s.end, zone)}</span> {s.title}
                    </h3>
                    <a href={`/api/program/sessions/${s._id}.ics`} download aria-label={`Add to calendar: ${s.title}`}
                      className="min-h-11 py-2 text-sm font-semibold text-brand-800 underline underline-offset-4">Add to calendar</a>
                  </div>
                  <p className="mt-1 text-sm text-slate-700">
                    {s.track}{s.room ? ` · ${s.room}` : ''}{s.chair ? ` · Chair: ${s.chair}` : ''}
                  </p>
                  {s.papers.length ? (
                    <ol className="mt-3 list-decimal space-y-1 pl-6 text-slate-800">
                      {s.papers.map((p) => <li key={p._id}>{p.title} <span className="text-slate-700">— {p.presenter}</span></li>)}
                    </ol>
                  ) : null}
                </li>
              ))}
            </ol>
          </section>
        ))}
      </div>
    </>
  );
}
