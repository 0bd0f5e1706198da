import { AwardDescriptions, AwardNameList } from '../../components/awards-parts';
import { PageHeader } from '../../components/page-header';
import { BulletList, Section, Steps } from '../../components/section';
import type { IslandHandle } from '../../lib/islands';
import { pageMeta } from '../../lib/seo';
import { awards2026, onlineNominationProcedure } from '../../content/awards/2026';
import { AWARD_REWARDS, AWARDS_AFFILIATION, invitation } from '../../content/awards/common';
import { conference } from '../../content/conference';
import { AVATAR_INITIALS_CLASS } from '../../components/avatar-element';

export const meta = () => pageMeta({
  title: `Awards ${awards2026.year}`,
  description: `${awards2026.title}: ${awards2026.awards.length} awards presented at the ${conference.title}. Nominate online until ${awards2026.deadline}.`,
  path: `/awards-${awards2026.year}`,
});

/** The awardees, read from the API as the panel decides: awards-2026.island.ts. */
export const handle: IslandHandle = { island: 'awards' };

const linkClass = 'font-semibold text-brand-700 underline';

/**
 * The current year's awards page (decision 0044): the 2025 page's content for 2026, "Nominate online" to the
 * nomination form, and the awardees (photo, name, designation, affiliation, award, award id) drawn by the island
 * from GET /api/awards/2026/awardees into the card below (a template, so the page's look stays in its markup).
 */
export default function Awards2026() {
  const y = awards2026;
  return (
    <>
      <PageHeader title={y.title} subtitle={AWARDS_AFFILIATION} />
      <Section title={`Call for nominations ${y.year}`}>
        <p className="max-w-3xl text-lg leading-relaxed text-slate-800">{invitation(y.year)}</p>
        <p className="mt-4 text-lg font-semibold text-brand-800">Nominations close {y.deadline}.</p>
        <a href={y.nominateHref} className="mt-6 inline-flex min-h-11 items-center rounded-md bg-brand-800 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700">
          Nominate online
        </a>
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
          <Steps items={onlineNominationProcedure(y.year).map((s) => s.link
            ? <>{s.text} <a className={linkClass} href={s.link.href} {...(s.link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>{s.link.label}{s.link.external ? <span className="sr-only"> (opens in a new tab)</span> : null}</a></>
            : s.text)} />
        </div>
      </Section>
      <Section title={`Awardees ${y.year}`} tone="tint">
        <div data-awardees={y.year}>
          <p data-awardees-status className="text-slate-700" aria-live="polite">
            The awardees are listed here as the panel decides, each with their award id.
          </p>
          <ul data-awardees-list className="grid gap-6 sm:grid-cols-2 lg:grid-cols-5" hidden />
          <template data-awardee-card>
            <li className="flex flex-col items-center rounded-xl bg-white p-5 text-center shadow-sm ring-1 ring-brand-100">
              <span role="img" aria-label="" className={AVATAR_INITIALS_CLASS} style={{ width: 88, height: 88, fontSize: 88 / 3 }} />
              <p data-field="name" className="mt-3 font-bold text-brand-900" />
              <p data-field="designation" className="text-sm text-slate-700" />
              <p data-field="affiliation" className="text-sm text-slate-700" />
              <div className="mt-auto flex flex-col items-center pt-2">
                <p data-field="award" className="font-semibold text-brand-700" />
                <p data-field="awardId" className="mt-1 rounded bg-brand-50 px-2 py-0.5 font-mono text-xs text-brand-900" />
              </div>
            </li>
          </template>
        </div>
      </Section>
    </>
  );
}
