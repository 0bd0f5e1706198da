import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { refreshOnce } from '../../src/server/services/affinity/refresh';
import { startTestApp, type TestApp } from '../support/app';
import { multipart, submitPaper } from '../support/multipart';
import { signupAs, signupChair, type SignedUp } from '../support/users';

/** Decision 0076: affinities from what reviewers wrote, stored per paper, refreshed in the background, exported. */
let t: TestApp;
let editor: SignedUp;
let author: SignedUp;
let chemist: SignedUp;
let databases: SignedUp;
let chair: SignedUp;
let molecules: string;
let queries: string;
/** Submitted by a test below (decision 0076: a new paper is scored without a profile change). */
let series: string | undefined;

const CHEMIST_BIB = `
@article{c1, title={Graph Neural Networks for Molecular Property Prediction}, year=2023, doi={10.5555/chem.1},
  abstract={Message-passing graph neural networks predict molecular properties such as solubility and toxicity from molecular graphs.}}
@article{c2, title={Learning Atom Embeddings for Drug Discovery}, year=2022,
  abstract={Atom embeddings learned by graph networks transfer across molecule datasets for drug discovery.}}`;
const DATABASES_BIB = `
@inproceedings{d1, title={Cost-Based Query Optimization for Column Stores}, year=2023,
  abstract={We optimise join orders in column-store databases with a learned cost model for query plans.}}
@inproceedings{d2, title={Indexing Time Series in Relational Databases}, year=2021,
  abstract={Index structures for time series queries in relational database systems.}}`;

