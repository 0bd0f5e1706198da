import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { feeUsd, PAYER_CATEGORIES, REGISTRATIONS, USD_TO_INR } from '../fees';
import { describeFeeItem, expectedFee, FeeItem, feeItemOf } from './fee-item';

describe('expectedFee', () => {
  test('the rows of the fee tables', () => {
    expect(expectedFee({ kind: 'registration', category: 'Academician', publication: 'SCOPUS book chapter' }, 'USD')).toBe(600);
    expect(expectedFee({ kind: 'registration', category: 'Industrial', publication: 'non-SCOPUS journal' }, 'USD')).toBe(450);
    expect(expectedFee({ kind: 'registration', category: 'Student or research scholar', publication: 'non-SCOPUS journal' }, 'INR')).toBe(
      300 * 74,
    );
    expect(expectedFee({ kind: 'without-publication', item: 'Accompanying person' }, 'USD')).toBe(200);
    expect(expectedFee({ kind: 'award' }, 'INR')).toBe(200 * 74);
    expect(expectedFee({ kind: 'extra-pages', journal: 'SCOPUS journal', pages: 3 }, 'INR')).toBe(4500);
    expect(expectedFee({ kind: 'extra-pages', journal: 'DOI-indexed or UGC-approved journals', pages: 2 }, 'USD')).toBe(20);
    expect(expectedFee({ kind: 'workshop' }, 'USD')).toBeNull();
  });

  test("agrees with the registration page's own fee for every choice, in both currencies", () => {
    fc.assert(
      fc.property(
        fc.constantFrom('conference', 'award', 'workshop', '' as const),
        fc.constantFrom(...PAYER_CATEGORIES),
        fc.constantFrom(...REGISTRATIONS),
        fc.constantFrom('USD', 'INR' as const),
        (kind, category, registration, currency) => {
          const item = feeItemOf(kind, category, registration);
          const usd = feeUsd(kind, category, registration);
          if (!item) {
            expect(kind).toBe('');
            return;
          }
          expect(FeeItem.parse(item)).toEqual(item);
          expect(expectedFee(item, currency)).toBe(usd === null ? null : currency === 'INR' ? usd * USD_TO_INR : usd);
          expect(describeFeeItem(item).length).toBeGreaterThan(0);
        },
      ),
    );
  });

  test('the schema refuses unknown rows and silly page counts', () => {
    expect(FeeItem.safeParse({ kind: 'registration', category: 'Astronaut', publication: 'SCOPUS book chapter' }).success).toBe(false);
    expect(FeeItem.safeParse({ kind: 'extra-pages', journal: 'SCOPUS journal', pages: 0 }).success).toBe(false);
    expect(FeeItem.safeParse({ kind: 'extra-pages', journal: 'SCOPUS journal', pages: 2.5 }).success).toBe(false);
    expect(FeeItem.safeParse({ kind: 'lunch' }).success).toBe(false);
  });
});
