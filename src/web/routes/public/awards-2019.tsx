import { AwardDescriptions, AwardNameList } from '../../components/awards-parts';
import { PageHeader } from '../../components/page-header';
import { BulletList, Section, Steps } from '../../components/section';
import { pageMeta } from '../../lib/seo';
import { awards2019 } from '../../content/awards/2019';
import { conference, mailLink } from '../../content/conference';

export const meta = () => pageMeta({
  title: 'Awards 2019',
  description: `${awards2019.title}: ${awards2019.categories.length} award categories, rewards, nomination procedure and awardees of the ${conference.title}.`,
  path: '/awards-2019',
});

export default function Awards2019() {
  const a = awards2019;
  return (
    <>
      <PageHeader title={a.title} subtitle={`Conference on ${a.conferenceDates} · nominations open until ${a.nominationOpenUntil}`} />
      <Section title="Award categories">
        <AwardNameList names={a.categories} />
      </Section>
      <Section title="Award descriptions" tone="tint">
        <AwardDescriptions names={a.categories} />
      </Section>
      <Section title="Rewards">
        <BulletList items={a.rewards} className="max-w-3xl text-slate-800" />
      </Section>
      <Section title="Nomination procedure" tone="tint">
        <div className="max-w-3xl"><Steps items={a.nomination} /></div>
        <p className="mt-6 text-slate-800">Nominations are open until <strong>{a.nominationOpenUntil}</strong>. Send them to <a className="font-semibold text-brand-700 underline" href={mailLink}>{conference.contact.email}</a>.</p>
      </Section>
      <Section title="Awardees">
        {/* Focusable so keyboard users can scroll it sideways on a phone. */}
        <div className="overflow-x-auto rounded-xl border border-brand-100 shadow-sm" role="region" aria-label="Awardees 2019" tabIndex={0}>
          <table className="w-full min-w-[32rem] text-left">
            <thead className="bg-brand-800 text-white">
              <tr><th scope="col" className="px-4 py-3">Name</th><th scope="col" className="px-4 py-3">Affiliation</th><th scope="col" className="px-4 py-3">Award</th></tr>
            </thead>
            <tbody className="divide-y divide-brand-100">
              {a.awardees.map((w, i) => (
                <tr key={i}><td className="px-4 py-3 font-semibold">{w.name}</td><td className="px-4 py-3">{w.affiliation}</td><td className="px-4 py-3">{w.award}</td></tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>
    </>
  );
}