async function importBib(who: SignedUp, bib: string) {
  const { payload, contentType } = await multipart([['file', Buffer.from(bib), 'mine.bib']]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/me/publications/import',
    payload,
    headers: { 'content-type': contentType, ...who.auth },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const affinities = async (paperId: string, who: SignedUp = editor) => {
  const res = await t.app.inject({ url: `/api/editor/papers/${paperId}/affinities`, headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
/** Waits until the stored affinities answer every change made so far. */
const refreshed = async (paperId: string) => {
  await expect.poll(async () => (await affinities(paperId)).affinityRefreshing).toBe(false);
  return affinities(paperId);
};
const csv = async (url: string, who: SignedUp = editor) => {
  const res = await t.app.inject({ url, headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  return res.body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(',').map((cell) => cell.replace(/^"|"$/g, '')));
};

beforeAll(async () => {
  t = await startTestApp();
  editor = await signupAs(t.app, 'Editor');
  author = await signupAs(t.app, 'Author');
  chemist = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
  databases = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
  chair = await signupChair(t.app, { editor, track: 'track-1' });
  await importBib(chemist, CHEMIST_BIB);
  await importBib(databases, DATABASES_BIB);
  molecules = (
    await submitPaper(t.app, author.auth, {
      title: 'Predicting Molecular Toxicity with Graph Neural Networks',
      abstract: 'We train message-passing graph neural networks on molecular graphs to predict toxicity and solubility of drug candidates.',
      track: 'track-1',
    })
  )._id;
  queries = (
    await submitPaper(t.app, author.auth, {
      title: 'Learned Join Ordering',
      abstract: 'A learned cost model chooses join orders for query plans in column-store databases.',
      track: 'track-2',
    })
  )._id;
});
afterAll(async () => {
  await t?.close();
});

describe('ranking and explanation', () => {
  test('the reviewer whose publications match the abstract ranks first, explained by their closest publications and shared terms', async () => {
    const molecular = await refreshed(molecules);
    expect(molecular.affinityUpdatedAt).not.toBeNull();
    expect(molecular.reviewers[0]).toMatchObject({ reviewerId: chemist.user._id, email: chemist.user.email });
    expect(molecular.reviewers[0].affinity).toBeGreaterThan(0.2);
    expect(molecular.reviewers[0].affinity).toBeLessThanOrEqual(1);
    expect(molecular.reviewers[0].closest[0].title).toBe('Graph Neural Networks for Molecular Property Prediction');
    expect(molecular.reviewers[0].closest).toHaveLength(2);
    expect(molecular.reviewers[0].sharedTerms).toEqual(expect.arrayContaining(['molecular']));
    const other = molecular.reviewers.find((r: { reviewerId: string }) => r.reviewerId === databases.user._id);
    expect(other?.affinity ?? 0).toBeLessThan(molecular.reviewers[0].affinity);

    const join = await refreshed(queries);
    expect(join.reviewers[0].reviewerId).toBe(databases.user._id);
  });

  test('a profile change is answered at once and the scores are refreshed after it, the lists saying so meanwhile', async () => {
    await refreshed(molecules);
    const own = (await t.app.inject({ url: '/api/me/publications', headers: chemist.auth })).json().publications;
    // The stored pairs cannot be replaced while this lock is held, so the change below is shown to be answered
    // without waiting for the refresh, and the lists to say the scores are being refreshed.
    const hold = await t.app.database.pool.connect();
    try {
      await hold.query('begin');
      await hold.query('lock table affinity_pairs_all in share mode');
      for (const p of own) {
        const res = await t.app.inject({
          method: 'PATCH',
          url: `/api/me/publications/${p.id}`,
          headers: chemist.auth,
          payload: { counts: false },
        });
        expect(res.statusCode).toBe(200);
      }
      const during = await affinities(molecules);
      expect(during.affinityRefreshing).toBe(true);
      expect(during.reviewers[0].reviewerId).toBe(chemist.user._id);
    } finally {
      await hold.query('commit');
      hold.release();
    }
    const after = await refreshed(molecules);
    expect(after.reviewers.map((r: { reviewerId: string }) => r.reviewerId)).not.toContain(chemist.user._id);
    for (const p of own) {
      await t.app.inject({ method: 'PATCH', url: `/api/me/publications/${p.id}`, headers: chemist.auth, payload: { counts: true } });
    }
    expect((await refreshed(molecules)).reviewers[0].reviewerId).toBe(chemist.user._id);
  });

  test('while one instance holds the refresh, another computes nothing (a claimed row, no session lock)', async () => {
    await refreshed(molecules);
    const { pool, db } = t.app.database;
    const hold = await pool.connect();
    try {
      await hold.query('begin');
      await hold.query('lock table affinity_pairs_all in share mode');
      const own = (await t.app.inject({ url: '/api/me/publications', headers: databases.auth })).json().publications;
      await t.app.inject({
        method: 'PATCH',
        url: `/api/me/publications/${own[0].id}`,
        headers: databases.auth,
        payload: { venue: 'VLDB' },
      });
      // This instance's refresher claims the edition's row, then waits for the lock to write its pairs.
      await expect.poll(async () => (await pool.query('select claim from affinity_refresh')).rows[0]?.claim ?? null).not.toBeNull();
      // Another instance on the same database (the same call it would make) finds the row claimed and does nothing.
      expect(await refreshOnce(db)).toBe(false);
    } finally {
      await hold.query('commit');
      hold.release();
    }
    expect((await refreshed(molecules)).affinityRefreshing).toBe(false);
    expect((await pool.query('select claim from affinity_refresh')).rows[0].claim).toBeNull();
  });

  test('a new paper is scored after it is submitted, without a profile change', async () => {
    await refreshed(molecules);
    series = (
      await submitPaper(t.app, author.auth, {
        title: 'Indexes for Time Series Queries',
        abstract: 'Index structures make time series queries fast in relational databases.',
      })
    )._id;
    const scored = await refreshed(series);
    expect(scored.reviewers[0].reviewerId).toBe(databases.user._id);
  });
});

describe('who sees affinities', () => {
  test('authors and reviewers never; a chair only on their tracks’ papers', async () => {
    for (const who of [author, chemist]) {
      expect((await t.app.inject({ url: `/api/editor/papers/${molecules}/affinities`, headers: who.auth })).statusCode).toBe(403);
      expect((await t.app.inject({ url: '/api/editor/exports/affinity.csv', headers: who.auth })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ url: `/api/editor/papers/${molecules}/affinities` })).statusCode).toBe(401);
    expect((await affinities(molecules, chair)).reviewers[0].reviewerId).toBe(chemist.user._id);
    expect((await t.app.inject({ url: `/api/editor/papers/${queries}/affinities`, headers: chair.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/editor/papers/nope/affinities', headers: editor.auth })).statusCode).toBe(404);
  });
});

describe('GET /api/editor/exports/affinity.csv', () => {
  test('every stored pair with a non-zero affinity; paperNumber empty; ?paperId= for one paper; a chair gets their tracks only', async () => {
    await refreshed(molecules);
    await refreshed(queries);
    const all = await csv('/api/editor/exports/affinity.csv');
    expect(all[0]).toEqual(['paperId', 'paperNumber', 'reviewerId', 'reviewerEmail', 'affinity']);
    const rows = all.slice(1);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const [paperId, number, reviewerId, email, affinity] of rows) {
      expect([molecules, queries, series]).toContain(paperId);
      expect(number).toBe('');
      expect([chemist.user._id, databases.user._id]).toContain(reviewerId);
      expect(email).toBe(reviewerId === chemist.user._id ? chemist.user.email : databases.user.email);
      expect(Number(affinity)).toBeGreaterThan(0);
      expect(Number(affinity)).toBeLessThanOrEqual(1);
    }
    const stored = (await affinities(molecules)).reviewers;
    const one = await csv(`/api/editor/exports/affinity.csv?paperId=${molecules}`);
    expect(one.slice(1).map((r) => [r[2], Number(r[4])])).toEqual(
      stored
        .map((r: { reviewerId: string; affinity: number }) => [r.reviewerId, Number(r.affinity.toFixed(4))])
        .sort((a: string[], b: string[]) => (a[0]! < b[0]! ? -1 : 1)),
    );

    const chairs = await csv('/api/editor/exports/affinity.csv', chair);
    // track-1 holds only the molecules paper (the others went to the default track).
    expect(new Set(chairs.slice(1).map((r) => r[0]))).toEqual(new Set([molecules]));
    expect((await t.app.inject({ url: `/api/editor/exports/affinity.csv?paperId=${queries}`, headers: chair.auth })).statusCode).toBe(404);
  });
});
