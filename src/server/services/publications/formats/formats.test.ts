import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseBibtex } from './bibtex';
import { parsePublicationsFile } from './detect';
import { parseDblp } from './dblp';
import { dedupKey, normaliseDoi, normaliseTitle, PublicationFileError } from './entry';
import { parseOrcid } from './orcid';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../../tests/fixtures/publications');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), 'utf8');
const bytes = (text: string) => new TextEncoder().encode(text);

describe('BibTeX', () => {
  test('reads titles, abstracts, years, authors, venues and DOIs; LaTeX accents become letters', () => {
    const { entries, format } = parseBibtex(fixture('reviewer.bib'));
    expect(format).toBe('bibtex');
    expect(entries).toHaveLength(4);
    expect(entries[0]).toEqual({
      title: 'Graph Neural Networks for Molecular Property Prediction',
      abstract: expect.stringMatching(/^We predict molecular properties with message-passing graph neural networks trained on quantum/),
      year: 2023,
      authors: ['Jana Müller', 'Chidi Okafor', 'Pieter van der Berg'],
      venue: 'Journal of Molecular Learning',
      doi: '10.5555/jml.2023.0042',
    });
    expect(entries[1]).toMatchObject({ year: 2021, venue: 'Proceedings of the Workshop on Machine Learning for Chemistry', doi: null });
    expect(entries[2]).toMatchObject({ title: 'Lecture notes on molecular dynamics', abstract: '', authors: ['J. Müller'] });
  });

  test('a broken file is refused with a message, or its readable entries kept and the rest counted', () => {
    expect(() => parsePublicationsFile(bytes(fixture('malformed.bib')))).toThrow(PublicationFileError);
    const mixed = parseBibtex('@article{ok, title={Kept}, year=2020}\n@article{bad, title={Lost\n');
    expect(mixed.entries.map((e) => e.title)).toEqual(['Kept']);
    expect(() => parseBibtex('just some words')).toThrow('The file is not BibTeX');
  });
});

describe('DBLP XML', () => {
  test("reads a person page's records: markup and the trailing full stop out, entities decoded, DOI from <ee>", () => {
    const { entries } = parseDblp(fixture('person.xml'));
    expect(entries.map((e) => e.title)).toEqual([
      'Graph Neural Networks for Molecular Property Prediction',
      'Equivariant Message Passing for Protein–Ligand Binding & Docking',
      'Benchmarks for Reaction Yield Prediction',
    ]);
    expect(entries[0]).toMatchObject({
      year: 2023,
      authors: ['Jana Müller', 'Chidi Okafor', 'Pieter van der Berg'],
      venue: 'J. Mol. Learn.',
      doi: '10.5555/jml.2023.0042',
      abstract: '',
    });
    expect(entries[1]).toMatchObject({ venue: 'MLChem@ICML', doi: '10.5555/mlchem.2022.7' });
    expect(entries[2]!.doi).toBeNull();
  });

  test('an XML bomb and an external entity are refused before parsing, never expanded', () => {
    for (const name of ['bomb.xml', 'external-entity.xml']) {
      expect(() => parsePublicationsFile(bytes(fixture(name)))).toThrow('declares entities');
    }
    expect(() => parseDblp('<dblpperson><r><article><title>Unclosed</article></dblpperson>')).toThrow(PublicationFileError);
    expect(() => parseDblp('<html><body>dblp</body></html>')).toThrow('not a DBLP person page');
  });
});

describe('ORCID works JSON', () => {
  test('reads each group’s preferred summary: title, year, journal and normalised DOI; a work without a title is skipped', () => {
    const parsed = parseOrcid(fixture('works.json'));
    expect(parsed.entries).toEqual([
      {
        title: 'Graph Neural Networks for Molecular Property Prediction',
        abstract: '',
        year: 2023,
        authors: [],
        venue: 'Journal of Molecular Learning',
        doi: '10.5555/jml.2023.0042',
      },
      {
        title: 'Active Learning of Catalyst Surfaces',
        abstract: '',
        year: 2020,
        authors: [],
        venue: 'Catalysis Informatics Symposium',
        doi: null,
      },
    ]);
    expect(parsed.skipped).toBe(1);
    expect(() => parseOrcid('{"works": []}')).toThrow('not an ORCID works export');
  });
});

describe('detection and dedup keys', () => {
  test('the format is read from the content; other files get a clear message', () => {
    expect(parsePublicationsFile(bytes(fixture('person.xml'))).format).toBe('dblp');
    expect(parsePublicationsFile(bytes(`\uFEFF${fixture('works.json')}`)).format).toBe('orcid');
    expect(parsePublicationsFile(bytes(fixture('reviewer.bib'))).format).toBe('bibtex');
    expect(() => parsePublicationsFile(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0xff, 0xfe]))).toThrow('not text in UTF-8');
    expect(() => parsePublicationsFile(bytes('Title, Year\nA, 2020\n'))).toThrow('neither BibTeX, DBLP XML nor ORCID JSON');
    expect(() => parsePublicationsFile(bytes('{"group": []}'))).toThrow('no publication with a title');
    expect(() => parsePublicationsFile(new Uint8Array())).toThrow('empty');
  });

  test('DOIs and titles normalise to one key each', () => {
    expect(normaliseDoi('https://doi.org/10.5555/ABC.1')).toBe('10.5555/abc.1');
    expect(normaliseDoi('doi:10.5555/Abc.1')).toBe('10.5555/abc.1');
    expect(normaliseDoi('not a doi')).toBe('');
    expect(normaliseTitle('  Gröbner Bases:  a “Survey”! ')).toBe('grobner bases a survey');
    expect(dedupKey({ doi: 'HTTPS://DOI.ORG/10.5555/X', title: 'A' })).toBe(dedupKey({ doi: '10.5555/x', title: 'B' }));
    expect(dedupKey({ doi: null, title: 'Graph Neural Networks.' })).toBe(dedupKey({ doi: null, title: 'graph neural-networks' }));
  });
});

describe('TeX in abstracts', () => {
  test('accents, escaped characters and formatting become plain text', async () => {
    const { plainTex } = await import('./bibtex');
    expect(plainTex('M\\"{u}ller and G\\"odel use \\emph{graph} nets: 50\\% \\& $O(n^2)$ --- fast~enough, Erd\\H{o}s, \\ss')).toBe(
      'Müller and Gödel use  graph nets: 50% & O(n^2) – fast enough, Erdős, ß',
    );
  });
});
