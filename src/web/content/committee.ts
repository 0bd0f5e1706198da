import type { CommitteeMemberJson } from '../../core/schemas/site-lists';

/**
 * The steering committee page. No real people are named yet: every member is a clearly marked sample entry
 * that the organiser replaces with the real name and affiliation.
 */
export interface Member {
  name: string;
  affiliation: string;
}
export interface CommitteeGroup {
  id: string;
  role: string;
  members: Member[];
}

const tba = (affiliation: string): Member => ({ name: 'To be announced (sample entry)', affiliation });

export const committeeIntro =
  'The steering committee plans the programme, oversees the review of papers and runs the conference. Names are published here as members confirm.';

/** Every committee role, in order. */
export const committeeRoles: CommitteeGroup[] = [
  { id: 'general-chairs', role: 'General Chairs', members: [tba('A university in Thailand'), tba('A university in India')] },
  { id: 'conference-chairs', role: 'Conference Chairs', members: [tba('A university in Thailand'), tba('A research institute in India')] },
  { id: 'conference-co-chairs', role: 'Conference Co-chairs', members: [tba('A university in Malaysia'), tba('A university in India')] },
  {
    id: 'track-chairs',
    role: 'Track Chairs',
    members: [
      tba('Track 1: Science and Materials'),
      tba('Track 2: Computer Science and Applications'),
      tba('Track 3: Electrical and Electronics Engineering'),
      tba('Track 4: Management and Social Science'),
    ],
  },
  { id: 'organizing-secretary', role: 'Organizing Secretary', members: [tba('Conference secretariat')] },
  { id: 'publicity-chair', role: 'Publicity Chair', members: [tba('A university in India')] },
  { id: 'publication-chair', role: 'Publication Chair', members: [tba('A university in Thailand')] },
  { id: 'convenor', role: 'Convenor', members: [tba('Conference secretariat')] },
  { id: 'conference-tour-manager', role: 'Conference Tour Manager', members: [tba('Pattaya, Thailand')] },
];

const COUNTRIES_ADVISORY = ['Thailand', 'India', 'Malaysia', 'Vietnam', 'Indonesia', 'United Kingdom', 'Australia', 'United Arab Emirates'];
const COUNTRIES_TPC = [
  'Thailand',
  'India',
  'Malaysia',
  'Singapore',
  'Philippines',
  'Bangladesh',
  'Nepal',
  'Sri Lanka',
  'Japan',
  'South Korea',
  'Germany',
  'United States',
];

export const advisoryCommittee: CommitteeGroup = {
  id: 'international-advisory-committee',
  role: 'International Advisory Committee',
  members: COUNTRIES_ADVISORY.map((c) => tba(`A university in ${c}`)),
};

export const technicalProgramCommittee: CommitteeGroup = {
  id: 'technical-program-committee',
  role: 'Technical Program Committee',
  members: COUNTRIES_TPC.map((c) => tba(`A university in ${c}`)),
};

/** A seeded row's id (migration 0023 writes the same rows): a fixed prefix and its place. */
const seedId = (prefix: string, i: number) => prefix + String(i + 1).padStart(24 - prefix.length, '0');

/**
 * The first edition's committee as the editor's list (decision 0062): every member of the groups above, under its
 * group's name, in the page's order. The build draws /committee from it; migration 0023 seeds the same rows.
 */
export const committeeSeed: CommitteeMemberJson[] = [...committeeRoles, advisoryCommittee, technicalProgramCommittee]
  .flatMap((g) => g.members.map((m) => ({ section: g.role, name: m.name, role: '', affiliation: m.affiliation, country: '', photo: null })))
  .map((m, i) => ({ _id: seedId('5eedc0', i), ...m }));
