import type { PhaseJson } from '../../core/api/phase';
import { phaseSentence, type PhaseRole } from '../../core/conference-phase';
import { formatDate, formatDeadline } from '../lib/format';
import { cardClass } from './ui/card';

/**
 * The conference's phase (decision 0035), as the server's clock read it: for the editor and chairs the phase, what
 * can be done and until when, and the phases' timeline; for authors and reviewers their one sentence.
 */

/** One sentence for an author's or a reviewer's dashboard: what they can do now and until when. */
export function PhaseSentence({ phase, role }: { phase: PhaseJson | null; role: PhaseRole }) {
  if (!phase) return null;
  return (
    <section aria-label="Conference phase" className={cardClass()}>
      <p className="text-slate-800">
        <span className="font-semibold text-brand-900">{phase.label}: </span>
        {phaseSentence(phase, role, formatDeadline)}
      </p>
    </section>
  );
}

/** When a step of the timeline runs, in short dates: "until 12 Dec 2026", "from 1 Jan 2027". */
function stepDates(step: PhaseJson['timeline'][number]): string {
  if (step.endsAt)
    return step.startsAt && step.phase === 'response'
      ? `${formatDate(step.startsAt)} – ${formatDate(step.endsAt)}`
      : `until ${formatDate(step.endsAt)}`;
  return step.startsAt ? `from ${formatDate(step.startsAt)}` : 'no date set';
}

/** The editor's dashboard: the phase prominently, the sentence, and the timeline as an ordered list. */
export function PhaseTimeline({ phase, role }: { phase: PhaseJson | null; role: 'Editor' | 'Chair' }) {
  if (!phase) return null;
  return (
    <section aria-labelledby="phase-heading" className={cardClass()}>
      <p className="text-sm font-semibold uppercase tracking-wide text-slate-600">Conference phase</p>
      <h2 id="phase-heading" className="text-2xl font-bold text-brand-900">
        {phase.label}
      </h2>
      <p className="mt-1 text-slate-800">{phaseSentence(phase, role, formatDeadline)}</p>
      <ol aria-label="Phases of the conference" className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-4 lg:flex lg:flex-wrap">
        {phase.timeline.map((step) => {
          const current = step.phase === phase.phase;
          return (
            <li
              key={step.phase}
              aria-current={current ? 'step' : undefined}
              className={`rounded-md border px-3 py-2 text-sm lg:min-w-0 lg:flex-1 ${current ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-200 bg-slate-50 text-slate-800'}`}
            >
              <span className="block font-semibold">{step.label}</span>
              <span className={`block ${current ? 'text-white' : 'text-slate-600'}`}>{stepDates(step)}</span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
