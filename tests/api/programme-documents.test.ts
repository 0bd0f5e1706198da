import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CONFERENCE_FACTS_DEFAULTS } from '../../src/core/conference-facts';
import { cameraReady, papers, programPublications } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../support/app';
import { submitPaper } from '../support/multipart';
import { readPdf } from '../support/pdf-text';
import { signupAs, type SignedUp } from '../support/users';

/** Decision 0053: the printable programme and the abstract book, read back with pdf.js. */
let t: TestApp;
let editor: SignedUp;
let anita: SignedUp;
let zoe: SignedUp;
const paper = {} as Record<'hindi' | 'latin' | 'thai' | 'unplaced' | 'track1', { id: string; title: string; abstract: string }>;

/**
 * pdf.js reads shaped Devanagari in the glyphs' visual order: the reph of "र्मा" is drawn above and after "मा", so
 * "शर्मा" reads back as "शमार्" although it is drawn right (the pages were looked at). A Devanagari name is checked by
 * its first word, which reads back exactly, and by its letters, every one of which must be there.
 */
const DEVANAGARI = 'अनीता शर्मा';
const letters = (s: string) => [...s.replace(/\s+/g, '')].sort().join('');
const devanagariAt = (text: string, at: number) =>
  text
    .slice(at, at + DEVANAGARI.length + 4)
    .trim()
    .split(/ (?=[0-9,])/)[0]!;

const get = (url: string, who?: SignedUp | null) => t.app.inject({ method: 'GET', url, headers: who ? who.auth : {} });
const as = (who: SignedUp, method: 'PATCH' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url, headers: who.auth, payload: payload as Record<string, unknown> });

