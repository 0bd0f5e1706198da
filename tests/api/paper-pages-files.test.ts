import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditLog, cameraReady, paperSlides } from '../../src/server/db/schema';
import { FILE_REFERENCES } from '../../src/server/storage/file-references';
import { startTestApp, type TestApp } from '../support/app';
import { injectMultipart, pdfBytes, submitPaper } from '../support/multipart';
import { signupAs, type SignedUp } from '../support/users';

/**
 * Decision 0066: the proceedings' publication (the editor's setting) makes each accepted paper's camera-ready PDF public
 * at /papers/:id/paper.pdf, and a presenter (an author of the accepted paper) uploads slides, public at
 * /papers/:id/slides.pdf. Anything else at those addresses is the paper page's one 404: no submitted or reviewer's
 * version, nothing of a paper that is not accepted.
 */
let t: TestApp;
let editor: SignedUp;
let author: SignedUp;
let coAuthor: SignedUp;
let stranger: SignedUp;
const id = {} as Record<'accepted' | 'noCameraReady' | 'rejected' | 'unreleased', string>;
const SUBMITTED = pdfBytes('submitted-version-secret', 3000);
const FINAL = pdfBytes('camera-ready-final', 20_000);
const SLIDES = pdfBytes('slides-v1', 5000);
const SLIDES_2 = pdfBytes('slides-v2', 6000);

const db = () => t.app.database.db;
const as = (who: SignedUp | null, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who?.auth ?? {}, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
const visit = (url: string) => t.app.inject({ method: 'GET', url });
const uploadSlides = (who: SignedUp, paperId: string, file: Buffer, name = 'talk.pdf') =>
  injectMultipart(t.app, 'POST', `/api/author/paper/${paperId}/slides`, [['file', file, name]], who.auth);
const notFoundPage = async () => (await visit('/papers/no-such-paper')).body;

async function decide(paperId: string, decision: 'Accepted' | 'Rejected', notify: boolean) {
  expect((await as(editor, 'PUT', `/api/editor/papers/${paperId}/decision`, { decision })).statusCode).toBe(200);
  if (notify)
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/editor/notify', headers: editor.auth, payload: { paperIds: [paperId] } }))
        .statusCode,
    ).toBe(200);
}

