/** Fee tables and constants of docs/product.md#fees-and-fixed-figures. Amounts are US dollars unless named otherwise. */
export const USD_TO_INR = 74;

export const PAYER_CATEGORIES = ['Student or research scholar', 'Academician', 'Industrial'] as const;
export type PayerCategory = (typeof PAYER_CATEGORIES)[number];

export const PUBLICATIONS = ['SCOPUS book chapter', 'non-SCOPUS journal'] as const;
export type Publication = (typeof PUBLICATIONS)[number];

export const FEES_WITH_PUBLICATION: Record<PayerCategory, Record<Publication, number>> = {
  'Student or research scholar': { 'SCOPUS book chapter': 550, 'non-SCOPUS journal': 300 },
  Academician: { 'SCOPUS book chapter': 600, 'non-SCOPUS journal': 350 },
  Industrial: { 'SCOPUS book chapter': 650, 'non-SCOPUS journal': 450 },
};

export const FEES_WITHOUT_PUBLICATION = [
  { item: 'Attending', usd: 200 },
  { item: 'Accompanying person', usd: 200 },
  { item: 'Presentation only (soft copy proceedings)', usd: 200 },
] as const;

export const AWARD_CEREMONY_FEE_USD = 200;

/** Per page beyond 10 pages; the fee covers 8-10 pages. */
export const EXTRA_PAGE_FEES = [
  { journal: 'SCOPUS journal', inr: 1500, usd: 20 },
  { journal: 'DOI-indexed or UGC-approved journals', inr: 1000, usd: 10 },
] as const;
export const PAGES_COVERED = '8-10';
export const EXTRA_PAGES_AFTER = 10;

export const PLAGIARISM_LIMIT_PERCENT = 10;

export type Currency = 'INR' | 'USD';

export function toCurrency(usd: number, currency: Currency): number {
  return currency === 'INR' ? usd * USD_TO_INR : usd;
}

/** The fee kinds of the registration page's select (docs/product.md#public-pages). */
export const FEE_KINDS = [
  { value: 'conference', label: 'Conference Registration Fees' },
  { value: 'workshop', label: 'Technical Workshop Fees' },
  { value: 'award', label: 'Award Fees' },
] as const;
export type FeeKind = (typeof FEE_KINDS)[number]['value'];

/** The registration choices: the two publication options, then the ones without publication. */
export const REGISTRATIONS = [...PUBLICATIONS, ...FEES_WITHOUT_PUBLICATION.map((f) => f.item)] as const;
export type Registration = (typeof REGISTRATIONS)[number];

export const isPublication = (r: Registration): r is Publication => (PUBLICATIONS as readonly string[]).includes(r);

/** The fee in dollars for these choices, or null where the fee tables give no amount (the technical workshop). */
export function feeUsd(kind: FeeKind | '', category: PayerCategory, registration: Registration): number | null {
  if (kind === 'award') return AWARD_CEREMONY_FEE_USD;
  if (kind !== 'conference') return null;
  if (isPublication(registration)) return FEES_WITH_PUBLICATION[category][registration];
  return FEES_WITHOUT_PUBLICATION.find((f) => f.item === registration)?.usd ?? null;
}
