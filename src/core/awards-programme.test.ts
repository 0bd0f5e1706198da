import { describe, expect, test } from 'vitest';
import { awardIdOf, nominationDeadline, nominationsOpen, YEARLY_AWARD_NAMES, youngScientistProblem } from './awards-programme';

describe('awards programme', () => {
  test('28 award names, the Young Scientist one among them', () => {
    expect(YEARLY_AWARD_NAMES).toHaveLength(28);
    expect(new Set(YEARLY_AWARD_NAMES).size).toBe(28);
    expect(YEARLY_AWARD_NAMES).toContain('Young Scientist Award');
  });

  test('nominations close after 20 December 23:59 Bangkok time', () => {
    expect(nominationsOpen(2026, new Date('2026-12-20T23:59:59+07:00'))).toBe(true);
    expect(nominationsOpen(2026, new Date('2026-12-21T00:00:00+07:00'))).toBe(false);
    expect(nominationDeadline(2026).toISOString()).toBe('2026-12-20T16:59:59.999Z');
  });

  test('Young Scientist: at most 35, or a PhD, MPhil or Masters student', () => {
    expect(youngScientistProblem({ age: 35, student: null })).toBeNull();
    expect(youngScientistProblem({ age: 36, student: null })).toContain('This nominee is 36 and not a student.');
    expect(youngScientistProblem({ age: 60, student: 'PhD' })).toBeNull();
    expect(youngScientistProblem({ age: null, student: 'Masters' })).toBeNull();
    expect(youngScientistProblem({ age: null, student: null })).toContain('Give the nominee');
    expect(youngScientistProblem({ age: 40, student: 'Bachelor' })).not.toBeNull();
  });

  test('award ids in the year/Award/ET/n format', () => {
    expect(awardIdOf(2022, 12)).toBe('2022/Award/ET/12');
  });
});
