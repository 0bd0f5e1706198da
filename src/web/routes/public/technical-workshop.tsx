import { PageHeader } from '../../components/page-header';
import { BulletList, Section, Steps } from '../../components/section';
import type { IslandHandle } from '../../lib/islands';
import { pageMeta } from '../../lib/seo';
import { conference } from '../../content/conference';
import { workshopIntro, workshopRegistration, workshopRewards } from '../../content/workshop';
import { WORKSHOP_COURSES } from '../../../core/workshop-courses';
import { workshopBlock, workshopCardsHtml, workshopSyllabiHtml } from '../../../core/workshop-html';

export const meta = () => pageMeta({
  title: 'Technical Workshop',
  description: `Technical workshop courses of the ${conference.title}: embedded systems, internet of things, Python plus machine learning and digital system design.`,
  path: '/technical-workshop',
});

/**
 * The seats left per course are drawn by the workshop island (workshop-seats.island.ts) from GET /api/workshops, into
 * places that keep their line's height while empty: the page does not move under the reader when the seats arrive.
 */
export const handle: IslandHandle = { island: 'workshop' };

/**
 * The courses are the organiser's (workshop_courses): the build writes the seeded four between markers, the server
 * writes the edition's in their place at serve time (decision 0065), with the same markup (core/workshop-html.ts).
 */
export default function TechnicalWorkshop() {
  return (
    <>
      <PageHeader title="Technical Workshop" subtitle={`${conference.workshopDate} · ${conference.workshopPlace} and online`} />
      <Section title="Courses">
        <p className="mb-8 max-w-3xl text-lg leading-relaxed text-slate-800">{workshopIntro}</p>
        <div dangerouslySetInnerHTML={{ __html: workshopBlock('cards', workshopCardsHtml(WORKSHOP_COURSES)) }} />
      </Section>
      <div dangerouslySetInnerHTML={{ __html: workshopBlock('syllabi', workshopSyllabiHtml(WORKSHOP_COURSES)) }} />
      <Section title="Rewards">
        <BulletList items={workshopRewards} className="max-w-3xl text-slate-800" />
      </Section>
      <Section title="Registration procedure" tone="tint">
        <div className="max-w-3xl"><Steps items={workshopRegistration} /></div>
        <p className="mt-6 text-slate-800">Workshop date: <strong className="text-brand-900">{conference.workshopDate}</strong>.</p>
      </Section>
    </>
  );
}
