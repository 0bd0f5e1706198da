/** Fee tables and constants of SPEC §9. Amounts are US dollars unless named otherwise. */
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
