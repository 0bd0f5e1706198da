/**
 * The technical workshop's four courses as data (decision 0045): the ids and titles of the workshop page's course cards,
 * with the seats and fee the organiser sets. The fee tables give no workshop fee; USD 100 and 40 seats are this
 * product's defaults (decision 0043), changed here in one place.
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

export const WORKSHOP_COURSES: readonly WorkshopCourse[] = [
  { id: 'embedded-systems', title: 'Embedded Systems', date: '2022-12-30', seats: 40, feeUsdMinor: 10_000 },
  { id: 'internet-of-things', title: 'Internet of Things', date: '2022-12-30', seats: 40, feeUsdMinor: 10_000 },
  { id: 'python-machine-learning', title: 'Python plus Machine Learning', date: '2022-12-30', seats: 40, feeUsdMinor: 10_000 },
  { id: 'digital-system-design', title: 'Digital System Design', date: '2022-12-30', seats: 40, feeUsdMinor: 10_000 },
];

export const findWorkshopCourse = (id: string): WorkshopCourse | undefined => WORKSHOP_COURSES.find((c) => c.id === id);
