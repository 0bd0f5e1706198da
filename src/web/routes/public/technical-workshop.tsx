import { JumpCards } from '../../components/jump-cards';
import { PageHeader } from '../../components/page-header';
import { BulletList, Section, Steps } from '../../components/section';
import type { IslandHandle } from '../../lib/islands';
import { pageMeta } from '../../lib/seo';
import { conference } from '../../content/conference';
import { courses, workshopIntro, workshopRegistration, workshopRewards } from '../../content/workshop';

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

export default function TechnicalWorkshop() {
  return (
    <>
      <PageHeader title="Technical Workshop" subtitle={`${conference.workshopDate} · ${conference.venue.resort}, ${conference.venue.country} and online`} />
      <Section title="Courses">
        <p className="mb-8 max-w-3xl text-lg leading-relaxed text-slate-800">{workshopIntro}</p>
        <JumpCards
          label="Courses"
          items={courses.map((c, i) => ({
            id: c.id, eyebrow: `Course ${i + 1}`, title: c.title, text: c.short,
            extra: (
              <span className="mt-3 text-sm text-slate-800">
                {c.seats} seats · {c.fee}
                <span data-workshop-seats={c.id} className="mt-1 block min-h-5 font-semibold text-brand-900" />
              </span>
            ),
          }))}
        />
      </Section>
      {courses.map((c, i) => (
        <Section key={c.id} id={c.id} eyebrow={`Course ${i + 1} · Syllabus`} title={c.title} tone={i % 2 === 0 ? 'tint' : 'white'}>
          <p className="max-w-3xl text-slate-700">{c.summary}</p>
          <p className="mt-3 max-w-3xl text-slate-800">
            <strong className="text-brand-900">Fee {c.fee}</strong> · {c.seats} seats ·{' '}
            <a href="/account/registrations" className="font-semibold text-brand-800 underline underline-offset-4">Register online</a>
          </p>
          <p data-workshop-status={c.id} className="mt-2 min-h-6 font-semibold text-brand-900" aria-live="polite" />
          <ol className="mt-6 grid gap-3 sm:grid-cols-2">
            {c.syllabus.map((topic, j) => (
              <li key={topic} className="flex gap-3 rounded-lg bg-white px-4 py-3 ring-1 ring-brand-100">
                <span className="shrink-0 whitespace-nowrap font-bold text-brand-700">Module {j + 1}</span>
                <span className="text-slate-800">{topic}</span>
              </li>
            ))}
          </ol>
        </Section>
      ))}
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
