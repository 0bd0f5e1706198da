import { describe, expect, test } from 'vitest';
import { foldText, mentionsOf } from './person-mentions';

describe('mentionsOf', () => {
  const names = mentionsOf([
    { name: 'Émile Zola', email: 'ezola@uni-b.edu' },
    { name: 'Li Wei', email: 'wei.li@example.org' },
    { name: '王小明', email: 'xm@example.cn' },
  ]);

  test('finds a name part as a word, whatever its case and accents', () => {
    for (const text of ['ask EMILE first', 'Émile wrote this', 'per zola.', 'ZOLA, É.', 'cf. Li et al.', 'ÉMILE ZOLA'])
      expect(names(text), text).toBe(true);
  });

  test('finds the e-mail address and its part before the @', () => {
    for (const text of ['mail ezola@uni-b.edu', 'EZOLA@UNI-B.EDU', 'ping ezola', 'from wei.li']) expect(names(text), text).toBe(true);
  });

  test('finds a name of a script without spaces inside other words', () => {
    expect(names('请问王小明的意见')).toBe(true);
  });

  test('does not find a name part inside another word, nor a one-letter initial', () => {
    for (const text of ['Check the second proof', 'a zolan effect', 'limit the lines', 'E. is not looked for', ''])
      expect(names(text), text).toBe(false);
  });

  test('nobody to look for finds nothing', () => {
    expect(mentionsOf([{ name: 'X', email: '' }])('X marks the spot')).toBe(false);
  });

  test('foldText folds case, accents and compatibility forms', () => {
    expect(foldText('ÉMILE ﬁle Ǆ')).toBe('emile file dz');
  });
});
