import { inArray, sql } from 'drizzle-orm';
import { PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CONFERENCE_FACTS_DEFAULTS, type ConferenceFacts } from '../../src/core/conference-facts';
import type { PublishedSession } from '../../src/core/program';
import { papers, programPublications } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../support/app';
import { verifyAddress } from '../support/mailbox';
import { multipart, submitPaper } from '../support/multipart';
import { pdfText, readPdf } from '../support/pdf-text';
import { signaturePng } from '../support/png';
import { signupAs, type SignedUp } from '../support/users';

/**
 * Decisions 0051 and 0054: what the server sends a person names the conference from its current facts (a save changes
 * the next mail and the next certificate, no restart), names in any script read back exactly, the uploaded logo is
 * drawn, and presentation certificates wait until their published session has taken place.
 */
// A name whose glyphs stay in logical order: pdf.js reads a reph or a pre-base vowel sign (शर्मा, प्रिया) in the
// order drawn, though it is drawn right (decision 0054).
const DEVANAGARI = 'राहुल कुमार';
const THAI = 'สมชาย ใจดี';
const LATIN = 'Zoë Ångström-Núñez';

const NEW_FACTS: ConferenceFacts = {
  ...CONFERENCE_FACTS_DEFAULTS,
  edition: '1st',
  name: 'Symposium on Tidal Engineering',
  shortName: 'STE 2027',
  startDate: '2027-03-02',
  endDate: '2027-03-04',
  datesText: 'March 2-4 2027',
  submissionsDatesText: 'March 2-4, 2027',
  timeZone: 'Asia/Kolkata',
  venue: {
    resort: 'Harbour Hall, Kochi',
    city: 'Kochi',
    country: 'India',
    countryCode: 'IN',
    address: 'Harbour Hall, Marine Drive, Kochi 682031, India',
  },
};
const NEW_TITLE = '1st Symposium on Tidal Engineering';

let t: TestApp;
let editor: SignedUp;
let presenter: SignedUp;
const paper = {} as Record<'ended' | 'endedToo' | 'future' | 'draftOnly' | 'dropped', string>;

const db = () => t.app.database.db;
const issue = (body?: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/editor/certificates',
    headers: editor.auth,
    ...(body ? { payload: body as Record<string, unknown> } : {}),
  });
type Issued = { issued: number; waiting: number; certificates: { code: string; kind: string; name: string; paperId: string | null }[] };

function session(id: string, end: string, list: { _id: string; presenter: string }[]): PublishedSession {
  const start = new Date(Date.parse(end) - 3_600_000).toISOString();
  return {
    _id: id,
    title: `Session ${id}`,
    track: 'Science and Materials',
    room: 'Room A',
    link: '',
    start,
    end,
    chair: '',
    papers: list.map((p) => ({ _id: p._id, title: `Paper ${p._id}`, presenter: p.presenter, presenterEmail: presenter.user.email })),
  };
}

async function certificatePdf(paperId: string): Promise<Uint8Array> {
  const mine = (await t.app.inject({ method: 'GET', url: '/api/me/certificates', headers: presenter.auth })).json().certificates as {
    code: string;
    paperId: string | null;
  }[];
  const cert = mine.find((c) => c.paperId === paperId);
  expect(cert, `certificate of ${paperId}`).toBeDefined();
  const res = await t.app.inject({ method: 'GET', url: `/api/me/certificates/${cert!.code}.pdf`, headers: presenter.auth });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

/** How many images the PDF draws (the vector logo draws none; an uploaded logo is one). */
async function imageCount(bytes: Uint8Array): Promise<number> {
  const doc = await PDFDocument.load(bytes);
  let n = 0;
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    const dict = obj instanceof PDFRawStream ? obj.dict : obj instanceof PDFDict ? obj : null;
    if (dict?.get(PDFName.of('Subtype')) === PDFName.of('Image')) n += 1;
  }
  return n;
}

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'https://conf.example.org' });
  editor = await signupAs(t.app, 'Editor');
  presenter = await signupAs(t.app, 'Author', { name: 'Ada Presenter' });
  await verifyAddress(t.app, presenter.user.email);
  for (const key of Object.keys({ ended: 1, endedToo: 1, future: 1, draftOnly: 1, dropped: 1 }) as (keyof typeof paper)[]) {
    paper[key] = (await submitPaper(t.app, presenter.auth, { title: `Paper about ${key}` }))._id;
  }
  await db()
    .update(papers)
    .set({ decision: 'Accepted' })
    .where(inArray(papers.id, Object.values(paper)));

  // A draft session (never published) in the past, with a paper placed in it.
  const draft = await t.app.inject({
    method: 'POST',
    url: '/api/editor/program/sessions',
    headers: editor.auth,
    payload: { title: 'Draft only', track: 'Science and Materials', start: '2023-12-27T02:00:00Z', end: '2023-12-27T03:00:00Z' },
  });
  expect(draft.statusCode, draft.body).toBe(201);
  const placed = await t.app.inject({
    method: 'PUT',
    url: `/api/editor/program/sessions/${draft.json()._id}/papers`,
    headers: editor.auth,
    payload: { papers: [{ paperId: paper.draftOnly, presenterEmail: presenter.user.email }] },
  });
  expect(placed.statusCode, placed.body).toBe(200);

  // An older publication placed a paper the latest one no longer has; the latest: a session that has ended (two
  // papers, presenters named in Devanagari and Thai) and one still to come (a Latin name with accents).
  await db()
    .insert(programPublications)
    .values({
      sessions: [session('old', '2023-12-27T05:00:00Z', [{ _id: paper.dropped, presenter: 'Dropped Presenter' }])],
      publishedBy: editor.user._id,
    });
  await db()
    .insert(programPublications)
    .values({
      sessions: [
        session('s-ended', '2023-12-27T05:00:00Z', [
          { _id: paper.ended, presenter: DEVANAGARI },
          { _id: paper.endedToo, presenter: THAI },
        ]),
        session('s-future', '2099-12-27T05:00:00Z', [{ _id: paper.future, presenter: LATIN }]),
      ],
      publishedBy: editor.user._id,
    });
});
afterAll(async () => {
  await t?.close();
});

