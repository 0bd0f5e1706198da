import { describe, expect, test } from 'vitest';
import { formatMoney } from './format';
import {
  courseIdOfCategory,
  extraPageFeeMinor,
  findCategory,
  inCurrency,
  isCategoryKey,
  REGISTRATION_CATEGORIES,
  registrationCategories,
} from './registration';

describe('registration categories', () => {
  test('every fee row and every workshop course has one key', () => {
    expect(REGISTRATION_CATEGORIES).toHaveLength(6 + 3 + 1 + 4);
    expect(new Set(REGISTRATION_CATEGORIES.map((c) => c.key)).size).toBe(REGISTRATION_CATEGORIES.length);
    expect(findCategory('student-scopus')?.usdMinor).toBe(55_000);
    expect(findCategory('industrial-journal')?.usdMinor).toBe(45_000);
    expect(findCategory('accompanying')?.usdMinor).toBe(20_000);
    expect(findCategory('award-ceremony')?.usdMinor).toBe(20_000);
  });
  test("a workshop category is the edition's course at its fee; a key is checked by shape, the course by the server", () => {
    const [course] = registrationCategories([{ id: 'rust-basics', title: 'Rust', feeUsdMinor: 7_500 }]).filter(
      (c) => c.group === 'workshop',
    );
    expect(course).toEqual({
      key: 'workshop-rust-basics',
      label: 'Technical workshop: Rust',
      group: 'workshop',
      usdMinor: 7_500,
      courseId: 'rust-basics',
    });
    expect(courseIdOfCategory('workshop-rust-basics')).toBe('rust-basics');
    expect(courseIdOfCategory('student-scopus')).toBeNull();
    for (const key of ['student-scopus', 'award-ceremony', 'workshop-rust-basics']) expect(isCategoryKey(key), key).toBe(true);
    for (const key of ['nope', 'workshop-', 'workshop-Bad Id', `workshop-${'a'.repeat(61)}`]) expect(isCategoryKey(key), key).toBe(false);
  });
  test('rupees at the stated rate, in integers', () => {
    expect(inCurrency(55_000, 'INR')).toBe(4_070_000);
    expect(inCurrency(55_000, 'USD')).toBe(55_000);
  });
  test('extra pages beyond 10 at the journal rate', () => {
    expect(extraPageFeeMinor({ pages: 10, publication: 'SCOPUS book chapter', currency: 'USD' })).toEqual({ extraPages: 0, minor: 0 });
    expect(extraPageFeeMinor({ pages: 13, publication: 'SCOPUS book chapter', currency: 'INR' })).toEqual({
      extraPages: 3,
      minor: 450_000,
    });
    expect(extraPageFeeMinor({ pages: 12, publication: 'non-SCOPUS journal', currency: 'USD' })).toEqual({ extraPages: 2, minor: 2_000 });
  });
  test('money is shown from minor units', () => {
    expect(formatMoney(4_070_000, 'INR')).toBe('INR 40,700.00');
    expect(formatMoney(5, 'USD')).toBe('USD 0.05');
  });
});
