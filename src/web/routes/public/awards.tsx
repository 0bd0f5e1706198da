import { PageHeader } from '../../components/page-header';
import { Section } from '../../components/section';
import { pageMeta } from '../../lib/seo';
import { awards2019 } from '../../content/awards/2019';
import { awardYears } from '../../content/awards/yearly';
import { awards2026 } from '../../content/awards/2026';
import { conference } from '../../content/conference';

export const meta = () => pageMeta({
  title: 'Awards',
  description: `The yearly awards of the ${conference.title}: 2019, 2022, 2023, 2025 and ${awards2026.year}.`,
  path: '/awards',
});

const YEARS = [
  { to: '/awards-2019', year: 2019, dates: awards2019.conferenceDates, count: awards2019.categories.length },
  ...(['2022', '2023', '2025'] as const).map((y) => ({ to: `/awards-${y}`, year: Number(y), dates: awardYears[y].conferenceDates, count: awardYears[y].awards.length })),
].map((y) => ({ ...y, line: `conference ${y.dates}` }));

/** After the four past years: the current year, whose nominations are taken online (decision 0044). */
const CURRENT = { to: `/awards-${awards2026.year}`, year: awards2026.year, line: `nominate online until ${awards2026.deadline}`, count: awards2026.awards.length };

export default function Awards() {
  return (
    <>
      <PageHeader title="Awards" subtitle="Every year the conference recognises researchers, teachers, innovators and institutions for outstanding work." />
      <Section title="Awards by year">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {[...YEARS, CURRENT].map((y) => (
            <li key={y.to}>
              <a href={y.to} className="group flex h-full flex-col rounded-xl bg-brand-800 p-6 text-white shadow-md transition hover:-translate-y-0.5 hover:bg-brand-900">
                <span className="text-sm font-semibold uppercase tracking-widest text-accent-400">IMSE Awards</span>
                <span className="mt-2 text-4xl font-extrabold">{y.year}</span>
                <span className="mt-3 flex-1 text-sm text-brand-100">{y.count} award categories · {y.line}</span>
                <span className="mt-5 font-semibold text-accent-400 group-hover:underline">Awards {y.year} <span aria-hidden="true">→</span></span>
              </a>
            </li>
          ))}
        </ul>
        {/* Later editions' awards pages are drawn by the server from their winners (decision 0066); each edition's record links its page. */}
        <p className="mt-6 text-slate-800">
          Award winners of later editions are on{' '}
          <a href="/editions" className="font-semibold text-brand-700 underline">
            each edition’s page
          </a>
          , with a link to that year’s awards.
        </p>
      </Section>
    </>
  );
}
