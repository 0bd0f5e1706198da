import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { multipart } from '../support/multipart';
import { signupAs, signupChair, type SignedUp } from '../support/users';

/** Decision 0076: publication profiles, imported from the files people have, and who may see and change them. */
let t: TestApp;
let editor: SignedUp;
let reviewer: SignedUp;
let author: SignedUp;
let chair: SignedUp;

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/publications');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

beforeAll(async () => {
  t = await startTestApp();
  editor = await signupAs(t.app, 'Editor');
  reviewer = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
  author = await signupAs(t.app, 'Author');
  chair = await signupChair(t.app, { editor, track: 'track-1' });
});
afterAll(async () => {
  await t?.close();
});

async function upload(url: string, who: SignedUp | null, file: Buffer, name = 'export.txt', field = 'file') {
  const { payload, contentType } = await multipart([[field, file, name]]);
  return t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType, ...(who?.auth ?? {}) } });
}
const list = async (who: SignedUp) => (await t.app.inject({ url: '/api/me/publications', headers: who.auth })).json();
const titles = async (who: SignedUp) => (await list(who)).publications.map((p: { title: string }) => p.title).sort();

describe('import', () => {
  test('BibTeX, then DBLP XML, then ORCID JSON: entries are added once, matched by DOI or title, and their gaps filled', async () => {
    const me = await signupAs(t.app, 'Reviewer');
    const bib = await upload('/api/me/publications/import', me, fixture('reviewer.bib'), 'mine.bib');
    expect(bib.statusCode).toBe(200);
    // The file's last entry is its first again (same DOI written another way): one entry.
    expect(bib.json()).toMatchObject({ format: 'bibtex', added: 3, merged: 0, message: '3 publications added, 0 already in the profile' });

    const dblp = await upload('/api/me/publications/import', me, fixture('person.xml'), 'dblp.xml');
    expect(dblp.statusCode).toBe(200);
    expect(dblp.json()).toMatchObject({ format: 'dblp', added: 2, merged: 1 });

    const orcid = await upload('/api/me/publications/import', me, fixture('works.json'), 'works.json');
    expect(orcid.statusCode).toBe(200);
    expect(orcid.json()).toMatchObject({ format: 'orcid', added: 1, merged: 1, skipped: 1 });

    const { publications, counted } = await list(me);
    expect(publications).toHaveLength(6);
    expect(counted).toBe(6);
    const graph = publications.find((p: { doi: string | null }) => p.doi === '10.5555/jml.2023.0042');
    expect(graph).toMatchObject({ source: 'bibtex', year: 2023, authors: ['Jana Müller', 'Chidi Okafor', 'Pieter van der Berg'] });
    expect(graph.abstract).toMatch(/^We predict molecular properties/);
    expect(publications.map((p: { title: string }) => p.title)).toContain(
      'Equivariant Message Passing for Protein–Ligand Binding & Docking',
    );

    // The same file again adds nothing.
    const again = await upload('/api/me/publications/import', me, fixture('person.xml'), 'dblp.xml');
    expect(again.json()).toMatchObject({ added: 0, merged: 3 });
    expect((await list(me)).publications).toHaveLength(6);
  });

  test('a title written differently (case, accents, punctuation) is the same entry when there is no DOI', async () => {
    const me = await signupAs(t.app, 'Reviewer');
    const first = Buffer.from('@article{a, title={Über Graphen: eine Einführung}, year=2020}');
    const second = Buffer.from('@inproceedings{b, title={uber graphen -- eine einfuhrung.}, booktitle={GI}, abstract={Graphs.}}');
    expect((await upload('/api/me/publications/import', me, first)).json()).toMatchObject({ added: 1 });
    expect((await upload('/api/me/publications/import', me, second)).json()).toMatchObject({ added: 0, merged: 1 });
    expect((await list(me)).publications).toEqual([
      expect.objectContaining({ title: 'Über Graphen: eine Einführung', year: 2020, venue: 'GI', abstract: 'Graphs.' }),
    ]);
  });

  test('files that are not what they claim, too large, or without a usable entry: a clear 4xx, nothing imported', async () => {
    const me = await signupAs(t.app, 'Reviewer');
    const cases: Array<[Buffer, number, RegExp]> = [
      [fixture('malformed.bib'), 400, /no publication with a title|could not be read/],
      [Buffer.from('%PDF-1.7\n\xff\xfe binary', 'latin1'), 400, /not text in UTF-8/],
      [Buffer.from('name,year\nA paper,2020\n'), 400, /neither BibTeX, DBLP XML nor ORCID JSON/],
      [Buffer.from('<html><body>Not DBLP</body></html>'), 400, /not a DBLP person page/],
      [Buffer.from('{"works": []}'), 400, /not an ORCID works export/],
      [Buffer.from('{"group": [{"work-summary": [{"title": null}]}]}'), 400, /no publication with a title/],
      [Buffer.from(''), 400, /empty/],
      [
        Buffer.concat([Buffer.from('@misc{x, title={Big}, note={'), Buffer.alloc(2 * 1024 * 1024, 'a'), Buffer.from('}}')]),
        413,
        /too large \(at most 2 MB\)/,
      ],
    ];
    for (const [file, status, message] of cases) {
      const res = await upload('/api/me/publications/import', me, file);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    const wrongField = await upload('/api/me/publications/import', me, fixture('reviewer.bib'), 'a.bib', 'photo');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toBe('The file must be sent in the field `file`');
    const json = await t.app.inject({ method: 'POST', url: '/api/me/publications/import', headers: me.auth, payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
    expect((await list(me)).publications).toEqual([]);
  });

  test('an XML bomb and an external entity are refused (400), never expanded or read', async () => {
    const me = await signupAs(t.app, 'Reviewer');
    for (const name of ['bomb.xml', 'external-entity.xml']) {
      const started = Date.now();
      const res = await upload('/api/me/publications/import', me, fixture(name), name);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/declares entities/);
      expect(res.body).not.toContain('root:');
      expect(Date.now() - started).toBeLessThan(5000);
    }
    expect((await list(me)).publications).toEqual([]);
  });
});

describe('by hand', () => {
  test('add, edit, choose what counts, remove; a duplicate is a 409; bad fields a 400 naming them', async () => {
    const me = await signupAs(t.app, 'Author');
    const add = (payload: object) => t.app.inject({ method: 'POST', url: '/api/me/publications', headers: me.auth, payload });
    const created = await add({
      title: 'Sparse Attention for Long Documents',
      year: 2024,
      doi: 'https://doi.org/10.5555/SA.1',
      authors: ['A. Author'],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ doi: '10.5555/sa.1', counts: true, source: 'manual', abstract: '', venue: '' });
    const id = created.json().id;

    const dup = await add({ title: 'Another title', doi: '10.5555/sa.1' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('This publication is already in the profile (same DOI, or the same title).');
    expect((await add({ title: '' })).json().message).toBe('The title is required');
    expect((await add({ title: 'X', year: 3000 })).json().message).toBe('The year is from 1000 to 2100');
    expect((await add({ title: 'X', doi: 'not a doi' })).statusCode).toBe(400);

    const off = await t.app.inject({ method: 'PATCH', url: `/api/me/publications/${id}`, headers: me.auth, payload: { counts: false } });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ counts: false, title: 'Sparse Attention for Long Documents' });
    expect((await list(me)).counted).toBe(0);
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/me/publications/${id}`,
      headers: me.auth,
      payload: { abstract: 'Attention over long documents.', venue: 'ACL' },
    });
    expect(edited.json()).toMatchObject({ abstract: 'Attention over long documents.', venue: 'ACL', counts: false });

    // Someone else's publication does not exist for them.
    const other = await signupAs(t.app, 'Reviewer');
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/api/me/publications/${id}`, headers: other.auth, payload: { counts: true } }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/me/publications/${id}`, headers: other.auth })).statusCode).toBe(404);

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/me/publications/${id}`, headers: me.auth });
    expect(removed.json()).toEqual({ message: 'Publication removed' });
    expect((await list(me)).publications).toEqual([]);
  });
});

