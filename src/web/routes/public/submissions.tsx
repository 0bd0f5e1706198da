import { ImportantDates } from '../../components/important-dates';
import { PageHeader } from '../../components/page-header';
import { PublicationOptions } from '../../components/publication-options';
import { Section, Steps } from '../../components/section';
import { pageMeta } from '../../lib/seo';
import { conference, mailLink, phoneLink } from '../../content/conference';
import { onlinePresentation, submissionSteps } from '../../content/submissions';

export const meta = () => pageMeta({
  title: 'Paper Submission and Publication',
  description: `How to submit a paper to the ${conference.title}: template, publication options, online presentation and important dates.`,
  path: '/submissions',
});

export default function Submissions() {
  return (
    <>
      <PageHeader title="Paper Submission and Publication"
        subtitle={<>{conference.title} · <Dates /> · {conference.venue.city}, {conference.venue.country}</>} />
      <Section title="How to submit">
        <div className="grid gap-10 lg:grid-cols-[3fr_2fr]">
          <Steps items={submissionSteps} />
          <div className="flex flex-col gap-4 rounded-xl bg-brand-50 p-6">
            <p className="font-semibold text-brand-900">Ready to submit?</p>
            <a href="/author/new-paper" className="rounded-md bg-brand-700 px-5 py-3 text-center font-semibold text-white hover:bg-brand-800">Submit your paper</a>
            <a href={conference.links.paperTemplate} download className="rounded-md border-2 border-brand-700 px-5 py-2.5 text-center font-semibold text-brand-800 hover:bg-white">Download the paper template</a>
          </div>
        </div>
      </Section>
      <Section title="Publication options" tone="tint">
        <div className="max-w-3xl"><PublicationOptions /></div>
      </Section>
      <Section title="Online presentation">
        <div className="max-w-3xl space-y-4 text-lg leading-relaxed text-slate-800">
          {onlinePresentation.map((p) => <p key={p.slice(0, 20)}>{p}</p>)}
        </div>
      </Section>
      <Section title="Important dates" tone="tint">
        <div className="max-w-2xl"><ImportantDates /></div>
        <p className="mt-6 text-lg text-slate-800">Conference: <strong className="text-brand-900"><Dates /></strong>, {conference.venue.resort}, {conference.venue.country}.</p>
      </Section>
      <Section title="Contact">
        <p className="text-lg text-slate-800">
          For any question about submissions, email <a className="font-semibold text-brand-700 underline" href={mailLink}>{conference.contact.email}</a> or
          call <a className="font-semibold text-brand-700 underline" href={phoneLink}>{conference.contact.phone}</a>.
        </p>
      </Section>
    </>
  );
}

/** The conference's date range, never broken inside ("December 28-" / "27, 2025"). */
function Dates() {
  return <span className="whitespace-nowrap" data-testid="conference-dates">{conference.submissionsPageDates}</span>;
}
