import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, expect, test } from 'vitest';
import { extractTar, tarStream, TarError } from './tar';
import { backupFileName, newestBackupAt } from './backup';

const dir = mkdtempSync(path.join(os.tmpdir(), 'imse-tar-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function archive(entries: Array<{ name: string; bytes: Buffer }>): Promise<Buffer> {
  const sources = entries.map((e, i) => {
    const file = path.join(dir, `src-${i}-${Math.random()}`);
    writeFileSync(file, e.bytes);
    return { name: e.name, file, size: e.bytes.length };
  });
  const chunks: Buffer[] = [];
  for await (const c of tarStream(sources)) chunks.push(c);
  return Buffer.concat(chunks);
}

test('what tarStream writes, extractTar and the system tar read back, with each entry’s SHA-256', async () => {
  const entries = [
    { name: 'manifest.json', bytes: Buffer.from('{"a":1}\n') },
    { name: 'database/papers_all.0000.jsonl', bytes: Buffer.alloc(512, 7) },
    { name: 'files/ab/abcdef', bytes: Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 251)) },
    { name: 'empty', bytes: Buffer.alloc(0) },
  ];
  const tar = await archive(entries);
  const out = mkdtempSync(path.join(dir, 'out-'));
  // Fed in odd-sized pieces, as a gunzip stream hands them over.
  const pieces = Array.from({ length: Math.ceil(tar.length / 333) }, (_, i) => tar.subarray(i * 333, (i + 1) * 333));
  const got = await extractTar(Readable.from(pieces), out);
  expect(got.map((e) => e.name)).toEqual(entries.map((e) => e.name));
  for (const e of entries) expect(readFileSync(path.join(out, e.name)).equals(e.bytes)).toBe(true);
  const tarFile = path.join(dir, 'a.tar');
  writeFileSync(tarFile, tar);
  expect(execFileSync('tar', ['-tf', tarFile], { encoding: 'utf8' }).trim().split('\n')).toEqual(entries.map((e) => e.name));
});

test('an archive cut short, or naming a path outside its folder, is refused', async () => {
  const tar = await archive([{ name: 'manifest.json', bytes: Buffer.alloc(2000, 1) }]);
  await expect(extractTar(Readable.from([tar.subarray(0, 1500)]), mkdtempSync(path.join(dir, 'cut-')))).rejects.toThrow(TarError);
  const evil = Buffer.from(tar);
  evil.write('../evil\0', 0, 'ascii');
  await expect(extractTar(Readable.from([evil]), mkdtempSync(path.join(dir, 'evil-')))).rejects.toThrow(/damaged header/);
  let sum = 0;
  evil.write('        ', 148, 'ascii');
  for (const b of evil.subarray(0, 512)) sum += b;
  evil.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  await expect(extractTar(Readable.from([evil]), mkdtempSync(path.join(dir, 'evil2-')))).rejects.toThrow(/unexpected entry/);
  await expect(archive([{ name: '../x', bytes: Buffer.alloc(1) }])).rejects.toThrow(TarError);
});

test('backup names sort by time and give it back', async () => {
  const at = new Date('2026-11-29T06:30:05.042Z');
  expect(backupFileName(at)).toBe('imse-backup-20261129-063005-042Z.tar.gz');
  const folder = mkdtempSync(path.join(dir, 'names-'));
  for (const d of ['2026-01-01T00:00:00.000Z', at.toISOString()]) writeFileSync(path.join(folder, backupFileName(new Date(d))), '');
  writeFileSync(path.join(folder, 'imse-backup-20991231-000000-000Z.tar.gz.partial'), '');
  expect((await newestBackupAt(folder))?.toISOString()).toBe(at.toISOString());
});
