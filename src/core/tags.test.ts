import { expect, test } from 'vitest';
import { isTag, TAGS } from './tags';

test('there are 50 distinct tags, first AI and last Speech Recognition', () => {
  expect(TAGS).toHaveLength(50);
  expect(new Set(TAGS).size).toBe(50);
  expect(TAGS[0]).toBe('AI');
  expect(TAGS[21]).toBe('AR/VR');
  expect(TAGS[49]).toBe('Speech Recognition');
});

test('isTag is exact', () => {
  expect(isTag('Machine Learning')).toBe(true);
  expect(isTag('machine learning')).toBe(false);
  expect(isTag('Astrology')).toBe(false);
});
