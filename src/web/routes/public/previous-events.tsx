import { useEffect, useState } from 'react';
import { selectedEvent } from '../../../core/messages';
import { PageHeader } from '../../components/page-header';
import { Section } from '../../components/section';
import { pageMeta } from '../../lib/seo';
import { conference } from '../../content/conference';
import { previousEvents, previousEventsIntro, SELECTED_EVENT_KEY } from '../../content/previous-events';

export const meta = () => pageMeta({
  title: 'Previous Conferences',
  description: `Previous editions of the ${conference.title}: India 2019 Dehradun, Thailand 2019 Bangkok, India 2020 Dehradun, India 2021 Online and Thailand 2022 Pattaya.`,
  path: '/previous-events',
});

function readSelected(): string | null {
  try { return localStorage.getItem(SELECTED_EVENT_KEY); } catch { return null; }
}

/** SPEC §2: five round buttons; a click shows the alert 'Selected Event: {label}' and the choice is remembered. */
export default function PreviousEvents() {
  const [selected, setSelected] = useState<string | null>(null);
  useEffect(() => { setSelected(readSelected()); }, []);

  function choose(id: string, label: string) {
    setSelected(id);
    try { localStorage.setItem(SELECTED_EVENT_KEY, id); } catch { /* storage off: the mark lasts for this visit */ }
    window.alert(selectedEvent(label));
  }

  const current = previousEvents.find((e) => e.id === selected);
  return (
    <>
      <PageHeader title="Previous Conferences" subtitle={previousEventsIntro} />
      <Section title="Our conferences">
        <ul className="flex flex-wrap justify-center gap-6 sm:gap-8">
          {previousEvents.map((e) => {
            const isSelected = e.id === selected;
            const [country, year, ...place] = e.label.split(' ');
            return (
              <li key={e.id}>
                <button type="button" aria-pressed={isSelected} onClick={() => choose(e.id, e.label)}
                  className={`flex h-36 w-36 flex-col items-center justify-center rounded-full border-4 text-center shadow-md transition hover:-translate-y-0.5 sm:h-40 sm:w-40 ${isSelected
                    ? 'border-accent-400 bg-brand-800 text-white ring-4 ring-accent-400/40'
                    : 'border-brand-100 bg-white text-brand-900 hover:border-accent-400'}`}>
                  <span className="text-sm font-semibold uppercase tracking-widest">{country}</span>
                  <span className="text-3xl font-extrabold">{year}</span>
                  <span className="text-sm font-semibold">{place.join(' ')}</span>
                  {isSelected ? <span className="mt-1 text-xs font-bold text-accent-400">✓ Selected</span> : null}
                </button>
              </li>
            );
          })}
        </ul>
        <p className="mt-10 text-center text-lg text-slate-800" aria-live="polite" data-testid="selected-event">
          {current ? <>Your selected event: <strong className="text-brand-900">{current.label}</strong></> : 'No event selected yet.'}
        </p>
      </Section>
    </>
  );
}
