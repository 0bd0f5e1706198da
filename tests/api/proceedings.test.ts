import { readFileSync } from 'node:fs';
import path from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { SCIENCE_TOPICS } from '../../src/core/track-topics';
import { startTestApp, type TestApp } from '../support/app';
import { injectMultipart, pdfBytes, submitPaper } from '../support/multipart';
import { signupAs, signupChair, type SignedUp } from '../support/users';

/** Decision 0042: proceedings metadata (Crossref, BibTeX, CSV) and the camera-ready zip of the accepted papers. */
let t: TestApp;
let editor: SignedUp;
let chair: SignedUp;
const accepted: Array<{ id: string; title: string; pdf: Buffer }> = [];

const req = (method: 'GET' | 'PUT' | 'PATCH', url: string, who: SignedUp, payload?: object) =>
  t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
/** The Crossref 5.3.1 rules the deposit uses, restated as a schema (tests/support/crossref-5.3.1-conference.xsd). */
const XSD = readFileSync(path.resolve('tests/support/crossref-5.3.1-conference.xsd'), 'utf8');

/** An accepted, notified paper with its camera-ready PDF, through the API as an author and the editor would. */
async function acceptedPaper(author: SignedUp, title: string, opts: { track?: string; size?: number } = {}) {
  // A paper in a track carries one of its topics (the science track's, track-1).
  const paper = await submitPaper(
    t.app,
    author.auth,
    opts.track ? { title, abstract: 'Abstract.', track: opts.track, keywords: [SCIENCE_TOPICS[0]!] } : { title },
  );
  expect((await req('PUT', `/api/editor/papers/${paper._id}/decision`, editor, { decision: 'Accepted' })).statusCode).toBe(200);
  expect(
    (await t.app.inject({ method: 'POST', url: '/api/editor/notify', headers: editor.auth, payload: { paperIds: [paper._id] } }))
      .statusCode,
  ).toBe(200);
  const pdf = pdfBytes(`camera-ready ${title}`, opts.size ?? 40_000);
  const up = await injectMultipart(t.app, 'POST', `/api/author/paper/${paper._id}/camera-ready`, [['file', pdf, 'final.pdf']], author.auth);
  expect(up.statusCode).toBe(201);
  return { id: paper._id, title, pdf };
}

