import { describe, expect, test } from 'vitest';
import {
  answersForMail,
  checkAnswers,
  checkOptions,
  cleanAnswers,
  CreateQuestionBody,
  labelAnswers,
  UpdateQuestionBody,
  type QuestionJson,
} from './review-form';

const q = (over: Partial<QuestionJson>): QuestionJson => ({
  id: 'q1',
  position: 1,
  kind: 'text',
  label: 'Question',
  description: '',
  options: [],
  visibility: 'authors',
  required: false,
  retired: false,
  ...over,
});
const novelty = q({ id: 'nov', kind: 'score', label: 'Novelty', options: ['None', 'Some', 'Much'], required: true });
const track = q({ id: 'fit', position: 2, kind: 'choice', label: 'Fit', options: ['Good', 'Poor'] });
const secret = q({ id: 'sec', position: 3, kind: 'text', label: 'For the committee', visibility: 'committee' });

describe('checkAnswers', () => {
  test('accepts answers that fit the form', () => {
    expect(checkAnswers([novelty, track, secret], { nov: 3, fit: 'Poor', sec: 'hm' })).toBeNull();
  });
  test('names an unknown question', () => {
    expect(checkAnswers([novelty], { nov: 1, zzz: 2 })).toBe('Unknown question: zzz');
  });
  test('a score outside its scale, or not whole, is refused with the scale', () => {
    expect(checkAnswers([novelty], { nov: 4 })).toBe('Novelty must be a whole number from 1 to 3');
    expect(checkAnswers([novelty], { nov: 0 })).toBe('Novelty must be a whole number from 1 to 3');
    expect(checkAnswers([novelty], { nov: 1.5 })).toBe('Novelty must be a whole number from 1 to 3');
    expect(checkAnswers([novelty], { nov: '2' })).toBe('Novelty must be a whole number from 1 to 3');
  });
  test('a choice must be one offered', () => {
    expect(checkAnswers([track], { fit: 'Great' })).toBe('Fit must be one of Good, Poor');
  });
  test('a required question left blank is named', () => {
    expect(checkAnswers([novelty, track], { fit: 'Good' })).toBe('Novelty is required');
    expect(checkAnswers([q({ required: true })], { q1: '   ' })).toBe('Question is required');
  });
  test('a text too long is refused', () => {
    expect(checkAnswers([secret], { sec: 'x'.repeat(20_001) })).toBe('For the committee is too long (at most 20,000 characters)');
    expect(checkAnswers([secret], { sec: 5 })).toBe('For the committee must be text');
  });
});

describe("the editor's bodies", () => {
  test('a score question needs 2 to 10 labels, a choice 2 to 20, a text none', () => {
    expect(checkOptions('score', ['a'])).toMatch(/from 2 to 10/);
    expect(
      checkOptions(
        'score',
        Array.from({ length: 11 }, (_, i) => `l${i}`),
      ),
    ).toMatch(/from 2 to 10/);
    expect(
      checkOptions(
        'choice',
        Array.from({ length: 20 }, (_, i) => `c${i}`),
      ),
    ).toBeNull();
    expect(checkOptions('text', ['x'])).toBe('A text question has no options');
    expect(checkOptions('choice', ['A', 'a'])).toBe('Each option may appear only once');
  });
  test('create body defaults and refusals', () => {
    expect(CreateQuestionBody.parse({ kind: 'text', label: ' Summary ', visibility: 'committee' })).toEqual({
      kind: 'text',
      label: 'Summary',
      description: '',
      options: [],
      visibility: 'committee',
      required: false,
    });
    const bad = CreateQuestionBody.safeParse({ kind: 'score', label: 'S', options: ['one'], visibility: 'authors' });
    expect(bad.success).toBe(false);
    expect(CreateQuestionBody.safeParse({ kind: 'rating', label: 'S', visibility: 'authors' }).error?.issues[0]?.message).toBe(
      'kind must be score, choice or text',
    );
  });
  test('update body takes move or position, not both', () => {
    expect(UpdateQuestionBody.safeParse({ move: 'up', position: 2 }).success).toBe(false);
    expect(UpdateQuestionBody.safeParse({ retired: true }).success).toBe(true);
  });
});

describe('answers in words', () => {
  const retired = q({ id: 'old', position: 1, kind: 'score', label: 'Clarity', options: ['Poor', 'Fine'], retired: true });
  test('labels, order, and the committee-only answers left out for authors', () => {
    const answers = { sec: 'only us', nov: 2, fit: 'Good', old: 2 };
    expect(labelAnswers([secret, retired, track, novelty], answers).map((a) => [a.label, a.text, a.retired])).toEqual([
      ['Novelty', '2 — Some', false],
      ['Fit', 'Good', false],
      ['For the committee', 'only us', false],
      ['Clarity', '2 — Fine', true],
    ]);
    expect(labelAnswers([secret, novelty], answers, { authorsOnly: true }).map((a) => a.label)).toEqual(['Novelty']);
    expect(answersForMail([secret, retired, novelty], answers)).toBe('Novelty: 2 — Some\nClarity (no longer on the form): 2 — Fine');
  });
  test('a score beyond a scale that shrank still reads as its number', () => {
    expect(labelAnswers([q({ kind: 'score', options: ['a', 'b'] })], { q1: 5 })[0]?.text).toBe('5');
  });
  test('blank answers are dropped, texts trimmed', () => {
    expect(cleanAnswers({ a: ' x ', b: '', c: 0 })).toEqual({ a: 'x', c: 0 });
  });
});
