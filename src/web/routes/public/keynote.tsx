import { Avatar } from '../../components/avatar';
import { PageHeader } from '../../components/page-header';
import { Section } from '../../components/section';
import { pageMeta } from '../../lib/seo';
import { conference } from '../../content/conference';
import { keynoteIntro, speakers, type Speaker } from '../../content/speakers';
import type { IslandHandle } from '../../lib/islands';

export const meta = () => pageMeta({
  title: 'Keynote Speakers',
  description: `Keynote speakers of the ${conference.title}.`,
  path: '/keynote',
});

/** The speaker dialog and the speakers an editor added: keynote.island.ts. */
export const handle: IslandHandle = { island: 'keynote' };

/**
 * The keynote page: cards with Read More opening a modal (photo, name, biography); cross, backdrop or Escape close
 * it. Each speaker's modal content waits in a <template> until its Read More is chosen.
 */
export default function Keynote() {
  return (
    <>
      <PageHeader title="Keynote Speakers" subtitle={keynoteIntro} />
      <Section title="Speakers">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" data-testid="speakers">
          {speakers.map((s) => <SpeakerCard key={s.id} speaker={s} />)}
        </ul>
        {speakers.map((s) => <template key={s.id} data-speaker-bio={s.id}><SpeakerBio speaker={s} /></template>)}
      </Section>

      <dialog
        className="modal m-auto w-[min(40rem,calc(100%-2rem))] rounded-2xl p-0 text-slate-900 shadow-2xl"
        aria-labelledby="speaker-dialog-name"
        data-speaker-dialog
      />
    </>
  );
}

function SpeakerCard({ speaker: s }: { speaker: Speaker }) {
  return (
    <li className="flex flex-col items-center rounded-xl border border-brand-100 bg-white p-6 text-center shadow-sm">
      <Avatar name={s.name} initials={s.initials} photo={s.photo} size={112} />
      <h3 className="mt-4 text-lg font-bold text-brand-900">{s.name}</h3>
      <p className="mt-1 font-semibold text-brand-700">{s.title}</p>
      <p className="mt-1 flex-1 text-sm text-slate-700">{s.affiliation}</p>
      <button type="button" aria-haspopup="dialog" data-speaker={s.id}
        className="mt-5 rounded-md bg-brand-700 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-800">
        Read More<span className="sr-only"> about {s.title}</span>
      </button>
    </li>
  );
}

function SpeakerBio({ speaker: s }: { speaker: Speaker }) {
  return (
    <div className="relative p-6 sm:p-8">
      <button type="button" aria-label="Close" className="absolute right-3 top-3 rounded-full p-2 text-slate-700 hover:bg-slate-100">
        <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2"><path d="M6 6l12 12M18 6L6 18" /></svg>
      </button>
      <div className="flex flex-col items-center gap-5 text-center sm:flex-row sm:items-start sm:text-left">
        <Avatar name={s.name} initials={s.initials} photo={s.photo} size={128} />
        <div>
          <h2 id="speaker-dialog-name" className="text-2xl font-bold text-brand-900">{s.name}</h2>
          <p className="mt-1 font-semibold text-brand-700">{s.title}</p>
          <p className="mt-1 text-sm text-slate-700">{s.affiliation}</p>
        </div>
      </div>
      <div className="mt-6 space-y-3 leading-relaxed text-slate-800" data-bio-text>
        {s.biography.map((p) => <p key={p.slice(0, 24)}>{p}</p>)}
      </div>
    </div>
  );
}
