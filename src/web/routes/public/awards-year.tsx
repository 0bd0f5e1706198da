import { useLocation } from 'react-router';
import { AwardDescriptions, AwardNameList } from '../../components/awards-parts';
import { Avatar } from '../../components/avatar';
import { PageHeader } from '../../components/page-header';
import { BulletList, Section, Steps } from '../../components/section';
import { pageMeta } from '../../lib/seo';
import { AWARD_REWARDS, AWARDS_AFFILIATION, invitation, nominationProcedure } from '../../content/awards/common';
import { awardYearFromPath, awardYears } from '../../content/awards/yearly';
import { conference } from '../../content/conference';

/** One module for /awards-2022, /awards-2023 and /awards-2025, keyed by the pathname. */
export const meta = ({ location }: { location: { pathname: string } }) => {
  const y = awardYearFromPath(location.pathname) ?? awardYears[2022];
  return pageMeta({
    title: `Awards ${y.year}`,
    description: `${y.title}: ${y.awards.length} awards presented at the ${conference.title}, ${y.conferenceDates}. Nominations, rewards and procedure.`,
    path: `/awards-${y.year}`,
  });
};

export default function AwardsYear() {
  const y = awardYearFromPath(useLocation().pathname) ?? awardYears[2022];
  return (
    <>
      <PageHeader title={y.title} subtitle={AWARDS_AFFILIATION} />
      <Section title={`Call for nominations ${y.year}`}>
        <p className="text-lg font-semibold text-brand-800">Conference dates: {y.conferenceDates}</p>
        <p className="mt-4 max-w-3xl text-lg leading-relaxed text-slate-800">{invitation(y.year)}</p>
      </Section>
      <Section title={`Awards ${y.year}`} tone="tint">
        <AwardNameList names={y.awards} />
      </Section>
      <Section title="Award descriptions">
        <AwardDescriptions names={y.awards} />
      </Section>
      <Section title="Rewards" tone="tint">
        <BulletList items={AWARD_REWARDS} className="max-w-3xl text-slate-800" />
      </Section>
      <Section title="Nomination procedure">
        <div className="max-w-3xl">
          <Steps items={nominationProcedure(y.year).map((s) => s.link
            ? <>{s.text} <a className="font-semibold text-brand-700 underline" href={s.link.href} target="_blank" rel="noopener noreferrer">{s.link.label}<span className="sr-only"> (opens in a new tab)</span></a></>
            : s.text)} />
        </div>
      </Section>
      {y.awardees.length ? (
        <Section title={`Awardees ${y.year}`} tone="tint">
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
            {y.awardees.map((w) => (
              <li key={w.awardId} className="flex flex-col items-center rounded-xl bg-white p-5 text-center shadow-sm ring-1 ring-brand-100">
                <Avatar name={w.name} initials={w.initials} photo={w.photo} size={88} />
                <p className="mt-3 font-bold text-brand-900">{w.name}</p>
                <p className="text-sm text-slate-700">{w.designation}</p>
                <p className="text-sm text-slate-700">{w.affiliation}</p>
                {/* Pushed to the card's foot: the award-id chips line up across the row whatever the text above. */}
                <div className="mt-auto flex flex-col items-center pt-2">
                  <p className="font-semibold text-brand-700">{w.award}</p>
                  <p className="mt-1 rounded bg-brand-50 px-2 py-0.5 font-mono text-xs text-brand-900">{w.awardId}</p>
                </div>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
    </>
  );
}
