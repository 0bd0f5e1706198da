import { describe, expect, test } from 'vitest';
import {
  AffinityIndexBuilder,
  buildAffinityIndex,
  DocumentReader,
  explainPair,
  paperVector,
  readNewPaper,
  scoreNewReviewer,
  scorePair,
  topReviewers,
  type AffinitySettings,
  type ReadDocuments,
  type ReviewerPublications,
  type SubmissionText,
} from './affinity';

const papers: SubmissionText[] = [
  {
    id: 'graphs',
    title: 'Graph neural networks for molecular property prediction',
    abstract:
      'We train message passing graph neural networks on molecular graphs to predict toxicity and solubility, ' +
      'and compare graph convolutions with attention over atoms and bonds.',
    keywords: ['graph neural networks', 'chemistry'],
  },
  {
    id: 'auctions',
    title: 'Truthful auctions for online advertising',
    abstract:
      'We design incentive compatible auction mechanisms for sponsored search, proving revenue bounds for ' +
      'second price auctions with reserve prices and budget constrained bidders.',
  },
  {
    id: 'rivers',
    title: 'Sediment transport in braided rivers',
    abstract: 'Field measurements of bedload sediment transport in braided gravel rivers during floods.',
  },
];

const reviewers: ReviewerPublications[] = [
  {
    id: 'chemist',
    publications: [
      {
        title: 'Message passing neural networks for molecules',
        abstract: 'Graph networks learn molecular representations from atoms and bonds to predict toxicity.',
        year: 2024,
      },
      { title: 'Attention over molecular graphs', abstract: 'Graph attention for solubility prediction.', year: 2022 },
      { title: 'A survey of crystal structures', abstract: 'Crystallography of inorganic salts.', year: 2012 },
    ],
  },
  {
    id: 'economist',
    publications: [
      {
        title: 'Revenue of second price auctions with reserve prices',
        abstract: 'Optimal reserve prices in sponsored search auctions with budget constrained bidders.',
        year: 2023,
      },
      { title: 'Incentive compatible mechanisms', abstract: 'Truthful mechanism design for online markets.', year: 2021 },
    ],
  },
  {
    id: 'generalist',
    publications: [
      { title: 'Neural networks for images', abstract: 'Convolutional networks classify photographs.', year: 2020 },
      { title: 'Online learning', abstract: 'Regret bounds for online convex optimisation.', year: 2019 },
    ],
  },
  { id: 'no-profile', publications: [] },
];

const index = buildAffinityIndex({ papers, reviewers });
const reviewerAt = (id: string) => index.reviewerIds.indexOf(id);
const paperAt = (id: string) => index.paperIds.indexOf(id);
const score = (paper: string, reviewer: string) => scorePair(index, paperVector(index, paperAt(paper)), reviewerAt(reviewer));

