import { describe, expect, test } from 'vitest';
import { normalizeText, tokenize } from './text';

const terms = (text: string) => tokenize(text).map((t) => t.term);

describe('normalizeText', () => {
  test('folds compatibility forms, case and Latin and Greek diacritics', () => {
    expect(normalizeText('Ångström Straße ŁÓDŹ naïve Café ＡＢＣ ﬁle Ελληνικά')).toBe('angstrom strasse lodz naive cafe abc file ελληνικα');
  });

  test('keeps letters that a mark makes different in Cyrillic, folds ё', () => {
    expect(normalizeText('Йод Ёлка')).toBe('йод елка');
  });
});

describe('tokenize', () => {
  test('English words are stemmed, stopwords and bare numbers dropped', () => {
    expect(terms('We propose the Learning of Networks in 2019 with BERT2')).toEqual(['learn', 'network', 'bert2']);
  });

  test('the same word with or without diacritics gives the same term', () => {
    expect(terms('Schrödinger naïve')).toEqual(terms('Schrodinger naive'));
  });

  test('Chinese, Japanese and Thai give character bigrams; Korean and Cyrillic words stay whole', () => {
    expect(terms('机器翻译')).toEqual(['机器', '器翻', '翻译']);
    expect(terms('ニューラル')).toEqual(['ニュ', 'ュー', 'ーラ', 'ラル']);
    expect(terms('การแปล').length).toBeGreaterThan(2);
    expect(terms('한국어 자연어')).toEqual(['한국어', '자연어']);
    expect(terms('Нейронные сети')).toEqual(['нейронные', 'сети']);
  });

  test('a Latin word inside a run of Han characters is kept as a word', () => {
    expect(terms('基于BERT的模型')).toEqual(['基于', 'bert', '的模', '模型']);
  });

  test('words join into phrases across spaces and hyphens only', () => {
    const joined = tokenize('graph neural-networks, for deep learning').map((t) => t.joined);
    // graph, neural (joined), network (joined), deep (after a comma and a stopword), learn (joined)
    expect(joined).toEqual([false, true, true, false, true]);
  });

  test('surfaces keep the word as written for explanations', () => {
    expect(tokenize('Molecular Graphs').map((t) => t.surface)).toEqual(['molecular', 'graphs']);
  });
});
