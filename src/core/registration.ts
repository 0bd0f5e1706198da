/**
 * Registration categories (decision 0043): one per fee row of docs/product.md#fees-and-fixed-figures and per workshop course, each with a
 * stable key (stored on the registration), a label and its list price in US cents. Money here is integers
 * in the smallest unit; rupees are dollars × USD_TO_INR exactly (the stated rate of docs/product.md#fees-and-fixed-figures).
 */
import {
  AWARD_CEREMONY_FEE_USD,
  EXTRA_PAGE_FEES,
  EXTRA_PAGES_AFTER,
  FEES_WITH_PUBLICATION,
  FEES_WITHOUT_PUBLICATION,
  PAYER_CATEGORIES,
  PUBLICATIONS,
  USD_TO_INR,
  type Currency,
  type PayerCategory,
  type Publication,
} from './fees';
import { COURSE_ID_MAX, COURSE_ID_PATTERN, WORKSHOP_COURSES, type WorkshopCourse } from './workshop-courses';

export type CategoryGroup = 'with-publication' | 'without-publication' | 'award' | 'workshop';

export interface RegistrationCategory {
  key: string;
  label: string;
  group: CategoryGroup;
  /** List price in US cents (before early-bird, coupon and extra pages). */
  usdMinor: number;
  payer?: PayerCategory;
  publication?: Publication;
  /** The workshop course, for group 'workshop'. */
  courseId?: string;
}

const PAYER_KEYS: Record<PayerCategory, string> = {
  'Student or research scholar': 'student',
  Academician: 'academician',
  Industrial: 'industrial',
};
const PUBLICATION_KEYS: Record<Publication, string> = { 'SCOPUS book chapter': 'scopus', 'non-SCOPUS journal': 'journal' };
const WITHOUT_KEYS = ['attending', 'accompanying', 'presentation-only'] as const;

/** The fee rows of docs/product.md#fees-and-fixed-figures (every category but the workshop courses). */
export const FEE_CATEGORIES: readonly RegistrationCategory[] = [
  ...PAYER_CATEGORIES.flatMap((payer) =>
    PUBLICATIONS.map((publication): RegistrationCategory => ({
      key: `${PAYER_KEYS[payer]}-${PUBLICATION_KEYS[publication]}`,
      label: `With publication: ${payer}, ${publication}`,
      group: 'with-publication',
      usdMinor: FEES_WITH_PUBLICATION[payer][publication] * 100,
      payer,
      publication,
    })),
  ),
  ...FEES_WITHOUT_PUBLICATION.map((f, i): RegistrationCategory => ({
    key: WITHOUT_KEYS[i]!,
    label: `Without publication: ${f.item}`,
    group: 'without-publication',
    usdMinor: f.usd * 100,
  })),
  { key: 'award-ceremony', label: 'Award ceremony', group: 'award', usdMinor: AWARD_CEREMONY_FEE_USD * 100 },
];

const WORKSHOP_PREFIX = 'workshop-';

/** A workshop course's category: `workshop-<course id>`, priced at the course's fee. */
export const workshopCategory = (c: Pick<WorkshopCourse, 'id' | 'title' | 'feeUsdMinor'>): RegistrationCategory => ({
  key: `${WORKSHOP_PREFIX}${c.id}`,
  label: `Technical workshop: ${c.title}`,
  group: 'workshop',
  usdMinor: c.feeUsdMinor,
  courseId: c.id,
});

/** The course id of a workshop category key, else null. */
export const courseIdOfCategory = (key: string): string | null =>
  key.startsWith(WORKSHOP_PREFIX) ? key.slice(WORKSHOP_PREFIX.length) : null;

/** The fee rows and the given workshop courses (the edition's, from the server; the defaults in the browser). */
export const registrationCategories = (
  courses: readonly Pick<WorkshopCourse, 'id' | 'title' | 'feeUsdMinor'>[],
): RegistrationCategory[] => [...FEE_CATEGORIES, ...courses.map(workshopCategory)];

/** The categories with the default workshop courses; the server prices from the edition's courses instead. */
export const REGISTRATION_CATEGORIES: readonly RegistrationCategory[] = registrationCategories(WORKSHOP_COURSES);

/** Whether a key can name a category: a fee row, or a workshop course's id (whether that course exists is the server's question). */
export const isCategoryKey = (key: string): boolean => {
  const courseId = courseIdOfCategory(key);
  if (courseId === null) return FEE_CATEGORIES.some((c) => c.key === key);
  return courseId.length <= COURSE_ID_MAX && COURSE_ID_PATTERN.test(courseId);
};

/** The category of a payment from the payment modal that named no fee item. */
export const UNSPECIFIED_CATEGORY = 'unspecified';

export const CATEGORY_KEYS = REGISTRATION_CATEGORIES.map((c) => c.key) as [string, ...string[]];

export const findCategory = (key: string): RegistrationCategory | undefined => REGISTRATION_CATEGORIES.find((c) => c.key === key);

/**
 * A category's label. A workshop course's is its title (decision 0065): from `courses` (the edition's, which the
 * server reads) when given, else the default courses, else the course's id under "Technical workshop".
 */
export const categoryLabel = (key: string, courses?: readonly Pick<WorkshopCourse, 'id' | 'title'>[]): string => {
  const courseId = courseIdOfCategory(key);
  if (courseId !== null) {
    const course = courses?.find((c) => c.id === courseId) ?? WORKSHOP_COURSES.find((c) => c.id === courseId);
    return `Technical workshop: ${course?.title ?? courseId}`;
  }
  return findCategory(key)?.label ?? (key === UNSPECIFIED_CATEGORY ? 'Payment without a category' : key);
};

/** US cents in the payer's currency: rupee paise are cents × 74 (1 dollar = 74 rupees), exact in integers. */
export function inCurrency(usdMinor: number, currency: Currency): number {
  return currency === 'INR' ? usdMinor * USD_TO_INR : usdMinor;
}

/**
 * The extra-page fee of docs/product.md#fees-and-fixed-figures in minor units: pages beyond 10, at the journal's own rupee or dollar rate
 * (not the exchange rate). A SCOPUS registration pays the SCOPUS row, a journal registration the DOI/UGC row.
 */
export function extraPageFeeMinor(input: { pages: number; publication: Publication; currency: Currency }): {
  extraPages: number;
  minor: number;
} {
  const extraPages = Math.max(0, input.pages - EXTRA_PAGES_AFTER);
  const row = EXTRA_PAGE_FEES[input.publication === 'SCOPUS book chapter' ? 0 : 1];
  return { extraPages, minor: extraPages * (input.currency === 'INR' ? row.inr : row.usd) * 100 };
}