beforeAll(async () => {
  t = await startTestApp();
  editor = await signupAs(t.app, 'Editor');
  chair = await signupChair(t.app, { editor, track: 'track-1' });

  const author = await signupAs(t.app, 'Author', { name: 'Ångström Nguyễn Ødegård' });
  const profile = await t.app.inject({
    method: 'PATCH',
    url: '/api/me',
    headers: author.auth,
    payload: { affiliation: 'Chulalongkorn University', country: 'th', orcid: 'https://orcid.org/0000-0002-1694-233x' },
  });
  expect(profile.statusCode).toBe(200);
  expect(profile.json().user).toMatchObject({ affiliation: 'Chulalongkorn University', country: 'TH', orcid: '0000-0002-1694-233X' });
  accepted.push(await acceptedPaper(author, 'Stress & strain: 50% of <steel> "beams"_{x}'));
  const coAuthored = await acceptedPaper(author, 'Thai names: สมชาย and Devanagari: देवनागरी');
  const co = await req('PUT', `/api/author/paper/${coAuthored.id}/co-authors`, author, {
    coAuthors: [
      { name: 'สมชาย ใจดี', email: 'somchai@example.org', affiliation: 'มหาวิทยาลัย', country: 'TH', orcid: '0000-0001-5109-3700' },
      {
        name: 'Josiah Carberry',
        email: 'josiah@example.org',
        affiliation: 'Brown University',
        country: 'US',
        orcid: '0000-0002-1825-0097',
      },
    ],
  });
  expect(co.statusCode, co.body).toBe(200);
  expect(co.json().coAuthors[1]).toEqual({
    name: 'Josiah Carberry',
    email: 'josiah@example.org',
    affiliation: 'Brown University',
    country: 'US',
    orcid: '0000-0002-1825-0097',
  });
  accepted.push(coAuthored);
  accepted.push(await acceptedPaper(author, 'A/B testing: a study?', { track: 'track-1' }));
  // Not in the proceedings: accepted without a camera-ready version, and a rejected paper.
  const noFinal = await submitPaper(t.app, author.auth, { title: 'No final version' });
  await req('PUT', `/api/editor/papers/${noFinal._id}/decision`, editor, { decision: 'Accepted' });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('ORCID iDs, countries and DOI settings are checked', () => {
  test('a wrong check digit, an unknown country or a bad DOI prefix or pattern is a 400 naming the problem; nothing is saved', async () => {
    const author = await signupAs(t.app, 'Author');
    for (const [body, message] of [
      [{ orcid: '0000-0002-1825-0098' }, 'The ORCID iD is not valid'],
      [{ country: 'XX' }, 'The country must be a two-letter ISO 3166-1 code'],
    ] as const) {
      const res = await t.app.inject({ method: 'PATCH', url: '/api/me', headers: author.auth, payload: body });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await req('GET', '/api/me', author)).json()).toMatchObject({ country: '', orcid: null });
    const paper = await submitPaper(t.app, author.auth);
    const co = await req('PUT', `/api/author/paper/${paper._id}/co-authors`, author, {
      coAuthors: [{ name: 'A B', email: 'ab@example.org', orcid: '0000-0001-5109-3701' }],
    });
    expect([co.statusCode, co.json().message]).toEqual([400, expect.stringContaining('The ORCID iD is not valid') as unknown as string]);

    for (const [body, message] of [
      [{ doiPrefix: '10.12' }, 'The DOI prefix must be 10. followed by 4 to 9 digits (e.g. 10.12345)'],
      [{ doiPrefix: '11.12345' }, 'The DOI prefix must be 10. followed by 4 to 9 digits (e.g. 10.12345)'],
      [{ doiPattern: 'imse.{year}' }, 'The DOI pattern must contain {paperId}, so that each paper gets its own DOI'],
      [{ doiPattern: 'imse.{month}.{paperId}' }, 'The DOI pattern may use only {year} and {paperId}, not {month}'],
      [{ doiPattern: 'imse {paperId}' }, 'The DOI pattern may contain only letters, digits and - . _ ; ( ) / besides {year} and {paperId}'],
      [
        { doiPrefix: '10.12345', doiPattern: 'a#{paperId}' },
        'The DOI pattern may contain only letters, digits and - . _ ; ( ) / besides {year} and {paperId}',
      ],
    ] as const) {
      const res = await req('PUT', '/api/editor/settings', editor, body);
      expect([res.statusCode, res.json().message]).toEqual([400, message]);
    }
    expect((await req('GET', '/api/editor/settings', editor)).json()).toMatchObject({
      doiPrefix: null,
      doiPattern: 'imse.{year}.{paperId}',
    });
  });
});

describe('the exports', () => {
  test('the Crossref XML waits for a DOI prefix (409), then validates against the schema, one paper per camera-ready version', async () => {
    const before = await req('GET', '/api/editor/exports/proceedings.xml', editor);
    expect([before.statusCode, before.json().message]).toEqual([
      409,
      'Set the DOI prefix in the settings before exporting the Crossref deposit',
    ]);
    expect(
      (await req('PUT', '/api/editor/settings', editor, { doiPrefix: '10.55555', doiPattern: 'imse.{year}.{paperId}' })).statusCode,
    ).toBe(200);

    const res = await req('GET', '/api/editor/exports/proceedings.xml', editor);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="proceedings-crossref-\d{4}-\d{2}-\d{2}\.xml"$/);
    const xml = res.body;
    const result = await validateXML({
      xml: [{ fileName: 'deposit.xml', contents: xml }],
      schema: [{ fileName: 'crossref.xsd', contents: XSD }],
    });
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    expect(xml.match(/<conference_paper /g)).toHaveLength(3);
    for (const p of accepted) expect(xml).toContain(`<doi>10.55555/imse.2023.${p.id}</doi>`);
    expect(xml).toContain('<title>Stress &amp; strain: 50% of &lt;steel&gt; &quot;beams&quot;_{x}</title>');
    expect(xml).toContain(
      '<given_name>Ångström Nguyễn</given_name><surname>Ødegård</surname><affiliations><institution><institution_name>Chulalongkorn University</institution_name><institution_place>Thailand</institution_place></institution></affiliations><ORCID>https://orcid.org/0000-0002-1694-233X</ORCID>',
    );
    expect(xml).toContain(
      '<person_name sequence="additional" contributor_role="author"><given_name>สมชาย</given_name><surname>ใจดี</surname>',
    );
    expect(xml).toContain('<ORCID>https://orcid.org/0000-0002-1825-0097</ORCID>');
    expect(xml).not.toContain('No final version');
  });

  test('BibTeX: @inproceedings with LaTeX escaped, names in their script, unique keys, the DOI', async () => {
    const res = await req('GET', '/api/editor/exports/proceedings.bib', editor);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="proceedings-\d{4}-\d{2}-\d{2}\.bib"$/);
    const bib = res.body;
    const keys = [...bib.matchAll(/@inproceedings\{([^,]+),/g)].map((m) => m[1]);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(3);
    expect(bib).toContain(
      'title = {{Stress \\& strain: 50\\% of \\textless{}steel\\textgreater{} "beams"\\_\\textbraceleft{}x\\textbraceright{}}}',
    );
    expect(bib).toContain('author = {Ødegård, Ångström Nguyễn and ใจดี, สมชาย and Carberry, Josiah}');
    expect(bib).toContain(`doi = {10.55555/imse.2023.${accepted[1]!.id}}`);
  });

  test("CSV: one row per paper with the authors' affiliations, countries, ORCID iDs and the PDF's name in the zip", async () => {
    const res = await req('GET', '/api/editor/exports/proceedings.csv', editor);
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'paper_id,title,track,authors,affiliations,countries,orcids,doi,keywords,abstract,pdf_file,pdf_bytes,camera_ready_uploaded_at,given_names,family_names,latin_names',
    );
    expect(lines).toHaveLength(4);
    const row = lines.find((l) => l.startsWith(`"${accepted[1]!.id}"`))!;
    expect(row).toContain(
      '"Ångström Nguyễn Ødegård; สมชาย ใจดี; Josiah Carberry","Chulalongkorn University; มหาวิทยาลัย; Brown University","TH; TH; US","0000-0002-1694-233X; 0000-0001-5109-3700; 0000-0002-1825-0097"',
    );
  });

  test('the camera-ready zip holds each PDF byte for byte under "<id> - <title>.pdf", and the CSV', async () => {
    const res = await req('GET', '/api/editor/exports/camera-ready.zip', editor);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="camera-ready-\d{4}-\d{2}-\d{2}\.zip"$/);
    const entries = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(entries).sort()).toEqual(
      [
        `${accepted[0]!.id} - Stress & strain 50% of steel beams _{x}.pdf`,
        `${accepted[1]!.id} - Thai names สมชาย and Devanagari देवनागरी.pdf`,
        `${accepted[2]!.id} - A B testing a study.pdf`,
        'proceedings.csv',
      ].sort(),
    );
    for (const p of accepted) {
      const name = Object.keys(entries).find((n) => n.startsWith(p.id))!;
      expect(Buffer.from(entries[name]!).equals(p.pdf)).toBe(true);
    }
    expect(strFromU8(entries['proceedings.csv']!)).toContain('paper_id,title,track,authors');
  });

  test("one track: ?trackId; a track chair gets their tracks only and is refused another's", async () => {
    const one = await req('GET', '/api/editor/exports/camera-ready.zip?trackId=track-1', editor);
    expect(Object.keys(unzipSync(new Uint8Array(one.rawPayload))).filter((n) => n.endsWith('.pdf'))).toEqual([
      `${accepted[2]!.id} - A B testing a study.pdf`,
    ]);
    expect(one.headers['content-disposition']).toMatch(/filename="camera-ready-track-1-/);
    const mine = await req('GET', '/api/editor/exports/proceedings.csv', chair);
    expect(mine.body.trim().split('\r\n')).toHaveLength(2);
    expect(mine.body).toContain(accepted[2]!.id);
    const other = await req('GET', '/api/editor/exports/proceedings.bib?trackId=track-2', chair);
    expect([other.statusCode, other.json().message]).toEqual([
      403,
      'You chair other tracks: export your own tracks, or ask the editor for this one.',
    ]);
    expect((await req('GET', '/api/editor/exports/proceedings.csv?trackId=no-such-track', editor)).statusCode).toBe(404);
  });
});
