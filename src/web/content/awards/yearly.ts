import { YEARLY_AWARD_NAMES as CORE_AWARD_NAMES } from '../../../core/awards-programme';

/** The 2022, 2023 and 2025 awards pages (one route module renders all three). */
export interface Awardee {
  name: string;
  designation: string;
  affiliation: string;
  award: string;
  awardId: string;
  initials: string;
  photo?: string;
}

export interface AwardYear {
  year: number;
  title: string;
  /** As the site always quoted them. */
  conferenceDates: string;
  awards: string[];
  awardees: Awardee[];
}

/** The 28 award names offered each year: core's, written once (src/core/awards-programme.ts). */
export const YEARLY_AWARD_NAMES: string[] = [...CORE_AWARD_NAMES];

const sampleAwardee = (n: number, award: string, code: string): Awardee => ({
  name: `Awardee ${n} (sample entry)`,
  designation: 'Designation to be published',
  affiliation: 'Affiliation to be published',
  award,
  awardId: `2022/Award/${code}/${String(n).padStart(3, '0')}`,
  initials: `A${n}`,
});

export const awardYears: Record<'2022' | '2023' | '2025', AwardYear> = {
  2022: {
    year: 2022,
    title: 'IMSE Awards 2022',
    conferenceDates: '29-30 December 2022',
    awards: YEARLY_AWARD_NAMES,
    awardees: [
      sampleAwardee(1, 'Best Researcher Award', 'ET'),
      sampleAwardee(2, 'Young Scientist Award', 'ET'),
      sampleAwardee(3, 'Excellence in Research Award', 'ET'),
      sampleAwardee(4, 'Best Teacher Award', 'ET'),
      sampleAwardee(5, 'Best Innovator Award', 'ET'),
    ],
  },
  2023: { year: 2023, title: 'IMSE Awards 2023', conferenceDates: '29-30 December 2023', awards: YEARLY_AWARD_NAMES, awardees: [] },
  2025: { year: 2025, title: 'IMSE Awards 2025', conferenceDates: '28th-27th December 2025', awards: YEARLY_AWARD_NAMES, awardees: [] },
};

export const AWARD_YEAR_PATHS = ['/awards-2019', '/awards-2022', '/awards-2023', '/awards-2025'] as const;

export function awardYearFromPath(pathname: string): AwardYear | undefined {
  const key = pathname.replace(/\D/g, '') as keyof typeof awardYears;
  return awardYears[key];
}
