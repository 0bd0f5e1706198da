import { PageHeader } from '../../components/page-header';
import { Section } from '../../components/section';
import { pageMeta } from '../../lib/seo';
import { conference } from '../../content/conference';
import { previousEventsIntro, previousEventsSeed } from '../../content/previous-events';
import { listBlock, previousEventsHtml } from '../../../core/site-lists-html';
import type { IslandHandle } from '../../lib/islands';

export const meta = () => pageMeta({
  title: 'Previous Conferences',
  description: `Previous editions of the ${conference.title}: India 2019 Dehradun, Thailand 2019 Bangkok, India 2020 Dehradun, India 2021 Online and Thailand 2022 Pattaya.`,
  path: '/previous-events',
});

/** The alert, the mark and the memory of the choice: previous-events.island.ts. */
export const handle: IslandHandle = { island: 'previous-events' };

/** A round button per event (the first edition: five); a click shows the alert 'Selected Event: {label}' and the choice is remembered. */
export default function PreviousEvents() {
  return (
    <>
      <PageHeader title="Previous Conferences" subtitle={previousEventsIntro} />
      <Section title="Our conferences">
        {/* The editor's list (decision 0062): marked by aria-pressed, which the island sets; the colours and the tick follow it. */}
        <div dangerouslySetInnerHTML={{ __html: listBlock('previousEvents', previousEventsHtml(previousEventsSeed)) }} />
        <p className="mt-10 text-center text-lg text-slate-800" aria-live="polite" data-testid="selected-event">No event selected yet.</p>
      </Section>
    </>
  );
}
