import { describe, expect, it } from 'vitest';
import { csvCell } from './export-csv';

describe('csvCell', () => {
  it('quotes every cell and doubles quotes', () => {
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(undefined)).toBe('""');
    expect(csvCell(42)).toBe('"42"');
    expect(csvCell(['AI', 'IoT'])).toBe('"AI; IoT"');
    expect(csvCell(new Date('2026-01-02T03:04:05Z'))).toBe('"2026-01-02T03:04:05.000Z"');
  });

  it('neutralises a formula start at the beginning of the cell', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvCell(`${start}1+1`)).toBe(`"'${start}1+1"`);
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
  });

  it('neutralises a formula start after any separator inside the cell', () => {
    expect(csvCell('x;=2+5')).toBe('"x;\'=2+5"');
    expect(csvCell('x,+2')).toBe('"x,\'+2"');
    expect(csvCell('x\t@SUM(A1)')).toBe('"x\t\'@SUM(A1)"');
    expect(csvCell('line\n-3')).toBe('"line\n\'-3"');
    expect(csvCell('a\r\n=1')).toBe('"a\r\n\'=1"');
    expect(csvCell('a;\t=1')).toBe('"a;\'\t\'=1"');
  });

  it('leaves formula characters elsewhere alone', () => {
    expect(csvCell('a=b; c+d, e-f')).toBe('"a=b; c+d, e-f"');
    expect(csvCell('user@example.org')).toBe('"user@example.org"');
  });
});
