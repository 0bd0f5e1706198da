import { PageHeader } from '../../components/page-header';
import { Section } from '../../components/section';
import { pageMeta } from '../../lib/seo';
import { conference } from '../../content/conference';
import { previousEvents, previousEventsIntro } from '../../content/previous-events';
import type { IslandHandle } from '../../lib/islands';

export const meta = () => pageMeta({
  title: 'Previous Conferences',
  description: `Previous editions of the ${conference.title}: India 2019 Dehradun, Thailand 2019 Bangkok, India 2020 Dehradun, India 2021 Online and Thailand 2022 Pattaya.`,
  path: '/previous-events',
});

/** The alert, the mark and the memory of the choice: previous-events.island.ts. */
export const handle: IslandHandle = { island: 'previous-events' };

/** Five round buttons; a click shows the alert 'Selected Event: {label}' and the choice is remembered. */
export default function PreviousEvents() {
  return (
    <>
      <PageHeader title="Previous Conferences" subtitle={previousEventsIntro} />
      <Section title="Our conferences">
        <ul className="flex flex-wrap justify-center gap-6 sm:gap-8">
          {previousEvents.map((e) => {
            const [country, year, ...place] = e.label.split(' ');
            return (
              <li key={e.id}>
                {/* Marked by aria-pressed, which the island sets: the colours and the tick follow it. */}
                <button type="button" aria-pressed="false" data-event={e.id} data-label={e.label}
                  className="group flex h-36 w-36 flex-col items-center justify-center rounded-full border-4 border-brand-100 bg-white text-center text-brand-900 shadow-md transition hover:-translate-y-0.5 hover:border-accent-400 sm:h-40 sm:w-40 aria-pressed:border-accent-400 aria-pressed:bg-brand-800 aria-pressed:text-white aria-pressed:ring-4 aria-pressed:ring-accent-400/40">
                  <span className="text-sm font-semibold uppercase tracking-widest">{country}</span>
                  <span className="text-3xl font-extrabold">{year}</span>
                  <span className="text-sm font-semibold">{place.join(' ')}</span>
                  <span className="mt-1 hidden text-xs font-bold text-accent-400 group-aria-pressed:block">✓ Selected</span>
                </button>
              </li>
            );
          })}
        </ul>
        <p className="mt-10 text-center text-lg text-slate-800" aria-live="polite" data-testid="selected-event">No event selected yet.</p>
      </Section>
    </>
  );
}
