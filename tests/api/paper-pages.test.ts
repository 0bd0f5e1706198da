import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { papers } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../support/app';
import { injectMultipart, pdfBytes, submitPaper } from '../support/multipart';
import { signupAs, type SignedUp } from '../support/users';

/**
 * Decision 0061: each accepted paper has a public page at /papers/:paperId, rendered by the server with no script, and
 * every DOI of the Crossref deposit points to it. A paper without a page (unknown, undecided, rejected, accepted but
 * not yet released to its authors, withdrawn) gets one and the same 404.
 */
const PUBLIC_URL = 'https://conf.example.org';
let t: TestApp;
let editor: SignedUp;
let author: SignedUp;
const id = {} as Record<'accepted' | 'hostile' | 'undecided' | 'rejected' | 'unreleased' | 'withdrawn', string>;
const HOSTILE = `<script>alert("x")</script> & 'quotes' </title><meta name="robots" content="noindex">`;
const ABSTRACT = 'We measure graphene membranes in sea water.\n\nThe second paragraph: 5 < 7 & "salt".';

const asEditor = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: editor.auth, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
const visit = (url: string) => t.app.inject({ method: 'GET', url });

async function decide(paperId: string, decision: 'Accepted' | 'Rejected', notify: boolean) {
  expect((await asEditor('PUT', `/api/editor/papers/${paperId}/decision`, { decision })).statusCode).toBe(200);
  if (notify) expect((await asEditor('POST', '/api/editor/notify', { paperIds: [paperId] })).statusCode).toBe(200);
}

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL });
  editor = await signupAs(t.app, 'Editor');
  author = await signupAs(t.app, 'Author', { name: 'Ångström Nguyễn' });
  const profile = await t.app.inject({
    method: 'PATCH',
    url: '/api/me',
    headers: author.auth,
    payload: { affiliation: 'Chulalongkorn University', country: 'TH' },
  });
  expect(profile.statusCode).toBe(200);
  expect((await asEditor('PUT', '/api/editor/settings', { doiPrefix: '10.12345' })).statusCode).toBe(200);

  id.accepted = (await submitPaper(t.app, author.auth, { title: 'Graphene in Sea Water', abstract: ABSTRACT }))._id;
  const co = await t.app.inject({
    method: 'PUT',
    url: `/api/author/paper/${id.accepted}/co-authors`,
    headers: author.auth,
    payload: { coAuthors: [{ name: 'Josiah Carberry', email: 'josiah@example.org', affiliation: 'Brown University', country: 'US' }] },
  });
  expect(co.statusCode, co.body).toBe(200);
  await decide(id.accepted, 'Accepted', true);
  const up = await injectMultipart(
    t.app,
    'POST',
    `/api/author/paper/${id.accepted}/camera-ready`,
    [['file', pdfBytes('camera-ready', 20_000), 'final.pdf']],
    author.auth,
  );
  expect(up.statusCode, up.body).toBe(201);

  id.hostile = (await submitPaper(t.app, author.auth, { title: HOSTILE, abstract: `Abstract ${HOSTILE}` }))._id;
  await decide(id.hostile, 'Accepted', true);
  id.undecided = (await submitPaper(t.app, author.auth, { title: 'Undecided paper' }))._id;
  id.rejected = (await submitPaper(t.app, author.auth, { title: 'Rejected paper' }))._id;
  await decide(id.rejected, 'Rejected', true);
  id.unreleased = (await submitPaper(t.app, author.auth, { title: 'Accepted, not yet told' }))._id;
  await decide(id.unreleased, 'Accepted', false);
  id.withdrawn = (await submitPaper(t.app, author.auth, { title: 'Withdrawn after acceptance' }))._id;
  await decide(id.withdrawn, 'Accepted', true);
  await t.app.database.db.update(papers).set({ withdrawnAt: new Date() }).where(eq(papers.id, id.withdrawn));

  const session = await asEditor('POST', '/api/editor/program/sessions', {
    title: 'Materials I',
    track: 'Science and Materials',
    room: 'Room A',
    start: '2023-12-27T09:00:00+07:00',
    end: '2023-12-27T10:30:00+07:00',
  });
  expect(session.statusCode, session.body).toBe(201);
  const placed = await asEditor('PUT', `/api/editor/program/sessions/${session.json()._id as string}/papers`, {
    papers: [{ paperId: id.accepted, presenterEmail: author.user.email }],
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const published = await asEditor('POST', '/api/editor/program/publish', { acknowledgeWarnings: true });
  expect(published.statusCode, published.body).toBe(200);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('an accepted paper whose decision is released has a public page', () => {
  test('it shows the title, the authors in order with affiliations, the abstract, track, session, DOI and a way back', async () => {
    const res = await visit(`/papers/${id.accepted}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    expect(html).toContain('<h1>Graphene in Sea Water</h1>');
    expect(html).toContain(
      '<li><span class="name">Ångström Nguyễn</span><span class="affiliation">, Chulalongkorn University, Thailand</span></li>' +
        '<li><span class="name">Josiah Carberry</span><span class="affiliation">, Brown University, United States</span></li>',
    );
    expect(html).toContain(
      '<p>We measure graphene membranes in sea water.</p><p>The second paragraph: 5 &lt; 7 &amp; &quot;salt&quot;.</p>',
    );
    expect(html).toContain('<dt>Track</dt><dd>Computer Science and Applications</dd>');
    // The conference's zone (Bangkok, the default facts), as the presenters' mails say it.
    expect(html).toContain(
      '<dt>Session</dt><dd>Materials I<br>Wednesday, 27 December 2023, 09:00–10:30 (Bangkok time, UTC+7), Room A</dd>',
    );
    const doi = `10.12345/imse.2023.${id.accepted}`;
    expect(html).toContain(`<dt>DOI</dt><dd><a href="https://doi.org/${doi}">https://doi.org/${doi}</a></dd>`);
    expect(html).toContain('<a href="/program">Back to the programme</a>');
    expect(html).not.toMatch(/<script/i);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
  });

  test('it is indexable: canonical address and og:url on PUBLIC_URL, a description and Google Scholar citation tags', async () => {
    const html = (await visit(`/papers/${id.accepted}`)).body;
    const url = `${PUBLIC_URL}/papers/${id.accepted}`;
    expect(html).toContain(`<link rel="canonical" href="${url}">`);
    expect(html).toContain(`<meta property="og:url" content="${url}">`);
    expect(html).not.toContain('noindex');
    expect(html).toContain(
      '<meta name="description" content="We measure graphene membranes in sea water. The second paragraph: 5 &lt; 7 &amp; &quot;salt&quot;.">',
    );
    expect(html).toContain('<meta name="citation_title" content="Graphene in Sea Water">');
    const authors = [...html.matchAll(/<meta name="citation_author" content="([^"]*)">/g)].map((m) => m[1]);
    expect(authors).toEqual(['Ångström Nguyễn', 'Josiah Carberry']);
    expect(html).toContain('<meta name="citation_publication_date" content="2023/12/27">');
    expect(html).toContain(
      '<meta name="citation_conference_title" content="5th World Conference on Innovations in Management, Science and Engineering">',
    );
    expect(html).toContain(`<meta name="citation_doi" content="10.12345/imse.2023.${id.accepted}">`);
  });

  test('until the proceedings are published the camera-ready PDF is not public: no link, and its address is the 404', async () => {
    const html = (await visit(`/papers/${id.accepted}`)).body;
    expect(html).not.toContain('paper.pdf');
    expect(html).not.toContain('citation_pdf_url');
    const pdf = await visit(`/papers/${id.accepted}/paper.pdf`);
    expect(pdf.statusCode).toBe(404);
    expect(pdf.body).toBe((await visit('/papers/no-such-paper')).body);
  });

  test('a paper without a camera-ready version has no DOI; one the programme does not place has no session', async () => {
    const html = (await visit(`/papers/${id.hostile}`)).body;
    expect(html).not.toContain('<dt>DOI</dt>');
    expect(html).not.toContain('citation_doi');
    expect(html).not.toContain('<dt>Session</dt>');
  });

  test('a hostile title and abstract are text everywhere they appear', async () => {
    const res = await visit(`/papers/${id.hostile}`);
    expect(res.statusCode).toBe(200);
    const escaped =
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39; &lt;/title&gt;&lt;meta name=&quot;robots&quot; content=&quot;noindex&quot;&gt;';
    expect(res.body).toContain(`<h1>${escaped}</h1>`);
    expect(res.body).toContain(`<title>${escaped} | IMSE 2025</title>`);
    expect(res.body).toContain(`<meta name="citation_title" content="${escaped}">`);
    expect(res.body).toContain(`<p>Abstract ${escaped}</p>`);
    expect(res.body).not.toMatch(/<script/i);
    expect(res.body).not.toContain('<meta name="robots"');
  });
});

describe('any other id is the same 404', () => {
  test('unknown, undecided, rejected, accepted but unreleased and withdrawn papers: one status, one body, nothing about the paper', async () => {
    const unknown = await visit('/papers/0123456789abcdef01234567');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(unknown.body).toContain('<h1>Paper not found</h1>');
    expect(unknown.body).toContain('<meta name="robots" content="noindex">');
    for (const which of ['undecided', 'rejected', 'unreleased', 'withdrawn'] as const) {
      for (const path of [`/papers/${id[which]}`, `/papers/${id[which]}/paper.pdf`]) {
        const res = await visit(path);
        expect([which, path, res.statusCode]).toEqual([which, path, 404]);
        expect(res.body).toBe(unknown.body);
        expect(res.headers['cache-control']).toBe(unknown.headers['cache-control']);
      }
    }
  });

  test('any other address under /papers/ is the same 404 page; a trailing slash leads to the page without it', async () => {
    const unknown = (await visit('/papers/0123456789abcdef01234567')).body;
    for (const path of ['/papers/', `/papers/${id.accepted}/slides`, `/papers/${id.accepted}/a/b`]) {
      const res = await visit(path);
      expect([path, res.statusCode, res.body]).toEqual([path, 404, unknown]);
    }
    const slashed = await visit(`/papers/${id.accepted}/`);
    expect([slashed.statusCode, slashed.headers.location]).toEqual([308, `/papers/${id.accepted}`]);
  });

  test('the page follows the decision the authors were told: a changed decision counts once it is released', async () => {
    const other = (await submitPaper(t.app, author.auth, { title: 'Accepted, then rejected' }))._id;
    await decide(other, 'Accepted', true);
    expect((await visit(`/papers/${other}`)).statusCode).toBe(200);
    await decide(other, 'Rejected', false);
    expect((await visit(`/papers/${other}`)).statusCode).toBe(200);
    await decide(other, 'Rejected', true);
    const gone = await visit(`/papers/${other}`);
    expect([gone.statusCode, gone.body]).toEqual([404, (await visit('/papers/x')).body]);
  });
});

describe('the Crossref deposit points every DOI to the paper page', () => {
  test('the resource of each DOI is PUBLIC_URL/papers/<id>', async () => {
    const res = await asEditor('GET', '/api/editor/exports/proceedings.xml');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      `<doi_data><doi>10.12345/imse.2023.${id.accepted}</doi><resource>${PUBLIC_URL}/papers/${id.accepted}</resource></doi_data>`,
    );
    expect(res.body).not.toContain('/program#');
  });
});