beforeAll(async () => {
  t = await startTestApp();
  editor = await signupAs(t.app, 'Editor');
  author = await signupAs(t.app, 'Author', { name: 'Ada Presenter' });
  coAuthor = await signupAs(t.app, 'Author', { name: 'Carl Coauthor', verified: true });
  stranger = await signupAs(t.app, 'Author');
  id.accepted = (await submitPaper(t.app, author.auth, { title: 'Graphene in Sea Water', pdf: SUBMITTED }))._id;
  const co = await t.app.inject({
    method: 'PUT',
    url: `/api/author/paper/${id.accepted}/co-authors`,
    headers: author.auth,
    payload: { coAuthors: [{ name: 'Carl Coauthor', email: coAuthor.user.email, affiliation: 'Brown University', country: 'US' }] },
  });
  expect(co.statusCode, co.body).toBe(200);
  await decide(id.accepted, 'Accepted', true);
  const up = await injectMultipart(
    t.app,
    'POST',
    `/api/author/paper/${id.accepted}/camera-ready`,
    [['file', FINAL, 'final.pdf']],
    author.auth,
  );
  expect(up.statusCode, up.body).toBe(201);
  id.noCameraReady = (await submitPaper(t.app, author.auth, { title: 'Accepted, no camera-ready' }))._id;
  await decide(id.noCameraReady, 'Accepted', true);
  id.rejected = (await submitPaper(t.app, author.auth, { title: 'Rejected paper' }))._id;
  await decide(id.rejected, 'Rejected', true);
  id.unreleased = (await submitPaper(t.app, author.auth, { title: 'Accepted, not yet told' }))._id;
  await decide(id.unreleased, 'Accepted', false);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the proceedings published', () => {
  test('before: no link on the page, the PDF address is the 404, the first steps say so', async () => {
    expect((await as(editor, 'GET', '/api/editor/proceedings/publication')).json()).toEqual({ published: false, publishedAt: null });
    const html = (await visit(`/papers/${id.accepted}`)).body;
    expect(html).not.toContain('paper.pdf');
    const pdf = await visit(`/papers/${id.accepted}/paper.pdf`);
    expect(pdf.statusCode).toBe(404);
    expect(pdf.body).toBe(await notFoundPage());
    const steps = (await as(editor, 'GET', '/api/editor/first-steps')).json() as {
      steps: Array<{ key: string; done: boolean; detail: string }>;
    };
    expect(steps.steps.find((s) => s.key === 'proceedings')).toMatchObject({
      done: false,
      detail: expect.stringMatching(/^Proceedings not published: /),
    });
  });

  test('only the editor publishes; the answer is checked, audited, and the first steps follow', async () => {
    expect((await as(author, 'PUT', '/api/editor/proceedings/publication', { published: true })).statusCode).toBe(403);
    expect((await as(null, 'PUT', '/api/editor/proceedings/publication', { published: true })).statusCode).toBe(401);
    const bad = await as(editor, 'PUT', '/api/editor/proceedings/publication', { published: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Say whether the proceedings are published: true or false');
    const res = await as(editor, 'PUT', '/api/editor/proceedings/publication', { published: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ published: true, publishedAt: expect.any(String) });
    const rows = await db().select().from(auditLog).where(eq(auditLog.action, 'proceedings.publish'));
    expect(rows.map((r) => r.details)).toEqual([{ published: true }]);
    const steps = (await as(editor, 'GET', '/api/editor/first-steps')).json() as { steps: Array<{ key: string; done: boolean }> };
    expect(steps.steps.find((s) => s.key === 'proceedings')?.done).toBe(true);
  });

  test('after: the page links the camera-ready PDF, served as uploaded, never the submitted version', async () => {
    const html = (await visit(`/papers/${id.accepted}`)).body;
    expect(html).toContain(`<a href="/papers/${id.accepted}/paper.pdf">Full paper (PDF)</a>`);
    expect(html).toContain(`<meta name="citation_pdf_url" content="http://`);
    const pdf = await visit(`/papers/${id.accepted}/paper.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.equals(FINAL)).toBe(true);
    expect(pdf.rawPayload.includes(Buffer.from('submitted-version-secret'))).toBe(false);
  });

  test('no PDF without a camera-ready version, nor of a rejected or unreleased paper: the one 404', async () => {
    const page404 = await notFoundPage();
    for (const paperId of [id.noCameraReady, id.rejected, id.unreleased, 'x'.repeat(300)]) {
      const res = await visit(`/papers/${paperId}/paper.pdf`);
      expect(res.statusCode, paperId).toBe(404);
      expect(res.body).toBe(page404);
    }
    expect((await visit(`/papers/${id.noCameraReady}`)).body).not.toContain('paper.pdf');
  });

  test('taken back: the address is the 404 again', async () => {
    expect((await as(editor, 'PUT', '/api/editor/proceedings/publication', { published: false })).json()).toMatchObject({
      published: false,
    });
    expect((await visit(`/papers/${id.accepted}/paper.pdf`)).statusCode).toBe(404);
    expect((await visit(`/papers/${id.accepted}`)).body).not.toContain('paper.pdf');
    expect((await as(editor, 'PUT', '/api/editor/proceedings/publication', { published: true })).statusCode).toBe(200);
  });
});

describe("a presenter's slides", () => {
  test('none yet: the page has no link and the address is the 404', async () => {
    expect((await as(author, 'GET', `/api/author/paper/${id.accepted}/slides`)).json()).toEqual({ slides: null });
    expect((await visit(`/papers/${id.accepted}`)).body).not.toContain('slides.pdf');
    expect((await visit(`/papers/${id.accepted}/slides.pdf`)).statusCode).toBe(404);
  });

  test('only an author of an accepted, released paper uploads, and only a PDF', async () => {
    expect((await uploadSlides(stranger, id.accepted, SLIDES)).statusCode).toBe(404);
    const rejected = await uploadSlides(author, id.rejected, SLIDES);
    expect(rejected.statusCode).toBe(403);
    expect(rejected.json().message).toBe('Slides can be uploaded once the acceptance of the paper has been sent to its authors');
    expect((await uploadSlides(author, id.unreleased, SLIDES)).statusCode).toBe(403);
    const notPdf = await uploadSlides(author, id.accepted, Buffer.from('PowerPoint, not a PDF'), 'talk.pptx');
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().message).toBe('The file is not a PDF');
    expect(await db().$count(paperSlides)).toBe(0);
  });

  test('the presenter uploads: the page links them, served as uploaded, audited', async () => {
    const res = await uploadSlides(author, id.accepted, SLIDES);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().slides).toMatchObject({ url: `/papers/${id.accepted}/slides.pdf`, size: SLIDES.length, fileName: 'talk.pdf' });
    const html = (await visit(`/papers/${id.accepted}`)).body;
    expect(html).toContain(`<a href="/papers/${id.accepted}/slides.pdf">Presentation slides (PDF)</a>`);
    const pdf = await visit(`/papers/${id.accepted}/slides.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.equals(SLIDES)).toBe(true);
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, 'paper.slides'));
    expect(audit.map((r) => [r.paperId, r.details])).toEqual([[id.accepted, { size: SLIDES.length }]]);
  });

  test('a co-author replaces them; the camera-ready version stays', async () => {
    const res = await uploadSlides(coAuthor, id.accepted, SLIDES_2, 'v2.pdf');
    expect(res.statusCode, res.body).toBe(201);
    expect((await visit(`/papers/${id.accepted}/slides.pdf`)).rawPayload.equals(SLIDES_2)).toBe(true);
    const [cr] = await db().select().from(cameraReady).where(eq(cameraReady.paperId, id.accepted));
    expect(await t.app.files.exists(cr!.storageKey)).toBe(true);
    expect((await as(author, 'GET', `/api/author/paper/${id.accepted}/slides`)).json().slides).toMatchObject({ fileName: 'v2.pdf' });
  });

  test('the file store keeps slides: their column is one of the file references', () => {
    expect(FILE_REFERENCES).toContainEqual(['paper_slides_all', 'storage_key']);
  });

  test('the editor removes them (audited): the link goes, the address is the 404; the author cannot remove', async () => {
    expect((await as(author, 'DELETE', `/api/editor/papers/${id.accepted}/slides`)).statusCode).toBe(403);
    expect((await as(editor, 'GET', `/api/editor/papers/${id.accepted}/slides`)).json().slides).toMatchObject({ fileName: 'v2.pdf' });
    const res = await as(editor, 'DELETE', `/api/editor/papers/${id.accepted}/slides`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ slides: null });
    expect((await visit(`/papers/${id.accepted}`)).body).not.toContain('slides.pdf');
    expect((await visit(`/papers/${id.accepted}/slides.pdf`)).statusCode).toBe(404);
    expect(await db().$count(paperSlides)).toBe(0);
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, 'paper.slides-remove'));
    expect(audit.map((r) => r.paperId)).toEqual([id.accepted]);
    expect((await as(editor, 'DELETE', `/api/editor/papers/${id.accepted}/slides`)).statusCode).toBe(404);
    expect((await as(editor, 'GET', `/api/editor/papers/${id.accepted}/slides`)).json()).toEqual({ slides: null });
  });
});