describe('affinity', () => {
  test('a reviewer who wrote about the paper’s topic ranks above one who did not', () => {
    expect(score('graphs', 'chemist')).toBeGreaterThan(score('graphs', 'generalist'));
    expect(score('graphs', 'generalist')).toBeGreaterThan(score('graphs', 'economist'));
    expect(score('auctions', 'economist')).toBeGreaterThan(score('auctions', 'generalist'));
    expect(score('auctions', 'economist')).toBeGreaterThan(score('auctions', 'chemist'));
  });

  test('every affinity is in [0, 1], and 0 when nothing is shared or there is no profile', () => {
    for (const p of index.paperIds)
      for (const r of index.reviewerIds) {
        const a = score(p, r);
        expect(a).toBeGreaterThanOrEqual(0);
        expect(a).toBeLessThanOrEqual(1);
      }
    expect(score('rivers', 'economist')).toBe(0);
    expect(score('graphs', 'no-profile')).toBe(0);
  });

  test('a paper scored against its own text as a profile comes close to 1', () => {
    const self = buildAffinityIndex({
      papers: [papers[0]!, papers[1]!],
      reviewers: [{ id: 'self', publications: [{ title: papers[0]!.title, abstract: papers[0]!.abstract }] }],
      settings: { maxTermsPerPublication: 1000 },
    });
    expect(scorePair(self, paperVector(self, 0), 0)).toBeGreaterThan(0.8);
  });

  test('the explanation names the two closest publications and the heaviest shared terms', () => {
    const e = explainPair(index, paperVector(index, paperAt('graphs')), reviewerAt('chemist'));
    expect(e.affinity).toBeCloseTo(score('graphs', 'chemist'), 6);
    expect(e.publications.map((p) => p.title)).toEqual([
      'Message passing neural networks for molecules',
      'Attention over molecular graphs',
    ]);
    expect(e.publications[0]!.year).toBe(2024);
    expect(e.publications[0]!.similarity).toBeGreaterThan(e.publications[1]!.similarity);
    expect(e.sharedTerms.length).toBeGreaterThan(2);
    expect(e.sharedTerms).toEqual(expect.arrayContaining(['molecular']));
    expect(e.sharedTerms.every((t) => /^[a-z]+$/.test(t))).toBe(true);
  });

  test('nothing to explain when nothing is shared', () => {
    const e = explainPair(index, paperVector(index, paperAt('rivers')), reviewerAt('economist'));
    expect(e).toEqual({ affinity: 0, publications: [], sharedTerms: [] });
  });

  test.each<[string, Partial<AffinitySettings>]>([
    ['defaults', {}],
    ['max alone', { profileShare: 0, halfLife: null }],
    ['softmax', { aggregate: 'softmax', temperature: 0.1 }],
    ['mean, log tf, phrases', { aggregate: 'mean', tf: 'log', phraseWeight: 1 }],
  ])('the inverted index ranks with the same affinities as one pair at a time (%s)', (_, settings) => {
    const idx = buildAffinityIndex({ papers, reviewers, settings });
    for (let p = 0; p < idx.paperIds.length; p++) {
      const v = paperVector(idx, p);
      const expected = idx.reviewerIds
        .map((_, r) => ({ reviewer: r, affinity: scorePair(idx, v, r) }))
        .filter((x) => x.affinity > 0)
        .sort((a, b) => b.affinity - a.affinity || a.reviewer - b.reviewer);
      const got = topReviewers(idx, v, 10);
      expect(got.map((x) => x.reviewer)).toEqual(expected.map((x) => x.reviewer));
      got.forEach((x, i) => expect(x.affinity).toBeCloseTo(expected[i]!.affinity, 6));
      expect(topReviewers(idx, v, 1)).toEqual(got.slice(0, 1));
    }
  });

  test('a new paper is read with the index’s vocabulary and scores as if it had been indexed', () => {
    const fresh = readNewPaper(index, { id: 'new', title: papers[1]!.title, abstract: papers[1]!.abstract });
    const old = paperVector(index, paperAt('auctions'));
    expect(Array.from(fresh.terms)).toEqual(Array.from(old.terms));
    expect(scorePair(index, fresh, reviewerAt('economist'))).toBeCloseTo(score('auctions', 'economist'), 5);
    const unseen = readNewPaper(index, { id: 'x', title: 'Zebrafish zoology', abstract: 'Zebrafish fins regrow.' });
    expect(unseen.terms.length).toBe(0);
    expect(topReviewers(index, unseen, 5)).toEqual([]);
  });

  test('a new profile gets its affinity for every paper, as an indexed reviewer would', () => {
    const chemist = reviewers[0]!;
    const got = scoreNewReviewer(index, { ...chemist, id: 'chemist-again' });
    index.paperIds.forEach((id, p) => expect(got[p]).toBeCloseTo(score(id, 'chemist'), 5));
  });

  test('recent publications count more than old ones on the same topic', () => {
    const paper: SubmissionText = { id: 'p', title: 'Coral reef bleaching', abstract: 'Coral reefs bleach in warm water.' };
    const filler = { title: 'Desert soils', abstract: 'Soil crusts in deserts.' };
    const idx = buildAffinityIndex({
      papers: [paper],
      reviewers: [
        {
          id: 'recent',
          publications: [
            { ...filler, year: 2010 },
            { title: 'Coral reef bleaching events', year: 2024 },
          ],
        },
        {
          id: 'old',
          publications: [
            { ...filler, year: 2024 },
            { title: 'Coral reef bleaching events', year: 2010 },
          ],
        },
      ],
    });
    expect(scorePair(idx, paperVector(idx, 0), 0)).toBeGreaterThan(scorePair(idx, paperVector(idx, 0), 1));
  });

  test('papers and profiles in other scripts match on their own words', () => {
    const idx = buildAffinityIndex({
      papers: [
        { id: 'zh', title: '深度学习在自然语言处理中的应用', abstract: '我们研究神经网络的机器翻译。' },
        { id: 'ru', title: 'Нейронные сети для перевода', abstract: 'Машинный перевод с нейронными сетями.' },
      ],
      reviewers: [
        { id: 'zh', publications: [{ title: '自然语言处理与机器翻译', year: 2023 }] },
        { id: 'ru', publications: [{ title: 'Машинный перевод', abstract: 'Нейронные сети и перевод.', year: 2023 }] },
      ],
    });
    const s = (p: number, r: number) => scorePair(idx, paperVector(idx, p), r);
    expect(s(0, 0)).toBeGreaterThan(0);
    expect(s(0, 0)).toBeGreaterThan(s(0, 1));
    expect(s(1, 1)).toBeGreaterThan(s(1, 0));
    expect(explainPair(idx, paperVector(idx, 0), 0).sharedTerms).toEqual(expect.arrayContaining(['自然', '语言']));
  });

  test('texts read on other threads (their own vocabularies) index as if read here', () => {
    const first = new DocumentReader();
    const second = new DocumentReader();
    first.readPaper(papers[0]!);
    second.readPaper(papers[1]!);
    second.readPaper(papers[2]!);
    for (const pub of reviewers[0]!.publications) second.readPublication(pub);
    for (const r of reviewers.slice(1)) for (const pub of r.publications) first.readPublication(pub);
    const builder = new AffinityIndexBuilder();
    const secondRead = second.take();
    const firstRead = first.take();
    builder.addReadPapers(rowsOf(firstRead, 0, 1), ['graphs']);
    builder.addReadPapers(rowsOf(secondRead, 0, 2), ['auctions', 'rivers']);
    builder.addReadReviewers(rowsOf(secondRead, 2), reviewers.slice(0, 1));
    builder.addReadReviewers(rowsOf(firstRead, 1), reviewers.slice(1));
    const split = builder.build();
    for (let p = 0; p < papers.length; p++)
      for (let r = 0; r < reviewers.length; r++)
        expect(scorePair(split, paperVector(split, p), r)).toBeCloseTo(scorePair(index, paperVector(index, p), r), 6);
    expect(explainPair(split, paperVector(split, 0), 0)).toEqual(explainPair(index, paperVector(index, 0), 0));
  });
});

/** Rows `from` .. `to` of a read (a reader's papers, then its publications). */
function rowsOf(read: ReadDocuments, from: number, to = read.lengths.length): ReadDocuments {
  return { ...read, offsets: read.offsets.subarray(from, to + 1), lengths: read.lengths.subarray(from, to) };
}
