import { ImportantDates } from '../../components/important-dates';
import { JumpCards } from '../../components/jump-cards';
import { PageHeader } from '../../components/page-header';
import { Section } from '../../components/section';
import { pageMeta } from '../../lib/seo';
import { conference } from '../../content/conference';
import { callForPapersIntro, tracks } from '../../content/tracks';

export const meta = () => pageMeta({
  title: 'Call for Papers',
  description: `Call for papers of the ${conference.title}: four tracks in science and materials, computer science, electrical and electronics engineering, and management and social science.`,
  path: '/call-for-papers',
});

export default function CallForPapers() {
  return (
    <>
      <PageHeader title="Call for Papers" subtitle={`${conference.title} · ${conference.venue.city}, ${conference.venue.country} and online`} />
      <Section title="Submit your research">
        <div className="grid gap-10 lg:grid-cols-[3fr_2fr]">
          <div className="max-w-4xl space-y-4 text-lg leading-relaxed text-slate-800">
            {callForPapersIntro.map((p) => <p key={p.slice(0, 20)}>{p}</p>)}
          </div>
          <div className="flex flex-col gap-4 rounded-xl bg-brand-50 p-6">
            <h3 className="text-xl font-bold text-brand-900">Important dates</h3>
            <ImportantDates />
            {/* The login area sends a visitor who is not logged in to /login, and back to the form after it. */}
            <a href="/author/new-paper" className="rounded-md bg-brand-700 px-5 py-3 text-center font-semibold text-white hover:bg-brand-800">Submit a paper</a>
            <a href={conference.links.paperTemplate} download className="rounded-md border-2 border-brand-700 px-5 py-2.5 text-center font-semibold text-brand-800 hover:bg-white">Download the paper template</a>
          </div>
        </div>
        <div className="mt-10">
          <JumpCards label="Tracks" items={tracks.map((t) => ({ id: t.id, eyebrow: `Track ${t.number}`, title: t.title, text: t.summary }))} />
        </div>
      </Section>
      {tracks.map((t, i) => (
        <Section key={t.id} id={t.id} eyebrow={`Track ${t.number}`} title={t.title} tone={i % 2 === 0 ? 'tint' : 'white'}>
          <p className="max-w-3xl text-slate-700">{t.summary} Topics include, but are not limited to:</p>
          <ul className="mt-6 grid gap-x-8 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
            {t.topics.map((topic) => (
              <li key={topic} className="flex gap-3 rounded-lg bg-white/60 px-3 py-2 ring-1 ring-brand-100">
                <span aria-hidden="true" className="mt-2 h-2 w-2 shrink-0 rounded-full bg-accent-500" />
                <span className="text-slate-800">{topic}</span>
              </li>
            ))}
          </ul>
        </Section>
      ))}
    </>
  );
}
