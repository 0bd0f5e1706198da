import { Avatar } from '../../components/avatar';
import { PageHeader } from '../../components/page-header';
import { Section } from '../../components/section';
import { pageMeta } from '../../lib/seo';
import { advisoryCommittee, committeeIntro, committeeRoles, technicalProgramCommittee, type CommitteeGroup } from '../../content/committee';
import { conference } from '../../content/conference';

export const meta = () => pageMeta({
  title: 'Steering Committee',
  description: `The steering committee, international advisory committee and technical program committee of the ${conference.title}.`,
  path: '/committee',
});

function Member({ member }: { member: CommitteeGroup['members'][number] }) {
  return (
    <>
      <Avatar name={member.name} initials="TBA" size={44} />
      <span>
        <span className="block font-semibold text-slate-900">{member.name}</span>
        <span className="block text-sm text-slate-700">{member.affiliation}</span>
      </span>
    </>
  );
}

function MemberList({ group }: { group: CommitteeGroup }) {
  return (
    <ul className="mt-3 space-y-3">
      {group.members.map((m, i) => (
        <li key={i} className="flex items-center gap-3"><Member member={m} /></li>
      ))}
    </ul>
  );
}

export default function Committee() {
  return (
    <>
      <PageHeader title="Steering Committee" subtitle={committeeIntro} />
      <Section title="Conference committee">
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {committeeRoles.map((g) => (
            <li key={g.id} id={g.id} className="rounded-xl border border-brand-100 bg-white p-5 shadow-sm">
              <h3 className="text-lg font-bold text-brand-800">{g.role}</h3>
              <MemberList group={g} />
            </li>
          ))}
        </ul>
      </Section>
      {[advisoryCommittee, technicalProgramCommittee].map((g, i) => (
        <Section key={g.id} id={g.id} title={g.role} tone={i === 0 ? 'tint' : 'white'}>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {g.members.map((m, j) => (
              <li key={j} className="flex items-center gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-brand-100">
                <Member member={m} />
              </li>
            ))}
          </ul>
        </Section>
      ))}
    </>
  );
}
