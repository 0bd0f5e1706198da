/**
 * The yearly awards programme (decision 0044), shared by the server (nominations, panel, award ids)
 * and the site (the yearly pages read the names from here: written once).
 */

/** The year whose nominations the site takes online. */
export const CURRENT_AWARDS_YEAR = 2026;

/** The 28 award names offered each year (2022, 2023, 2025 and the current year). */
export const YEARLY_AWARD_NAMES = [
  'Best Researcher Award',
  'Young Scientist Award',
  'Outstanding Scientist Award',
  'Excellence in Research Award',
  'Best Teacher Award',
  'Lifetime Achievement Award',
  'Distinguished Professor Award',
  'Best Paper Award',
  'Best Innovator Award',
  'Women Researcher Award',
  'Best Faculty Award',
  'Best Principal Award',
  'Best Director Award',
  'Best Dean Award',
  'Academic Excellence Award',
  'Best Ph.D. Thesis Award',
  'Emerging Researcher Award',
  'Best Entrepreneur Award',
  'Innovative Technology Award',
  'Best Educational Institute Award',
  'Best Start-up Award',
  'Outstanding Contribution to Education Award',
  'Best Research Supervisor Award',
  'Best Reviewer Award',
  'Best Industry Professional Award',
  'Green Innovation Award',
  'Best Department Award',
  'Research Leadership Award',
] as const;

/** The award names of a year the site takes nominations for (the current one). */
export const awardNamesOf = (year: number): readonly string[] => (year === CURRENT_AWARDS_YEAR ? YEARLY_AWARD_NAMES : []);

/** The category the Young Scientist rule (docs/product.md#fees-and-fixed-figures) applies to. */
export const YOUNG_SCIENTIST_AWARD = 'Young Scientist Award';
/** docs/product.md#fees-and-fixed-figures: age at most 35, or a PhD, MPhil or Masters student. */
export const YOUNG_SCIENTIST_MAX_AGE = 35;
export const STUDENT_STATUSES = ['PhD', 'MPhil', 'Masters'] as const;
export type StudentStatus = (typeof STUDENT_STATUSES)[number];
export const YOUNG_SCIENTIST_RULE = 'The Young Scientist Award is for a nominee aged at most 35, or a PhD, MPhil or Masters student.';

/**
 * The Young Scientist rule (docs/product.md#fees-and-fixed-figures), checked: null when the nominee qualifies, else why not. `age` is the nominee's age in
 * years (null when not given), `student` their study (null or 'none' when not a student).
 */
export function youngScientistProblem(input: { age: number | null | undefined; student: string | null | undefined }): string | null {
  const isStudent = (STUDENT_STATUSES as readonly string[]).includes(input.student ?? '');
  if (isStudent) return null;
  if (input.age === null || input.age === undefined) return `${YOUNG_SCIENTIST_RULE} Give the nominee's age, or their study.`;
  if (input.age <= YOUNG_SCIENTIST_MAX_AGE) return null;
  return `${YOUNG_SCIENTIST_RULE} This nominee is ${input.age} and not a student.`;
}

/**
 * The last moment nominations are taken: 20 December of the year, 23:59 in the conference's time zone
 * (Asia/Bangkok, UTC+7 all year): open until 23:59:59, closed from 00:00 on 21 December.
 */
export function nominationDeadline(year: number): Date {
  return new Date(`${year}-12-20T23:59:59.999+07:00`);
}
/** The deadline as people read it. */
export const nominationDeadlineText = (year: number) => `20 December ${year}, 23:59 (Bangkok time)`;

export function nominationsOpen(year: number, now: Date): boolean {
  return now.getTime() <= nominationDeadline(year).getTime();
}

/** The award id format (docs/product.md#fees-and-fixed-figures), e.g. 2022/Award/ET/12: the year and the n-th award of that year. */
export const awardIdOf = (year: number, n: number) => `${year}/Award/ET/${n}`;

/** Scores the panel gives (1-10). */
export const AWARD_SCORE_MIN = 1;
export const AWARD_SCORE_MAX = 10;
/** A nomination waiting longer than this for a decision reminds the panel (once). */
export const NOMINATION_REMINDER_DAYS = 7;