describe('presentation certificates only for sessions that have taken place', () => {
  test('ended session: issued without override; future session: waiting; draft-only or dropped paper: never', async () => {
    const first = await issue();
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json() as Issued;
    expect(body.issued).toBe(2);
    expect(body.waiting).toBe(1);
    const presented = body.certificates.filter((c) => c.kind === 'presentation');
    expect(presented.map((c) => c.paperId).sort()).toEqual([paper.ended, paper.endedToo].sort());
    expect(presented.map((c) => c.name).sort()).toEqual([DEVANAGARI, THAI].sort());

    // Again, with an empty body: nothing new, still one waiting.
    expect((await issue({})).json()).toMatchObject({ issued: 0, waiting: 1 });
  });

  test("the editor's override issues the one still to come; a wrong override is a clear 400", async () => {
    const bad = await issue({ presentationsBeforeSessions: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('presentationsBeforeSessions must be true or false');

    const forced = (await issue({ presentationsBeforeSessions: true })).json() as Issued;
    expect(forced.issued).toBe(1);
    expect(forced.waiting).toBe(0);
    const presented = forced.certificates.filter((c) => c.kind === 'presentation');
    expect(presented.find((c) => c.paperId === paper.future)?.name).toBe(LATIN);
    expect(presented.map((c) => c.paperId)).not.toContain(paper.draftOnly);
    expect(presented.map((c) => c.paperId)).not.toContain(paper.dropped);
    // Issued once: nothing waits any more, also without the override.
    expect((await issue()).json()).toMatchObject({ issued: 0, waiting: 0 });
  });
});

describe('the settings change a mail and a certificate', () => {
  test('before any save, the certificate names the default conference', async () => {
    const text = await pdfText(await certificatePdf(paper.ended));
    expect(text).toContain('5th World Conference on Innovations in Management, Science and Engineering');
    expect(text).toContain('27–28 December 2023');
    expect(text).toContain(DEVANAGARI);
  });

  test('after the editor saves new facts, the next mail, certificate and verify page name them; names read back exactly', async () => {
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/editor/conference',
      headers: editor.auth,
      payload: NEW_FACTS as unknown as Record<string, unknown>,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(t.app.conference.current().name).toBe(NEW_FACTS.name);

    // A mail sent after the save: the paper-received mail of a new submission.
    const submitted = await submitPaper(t.app, presenter.auth, { title: 'After the save' });
    const { rows } = (await db().execute(
      sql`select subject, body from mail_queue where template = 'paperReceived' and body like ${`%${submitted._id}%`}`,
    )) as unknown as { rows: { subject: string; body: string }[] };
    expect(rows).toHaveLength(1);
    expect(`${rows[0]!.subject}\n${rows[0]!.body}`).toContain(NEW_TITLE);
    expect(rows[0]!.body).not.toContain('World Conference on Innovations');

    for (const [id, name] of [
      [paper.ended, DEVANAGARI],
      [paper.endedToo, THAI],
      [paper.future, LATIN],
    ] as const) {
      const { text, pages } = await readPdf(await certificatePdf(id));
      expect(pages).toBe(1);
      expect(text).toContain(name);
      expect(text).toContain(NEW_TITLE);
      expect(text).toContain('2–4 March 2027');
      expect(text).toContain('Harbour Hall, Kochi, India');
      expect(text).not.toContain('World Conference on Innovations');
      expect(text).not.toContain('Sample Beach Resort');
    }

    const code = ((await issue()).json() as Issued).certificates.find((c) => c.paperId === paper.ended)!.code;
    const page = await t.app.inject({ method: 'GET', url: `/verify/${code}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`issued by the ${NEW_TITLE}`);
    expect(page.body).toContain('STE 2027');
  });

  test('with an uploaded logo the certificate draws it and still reads back whole', async () => {
    const before = await certificatePdf(paper.endedToo);
    expect(await imageCount(before)).toBe(0);
    const { payload, contentType } = await multipart([['logo', signaturePng(200, 200), 'logo.png']]);
    const uploaded = await t.app.inject({
      method: 'PUT',
      url: '/api/editor/conference/logo',
      payload,
      headers: { ...editor.auth, 'content-type': contentType },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);

    const after = await certificatePdf(paper.endedToo);
    expect(await imageCount(after)).toBe(1);
    const text = await pdfText(after);
    for (const part of [THAI, NEW_TITLE, '2–4 March 2027', 'Certificate of Presentation', 'Verification code'])
      expect(text).toContain(part);
  });
});
