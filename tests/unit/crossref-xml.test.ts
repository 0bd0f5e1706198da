import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { crossrefDepositXml } from '../../src/core/crossref-xml';

/** Decision 0042: the deposit written by core/crossref-xml.ts against the Crossref 5.3.1 rules it uses (tests/support/crossref-5.3.1-conference.xsd). */
describe('the Crossref deposit', () => {
  const xsd = readFileSync(path.resolve('tests/support/crossref-5.3.1-conference.xsd'), 'utf8');
  const deposit = {
    batchId: 'b1',
    at: new Date('2026-01-02T03:04:05Z'),
    depositor: { name: 'IMSE', email: 'info@conference.example.org' },
    registrant: 'IMSE',
    conference: { name: 'Conf', acronym: 'C', location: 'Pattaya, Thailand', start: '2023-12-27', end: '2023-12-28' },
    proceedings: { title: 'Proceedings', publisher: 'IMSE', year: 2023 },
    papers: [
      {
        doi: '10.12345/imse.2023.a',
        resourceUrl: 'https://x.example/papers/a',
        title: 'T <&> \u0001',
        year: 2023,
        authors: [
          { name: 'Ada Lovelace', affiliation: 'A & B', country: 'GB', orcid: '0000-0002-1825-0097' },
          { name: 'Plato', affiliation: '', country: '', orcid: null },
        ],
      },
    ],
  };
  const check = (xml: string) =>
    validateXML({ xml: [{ fileName: 'd.xml', contents: xml }], schema: [{ fileName: 's.xsd', contents: xsd }] });

  test('is valid, with markup escaped and characters XML cannot hold dropped', async () => {
    const xml = crossrefDepositXml(deposit);
    expect((await check(xml)).errors).toEqual([]);
    expect(xml).toContain('<title>T &lt;&amp;&gt; </title>');
    expect(xml).toContain('<timestamp>20260102030405</timestamp>');
    expect(xml).toContain('<person_name sequence="additional" contributor_role="author"><surname>Plato</surname></person_name>');
  });
  test('the schema check refuses elements out of order, a missing DOI and a bad ORCID', async () => {
    const xml = crossrefDepositXml(deposit);
    for (const broken of [
      xml.replace(/(<titles>.*?<\/titles>)(<publication_date.*?<\/publication_date>)/, '$2$1'),
      xml.replace(/<doi>[^<]*<\/doi>/, ''),
      xml.replace('https://orcid.org/0000-0002-1825-0097', '0000-0002-1825-0097'),
    ]) {
      expect(broken).not.toBe(xml);
      expect((await check(broken)).valid).toBe(false);
    }
  });
});
