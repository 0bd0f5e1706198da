import { z } from '../zod';
import {
  AWARD_CEREMONY_FEE_USD,
  EXTRA_PAGE_FEES,
  FEES_WITH_PUBLICATION,
  FEES_WITHOUT_PUBLICATION,
  isPublication,
  PAYER_CATEGORIES,
  PUBLICATIONS,
  toCurrency,
  type Currency,
  type FeeKind,
  type PayerCategory,
  type Registration,
} from '../fees';

const WITHOUT = FEES_WITHOUT_PUBLICATION.map((f) => f.item) as [string, ...string[]];
const JOURNALS = EXTRA_PAGE_FEES.map((f) => f.journal) as [string, ...string[]];

/** What a payment pays for: one row of the fee tables (docs/product.md#fees-and-fixed-figures, decision 0016). */
export const FeeItem = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('registration'), category: z.enum(PAYER_CATEGORIES), publication: z.enum(PUBLICATIONS) }),
    z.object({ kind: z.literal('without-publication'), item: z.enum(WITHOUT) }),
    z.object({ kind: z.literal('award') }),
    z.object({
      kind: z.literal('extra-pages'),
      journal: z.enum(JOURNALS),
      pages: z.number().int().min(1, 'Extra pages must be 1 to 100').max(100, 'Extra pages must be 1 to 100'),
    }),
    z.object({ kind: z.literal('workshop') }),
  ],
  { message: 'Unknown fee item' },
);
export type FeeItem = z.infer<typeof FeeItem>;

/** The amount the fee tables ask for this item in this currency, or null where they give none (the workshop). */
export function expectedFee(item: FeeItem, currency: Currency): number | null {
  switch (item.kind) {
    case 'registration':
      return toCurrency(FEES_WITH_PUBLICATION[item.category][item.publication], currency);
    case 'without-publication': {
      const usd = FEES_WITHOUT_PUBLICATION.find((f) => f.item === item.item)?.usd;
      return usd === undefined ? null : toCurrency(usd, currency);
    }
    case 'award':
      return toCurrency(AWARD_CEREMONY_FEE_USD, currency);
    case 'extra-pages': {
      // Extra pages have their own rupee prices, not the exchange rate.
      const row = EXTRA_PAGE_FEES.find((f) => f.journal === item.journal);
      return row ? (currency === 'INR' ? row.inr : row.usd) * item.pages : null;
    }
    case 'workshop':
      return null;
  }
}

/** One line for the editor's list: "Academician, SCOPUS book chapter". */
export function describeFeeItem(item: FeeItem): string {
  switch (item.kind) {
    case 'registration':
      return `Registration with publication: ${item.category}, ${item.publication}`;
    case 'without-publication':
      return `Registration without publication: ${item.item}`;
    case 'award':
      return 'Award ceremony';
    case 'extra-pages':
      return `Extra pages: ${item.pages} × ${item.journal}`;
    case 'workshop':
      return 'Technical workshop';
  }
}

/** The fee item of the registration page's choices, or null when nothing is chosen. */
export function feeItemOf(kind: FeeKind | '', category: PayerCategory, registration: Registration): FeeItem | null {
  if (kind === 'award') return { kind: 'award' };
  if (kind === 'workshop') return { kind: 'workshop' };
  if (kind !== 'conference') return null;
  return isPublication(registration)
    ? { kind: 'registration', category, publication: registration }
    : { kind: 'without-publication', item: registration };
}