/** Look at what is made: PDF_OUT=dir keeps the PDFs (render them with pdftoppm -png -r 60). */
function keep(name: string, bytes: Buffer) {
  const dir = process.env.PDF_OUT;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${name}.pdf`), bytes);
}

async function acceptedPaper(author: SignedUp, title: string, abstract: string, trackId?: string) {
  const p = await submitPaper(t.app, author.auth, { title, abstract });
  await t.app.database.db
    .update(papers)
    .set({ decision: 'Accepted', ...(trackId ? { trackId } : {}) })
    .where(eq(papers.id, p._id));
  return { id: p._id, title, abstract };
}

const ABSTRACT = {
  hindi:
    'We measure the monsoon’s effect on rural micro-grids across 42 villages in Rajasthan; storage sized at 1.8 kWh per household halves outages.',
  latin:
    'Señales débiles: a study of weak signals in Nordic supply chains, with a model that anticipates shortages three weeks earlier than the baseline.',
  thai: 'Flood forecasting for the Chao Phraya basin with a graph neural network trained on 20 years of gauge data.',
};

beforeAll(async () => {
  t = await startTestApp();
  editor = await signupAs(t.app, 'Editor');
  anita = await signupAs(t.app, 'Author', { name: 'अनीता शर्मा' });
  zoe = await signupAs(t.app, 'Author', { name: 'Zoë Ångström-Núñez' });
  expect((await as(anita, 'PATCH', '/api/me', { affiliation: 'Indian Institute of Technology Delhi', country: 'IN' })).statusCode).toBe(
    200,
  );
  expect((await as(zoe, 'PATCH', '/api/me', { affiliation: 'Universitat de València', country: 'ES' })).statusCode).toBe(200);
  paper.hindi = await acceptedPaper(anita, 'Micro-grids after the monsoon', ABSTRACT.hindi);
  paper.latin = await acceptedPaper(zoe, 'Weak signals in supply chains', ABSTRACT.latin);
  paper.thai = await acceptedPaper(anita, 'Forecasting floods in the Chao Phraya basin', ABSTRACT.thai);
  paper.track1 = await acceptedPaper(zoe, 'Ceramics that heal their cracks', 'Self-healing ceramics.', 'track-1');
  paper.unplaced = await acceptedPaper(zoe, 'A paper waiting for its final version', 'Not yet final.');
  const co = await as(anita, 'PUT', `/api/author/paper/${paper.thai.id}/co-authors`, {
    coAuthors: [
      { name: 'สมชาย ใจดี', email: 'somchai@example.org', affiliation: 'Chulalongkorn University', country: 'TH' },
      { name: 'Zoë Ångström-Núñez', email: zoe.user.email, affiliation: 'Universitat de València', country: 'ES' },
      { name: 'Priya Nair', email: 'priya@example.org', affiliation: 'Indian Institute of Technology Delhi', country: 'IN' },
    ],
  });
  expect(co.statusCode, co.body).toBe(200);
  // Camera-ready versions for two of them (the by-track book lists those first).
  await t.app.database.db
    .insert(cameraReady)
    .values([paper.latin.id, paper.track1.id].map((id) => ({ paperId: id, storageKey: `k-${id}`, size: 1, fileName: 'final.pdf' })));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('before the programme is published', () => {
  test("the programme and the public abstract book are 404 with a message; the editor's by session too, by track is there", async () => {
    await t.app.database.db.delete(programPublications);
    for (const url of ['/api/program.pdf', '/api/program/abstract-book.pdf']) {
      const res = await get(url);
      expect([res.statusCode, res.json().message]).toEqual([404, 'The programme is not published yet']);
    }
    const bySession = await get('/api/editor/abstract-book.pdf?by=session', editor);
    expect([bySession.statusCode, bySession.json().message]).toEqual([404, 'The programme is not published yet']);
    const byTrack = await get('/api/editor/abstract-book.pdf?by=track', editor);
    expect(byTrack.statusCode).toBe(200);
    expect(byTrack.headers['content-type']).toBe('application/pdf');
  });

  test("by must be session or track; only the editor gets the editor's book", async () => {
    const bad = await get('/api/editor/abstract-book.pdf?by=foo', editor);
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'by must be "session" or "track"']);
    expect((await get('/api/editor/abstract-book.pdf?by=track', anita)).statusCode).toBe(403);
    expect((await get('/api/editor/abstract-book.pdf?by=track', null)).statusCode).toBe(401);
  });
});

describe('the published programme', () => {
  // Published through the editor's API (decision 0052): two sessions, their papers placed with presenters, then published.
  beforeAll(async () => {
    const create = async (body: object, placed: Array<[string, string]>) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/editor/program/sessions',
        headers: editor.auth,
        payload: body as Record<string, unknown>,
      });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json()._id as string;
      const put = await as(editor, 'PUT', `/api/editor/program/sessions/${id}/papers`, {
        papers: placed.map(([paperId, presenterEmail]) => ({ paperId, presenterEmail })),
      });
      expect(put.statusCode, put.body).toBe(200);
    };
    // 09:00–10:30 on 27 December in Bangkok (02:00Z).
    await create(
      {
        title: 'Energy and water',
        track: 'Science and Materials',
        room: 'Coral Room',
        chair: 'Prof. Kittisak Wong',
        start: '2023-12-27T02:00:00.000Z',
        end: '2023-12-27T03:30:00.000Z',
      },
      [
        [paper.hindi.id, anita.user.email],
        [paper.thai.id, 'somchai@example.org'],
      ],
    );
    // 20:30Z on the 27th is 03:30 on the 28th in Bangkok: it belongs to the second day. Online: a link and no room.
    await create(
      {
        title: 'Supply chains online',
        track: 'Management and Social Science',
        link: 'https://meet.example.org/s2',
        start: '2023-12-27T20:30:00.000Z',
        end: '2023-12-27T21:15:00.000Z',
      },
      [[paper.latin.id, zoe.user.email]],
    );
    const published = await t.app.inject({
      method: 'POST',
      url: '/api/editor/program/publish',
      headers: editor.auth,
      payload: { acknowledgeWarnings: true },
    });
    expect(published.statusCode, published.body).toBe(200);
  });

  test("the programme PDF: days and times in the conference's zone, sessions, rooms or Online, chairs, papers and presenters", async () => {
    const res = await get('/api/program.pdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    keep('programme', res.rawPayload);
    const { text, pages, size } = await readPdf(res.rawPayload);
    expect(size).toEqual([595, 842]);
    expect(pages).toBe(1);
    expect(text).toContain('5th World Conference on Innovations in Management, Science and Engineering');
    expect(text).toContain('27–28 December 2023');
    expect(text).toContain('Sample Beach Resort, Pattaya, Thailand');
    expect(text).toContain('Times are Bangkok time, UTC+7.');
    const order = [
      'Wednesday 27 December 2023',
      '09:00–10:30',
      'Energy and water',
      'Science and Materials · Coral Room · Chair: Prof. Kittisak Wong',
      'Micro-grids after the monsoon',
      'अनीता श',
      'Forecasting floods in the Chao Phraya basin',
      'สมชาย ใจดี',
      'Thursday 28 December 2023',
      '03:30–04:15',
      'Supply chains online',
      'Management and Social Science · Online',
      'Weak signals in supply chains',
      'Zoë Ångström-Núñez',
    ];
    let at = -1;
    for (const s of order) {
      const i = text.indexOf(s, at + 1);
      expect(i, `"${s}" after position ${at} in: ${text}`).toBeGreaterThan(at);
      at = i;
    }
    expect(letters(devanagariAt(text, text.indexOf('अनीता')))).toBe(letters(DEVANAGARI));
    expect(text).not.toContain('meet.example.org');
    expect(text).not.toContain('@example.org');
  });

  test("the public abstract book: contents, then by session each paper's title, authors in any script with numbered affiliations, abstract", async () => {
    const res = await get('/api/program/abstract-book.pdf');
    expect(res.statusCode).toBe(200);
    keep('abstract-book-by-session', res.rawPayload);
    const { text } = await readPdf(res.rawPayload);
    expect(text).toContain('Abstract Book');
    expect(text).toContain('Papers by session, in the order of the published programme');
    expect(text).toContain('3 papers in 2 sessions');
    expect(text).toContain('Organising Secretary');
    expect(text).toContain('Contents');
    // The Thai paper: its four authors in order, each with their affiliation's number, then the affiliations.
    const thai = text.slice(text.lastIndexOf('Forecasting floods in the Chao Phraya basin'));
    expect(thai).toMatch(/^Forecasting floods in the Chao Phraya basin अनीता \S+ 1 , สมชาย ใจดี 2 , Zoë Ångström-Núñez 3 , Priya Nair 1 /);
    expect(letters(devanagariAt(thai, thai.indexOf('अनीता')))).toBe(letters(DEVANAGARI));
    expect(thai).toContain(
      '1 Indian Institute of Technology Delhi, India 2 Chulalongkorn University, Thailand 3 Universitat de València, Spain',
    );
    expect(thai).toContain('Presented by สมชาย ใจดี');
    expect(thai).toContain(ABSTRACT.thai);
    for (const p of [paper.hindi, paper.latin]) {
      expect(text.split(p.title).length - 1, p.title).toBe(2); // in the contents and on its page
    }
    expect(text).toContain(
      'Weak signals in supply chains Zoë Ångström-Núñez 1 1 Universitat de València, Spain Presented by Zoë Ångström-Núñez',
    );
    expect(text).toContain(ABSTRACT.latin.slice(0, 60));
    // Sessions in the published order, the unplaced paper nowhere.
    expect(text.lastIndexOf('Energy and water')).toBeLessThan(text.lastIndexOf('Supply chains online'));
    expect(text).not.toContain(paper.unplaced.title);
  });

  test("the editor's book by track: every accepted paper under its track, camera-ready versions first, the others marked", async () => {
    const res = await get('/api/editor/abstract-book.pdf?by=track', editor);
    expect(res.statusCode).toBe(200);
    keep('abstract-book-by-track', res.rawPayload);
    const { text } = await readPdf(res.rawPayload);
    expect(text).toContain('Accepted papers by track');
    expect(text).toContain('5 papers in 2 tracks');
    const body = text.slice(text.lastIndexOf('Science and Materials 1 accepted paper'));
    expect(body.indexOf('Ceramics that heal their cracks')).toBeGreaterThan(0);
    const cs = body.slice(body.indexOf('Computer Science and Applications 4 accepted papers, 3 without a camera-ready version yet'));
    expect(cs.length).toBeGreaterThan(0);
    expect(cs.indexOf(paper.latin.title)).toBeGreaterThan(0);
    for (const p of [paper.hindi, paper.thai, paper.unplaced])
      expect(cs.indexOf(p.title), p.title).toBeGreaterThan(cs.indexOf(paper.latin.title));
    expect(cs.split('Camera-ready version not received yet').length - 1).toBe(3);
  });

  test("the documents follow the conference's facts as the editor saves them: title, time zone", async () => {
    const facts = {
      ...CONFERENCE_FACTS_DEFAULTS,
      edition: '6th',
      name: 'Harbour Conference on Engineering',
      shortName: 'HCE 2027',
      timeZone: 'Asia/Kolkata',
    };
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/editor/conference',
      headers: editor.auth,
      payload: facts as unknown as Record<string, unknown>,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { text } = await readPdf((await get('/api/program.pdf')).rawPayload);
    expect(text).toContain('6th Harbour Conference on Engineering');
    expect(text).toContain('Times are Kolkata time, UTC+5:30.');
    expect(text).toContain('Wednesday 27 December 2023 07:30–09:00 Energy and water');
    expect(text).toContain('Thursday 28 December 2023 02:00–02:45 Supply chains online');
    const book = await readPdf((await get('/api/program/abstract-book.pdf')).rawPayload);
    expect(book.text).toContain('6th Harbour Conference on Engineering');
    expect(book.text).toContain('HCE 2027 · Abstract Book');
    const reset = await t.app.inject({
      method: 'PUT',
      url: '/api/editor/conference',
      headers: editor.auth,
      payload: CONFERENCE_FACTS_DEFAULTS as unknown as Record<string, unknown>,
    });
    expect(reset.statusCode, reset.body).toBe(200);
  });

  test('a withdrawn paper leaves the book by track', async () => {
    await t.app.database.db
      .update(papers)
      .set({ withdrawnAt: new Date() })
      .where(inArray(papers.id, [paper.unplaced.id]));
    const { text } = await readPdf((await get('/api/editor/abstract-book.pdf?by=track', editor)).rawPayload);
    expect(text).not.toContain(paper.unplaced.title);
    expect(text).toContain('4 papers in 2 tracks');
  });
});
