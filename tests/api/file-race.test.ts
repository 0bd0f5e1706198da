import { createHash } from 'node:crypto';
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { injectMultipart, pdfBytes, type Part } from '../support/multipart';
import { signupAs, type SignedUp } from '../support/users';
import { UNSTORABLE_TEXT } from '../../src/server/unstorable-text';
import { storedFiles } from '../../src/server/db/schema';
import { sweepUnreferencedFiles } from '../../src/server/storage/pg-file-store';

/**
 * Decision 0020: files are shared by content hash. A request that failed after storing its file deleted it
 * "if unused" while another request with the same bytes had stored it but not yet committed its paper:
 * in 60 races, 4 papers answered 201 and then served 404 "PDF not found".
 */
describe.each(['postgres', 'disk'] as const)('FILE_STORE=%s', (store) => {
  let t: TestApp;
  let authors: SignedUp[];
  beforeAll(async () => {
    t = await startTestApp({ FILE_STORE: store });
    authors = await Promise.all(Array.from({ length: 6 }, () => signupAs(t.app, 'Author')));
  });
  afterAll(async () => {
    await t?.close();
  });

  test('60 concurrent submissions, in pairs of the same bytes where one of each pair fails after its file is stored: every 201 paper serves its PDF', async () => {
    // 30 different files, each sent twice at once: the race is on a file no committed paper names yet.
    const pdfs = Array.from({ length: 30 }, (_, i) => pdfBytes(`race-${store}-${i}`, 100_000));
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => {
        const pdf = pdfs[i >> 1]!;
        const parts: Part[] = [
          ['title', `Race ${i}`],
          ['abstract', 'Same bytes.'],
          ['keywords', 'AI'],
          ['file', pdf, 'same.pdf'],
        ];
        // Refused after the file is stored (a field that cannot be stored, after the file): the request discards what it stored.
        if (i % 2) parts.push(['keywords', 'bad\u0000']);
        return injectMultipart(t.app, 'POST', '/api/author/new-paper', parts, authors[i % authors.length]!.auth).then((res) => ({
          res,
          pdf,
        }));
      }),
    );
    const created = results.filter((r) => r.res.statusCode === 201);
    expect(created).toHaveLength(30);
    expect(results.filter((r) => r.res.statusCode === 400).map((r) => r.res.json())).toEqual(Array(30).fill({ message: UNSTORABLE_TEXT }));
    const served = await Promise.all(
      created.map(async ({ res, pdf }) => ({ file: await t.app.inject({ url: res.json().paper.pdf }), pdf })),
    );
    expect(served.map((r) => r.file.statusCode)).toEqual(Array(30).fill(200));
    for (const { file, pdf } of served) expect(file.rawPayload.equals(pdf)).toBe(true);
  });

  test('a lone failed submission keeps nothing; a paper stored again after a failure with the same bytes is kept', async () => {
    const pdf = pdfBytes(`lone-${store}`, 10_000);
    const bad = await injectMultipart(
      t.app,
      'POST',
      '/api/author/new-paper',
      [
        ['title', 'Lone'],
        ['abstract', 'x'],
        ['file', pdf, 'a.pdf'],
        ['keywords', 'bad\u0000'],
      ],
      authors[0]!.auth,
    );
    expect(bad.statusCode).toBe(400);
    expect(await t.app.files.exists(sha256(pdf))).toBe(false);
    const good = await injectMultipart(
      t.app,
      'POST',
      '/api/author/new-paper',
      [
        ['title', 'Lone'],
        ['abstract', 'x'],
        ['file', pdf, 'a.pdf'],
      ],
      authors[0]!.auth,
    );
    expect(good.statusCode).toBe(201);
    const file = await t.app.inject({ url: good.json().paper.pdf });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pdf)).toBe(true);
  });

  if (store === 'disk') {
    test('what a killed upload left in files/tmp is removed when the server starts again', async () => {
      const leftover = path.join(t.dataDir, 'files', 'tmp', 'a1b2c3d4e5f6a1b2c3d4e5f6');
      writeFileSync(leftover, pdfBytes('half-written', 5_000));
      await t.restart();
      expect(readdirSync(path.join(t.dataDir, 'files', 'tmp'))).toEqual([]);
    });
  }

  if (store === 'postgres') {
    test('the PDF is kept in PostgreSQL in chunks of at most 256 KB, not on the disk', async () => {
      const pdf = pdfBytes('chunked', 700_000);
      const res = await injectMultipart(
        t.app,
        'POST',
        '/api/author/new-paper',
        [
          ['title', 'Big'],
          ['abstract', 'x'],
          ['file', pdf, 'big.pdf'],
        ],
        authors[1]!.auth,
      );
      expect(res.statusCode).toBe(201);
      const { rows } = await t.app.database.pool.query<{ n: number; biggest: number; total: string }>(
        `select count(*)::int as n, max(length(c.data))::int as biggest, sum(length(c.data))::text as total
         from stored_files f join file_chunks c on c.blob_id = f.blob_id where f.key = $1`,
        [sha256(pdf)],
      );
      expect(rows[0]).toEqual({ n: 3, biggest: 256 * 1024, total: String(pdf.length) });
      const [row] = await t.app.database.db.select().from(storedFiles).limit(1);
      expect(row).toBeDefined();
      const file = await t.app.inject({ url: res.json().paper.pdf });
      expect(file.rawPayload.equals(pdf)).toBe(true);
      expect((await t.app.files.head(sha256(pdf), 8)).toString()).toBe('%PDF-1.7');
      expect(await t.app.files.exists('0'.repeat(64))).toBe(false);
    });

    test('a file no row names, left over an hour ago by a killed request, is swept; a named one, the conference logo and a fresh one stay', async () => {
      const { pool } = t.app.database;
      const logo = pdfBytes('stands in for the logo image', 3_000);
      await t.app.files.put(Readable.from([logo]));
      await pool.query(`insert into settings (id, logo_key) values (1, $1) on conflict (edition_id, id) do update set logo_key = $1`, [
        sha256(logo),
      ]);
      const orphan = pdfBytes('orphan', 3_000);
      const fresh = pdfBytes('fresh orphan', 3_000);
      const named = pdfBytes('named', 3_000);
      const res = await injectMultipart(
        t.app,
        'POST',
        '/api/author/new-paper',
        [
          ['title', 'Named'],
          ['abstract', 'x'],
          ['file', named, 'n.pdf'],
        ],
        authors[2]!.auth,
      );
      expect(res.statusCode).toBe(201);
      // Stored outside any request, as by a request killed before it committed its paper.
      await t.app.files.put(Readable.from([orphan]));
      await t.app.files.put(Readable.from([fresh]));
      const old = [sha256(orphan), sha256(named), sha256(logo)];
      await pool.query(`update stored_files set stored_at = now() - interval '2 hours' where key = any($1)`, [old]);
      await pool.query(`update file_holds set at = now() - interval '2 hours' where key = any($1)`, [old]);
      expect(await sweepUnreferencedFiles(pool)).toBe(1);
      expect(await t.app.files.exists(sha256(logo))).toBe(true);
      expect(await t.app.files.exists(sha256(orphan))).toBe(false);
      expect(
        (
          await pool.query(
            'select count(*)::int as n from file_chunks c where not exists (select 1 from stored_files f where f.blob_id = c.blob_id)',
          )
        ).rows[0].n,
      ).toBe(0);
      expect(await t.app.files.exists(sha256(fresh))).toBe(true);
      expect((await t.app.inject({ url: res.json().paper.pdf })).rawPayload.equals(named)).toBe(true);
    });
  }
});

function sha256(b: Buffer): string {
  return createHash('sha256').update(b).digest('hex');
}
