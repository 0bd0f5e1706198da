import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { idTime, isId, newId } from './ids';

describe('ids', () => {
  test('a new id is 24 lowercase hex characters', () => {
    expect(newId()).toMatch(/^[0-9a-f]{24}$/);
  });

  test('ids made later sort after ids made earlier', () => {
    const ids = Array.from({ length: 1000 }, () => newId());
    const early = newId(new Date('2026-01-01T00:00:00Z'));
    const late = newId(new Date('2027-01-01T00:00:00Z'));
    expect(early < late).toBe(true);
    expect(new Set(ids).size).toBe(1000);
  });

  test('an id carries its creation second', () => {
    const at = new Date('2026-11-22T10:11:12Z');
    expect(idTime(newId(at)).toISOString()).toBe('2026-11-22T10:11:12.000Z');
  });

  test('the validator accepts only 24 lowercase hex characters', () => {
    expect(isId('0123456789abcdef01234567')).toBe(true);
    expect(isId('0123456789ABCDEF01234567')).toBe(false);
    expect(isId('0123456789abcdef0123456')).toBe(false);
    expect(isId('0123456789abcdef012345678')).toBe(false);
    expect(isId('0123456789abcdef0123456g')).toBe(false);
    expect(isId(123)).toBe(false);
    fc.assert(fc.property(fc.string(), (s) => isId(s) === /^[0-9a-f]{24}$/.test(s)));
  });
});