describe('the editor and chairs', () => {
  test('the editor imports for a person, audited; a chair reads the profile but may not import; others may not read it', async () => {
    const url = `/api/editor/people/${reviewer.user._id}/publications`;
    const res = await upload(`${url}/import`, editor, fixture('person.xml'), 'dblp.xml');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ format: 'dblp', added: 3 });
    const audit = (await t.app.inject({ url: '/api/editor/audit?action=publications.import', headers: editor.auth })).json();
    expect(audit.entries[0]).toMatchObject({
      actorId: editor.user._id,
      action: 'publications.import',
      details: { userId: reviewer.user._id, format: 'dblp', added: 3, merged: 0 },
    });
    expect(await titles(reviewer)).toContain('Benchmarks for Reaction Yield Prediction');

    const byChair = await t.app.inject({ url, headers: chair.auth });
    expect(byChair.statusCode).toBe(200);
    expect(byChair.json().publications).toHaveLength(3);
    expect((await upload(`${url}/import`, chair, fixture('reviewer.bib'))).statusCode).toBe(403);
    for (const who of [author, reviewer]) {
      expect((await t.app.inject({ url, headers: who.auth })).statusCode).toBe(403);
      expect((await upload(`${url}/import`, who, fixture('reviewer.bib'))).statusCode).toBe(403);
    }
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/editor/people/nobody/publications', headers: editor.auth })).statusCode).toBe(404);
    expect((await upload('/api/editor/people/nobody/publications/import', editor, fixture('reviewer.bib'))).statusCode).toBe(404);
  });

  test('a refused import by the editor leaves no audit row and no entry', async () => {
    const person = await signupAs(t.app, 'Reviewer');
    const before = (await t.app.inject({ url: '/api/editor/audit?action=publications.import', headers: editor.auth })).json().entries
      .length;
    const res = await upload(`/api/editor/people/${person.user._id}/publications/import`, editor, fixture('bomb.xml'));
    expect(res.statusCode).toBe(400);
    const after = (await t.app.inject({ url: '/api/editor/audit?action=publications.import', headers: editor.auth })).json().entries.length;
    expect(after).toBe(before);
    expect((await list(person)).publications).toEqual([]);
  });
});
