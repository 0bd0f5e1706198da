import { expect, test } from 'vitest';
import { AWARD_CEREMONY_FEE_USD, EXTRA_PAGE_FEES, feeUsd, FEES_WITH_PUBLICATION, toCurrency, USD_TO_INR } from './fees';

test('fee tables match the documented figures', () => {
  expect(FEES_WITH_PUBLICATION['Student or research scholar']).toEqual({ 'SCOPUS book chapter': 550, 'non-SCOPUS journal': 300 });
  expect(FEES_WITH_PUBLICATION.Academician).toEqual({ 'SCOPUS book chapter': 600, 'non-SCOPUS journal': 350 });
  expect(FEES_WITH_PUBLICATION.Industrial).toEqual({ 'SCOPUS book chapter': 650, 'non-SCOPUS journal': 450 });
  expect(AWARD_CEREMONY_FEE_USD).toBe(200);
  expect(EXTRA_PAGE_FEES.map((f) => [f.inr, f.usd])).toEqual([
    [1500, 20],
    [1000, 10],
  ]);
});

test('rupees at the stated 1 dollar = 74 rupees', () => {
  expect(USD_TO_INR).toBe(74);
  expect(toCurrency(300, 'INR')).toBe(22200);
  expect(toCurrency(300, 'USD')).toBe(300);
});

test('the fee select fills the amount from the tables', () => {
  expect(feeUsd('conference', 'Academician', 'SCOPUS book chapter')).toBe(600);
  expect(feeUsd('conference', 'Industrial', 'non-SCOPUS journal')).toBe(450);
  expect(feeUsd('conference', 'Industrial', 'Accompanying person')).toBe(200);
  expect(feeUsd('award', 'Academician', 'SCOPUS book chapter')).toBe(200);
  expect(feeUsd('workshop', 'Academician', 'SCOPUS book chapter')).toBeNull();
  expect(feeUsd('', 'Academician', 'SCOPUS book chapter')).toBeNull();
});
