/**
 * The technical workshop's courses (decision 0045). The organiser edits them per edition at /editor/workshops
 * (table workshop_courses); the four below are the defaults migration 0024 seeded and the prerendered pages start
 * from. The fee tables give no workshop fee; USD 100 and 40 seats are this product's defaults (decision 0043).
 */
export interface WorkshopCourse {
  id: string;
  title: string;
  /** Calendar date in the conference's time zone. */
  date: string;
  seats: number;
  /** US cents; rupees at the stated rate (core/fees.ts USD_TO_INR). */
  feeUsdMinor: number;
}

/** A course's id: lower-case words joined by '-', as in its registration category `workshop-<id>`. */
export const COURSE_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const COURSE_ID_MAX = 60;

/** The workshop's days and venue; the venue null: the conference's own venue. */
export interface WorkshopDetails {
  firstDay: string;
  lastDay: string;
  venue: string | null;
}

export const WORKSHOP_DETAILS_DEFAULTS: WorkshopDetails = { firstDay: '2022-12-30', lastDay: '2022-12-30', venue: null };

export const WORKSHOP_COURSES: readonly WorkshopCourse[] = [
  { id: 'embedded-systems', title: 'Embedded Systems', date: '2022-12-30', seats: 40, feeUsdMinor: 10_000 },
  { id: 'internet-of-things', title: 'Internet of Things', date: '2022-12-30', seats: 40, feeUsdMinor: 10_000 },
  { id: 'python-machine-learning', title: 'Python plus Machine Learning', date: '2022-12-30', seats: 40, feeUsdMinor: 10_000 },
  { id: 'digital-system-design', title: 'Digital System Design', date: '2022-12-30', seats: 40, feeUsdMinor: 10_000 },
];

export const findWorkshopCourse = (id: string): WorkshopCourse | undefined => WORKSHOP_COURSES.find((c) => c.id === id);
