import fc from 'fast-check';
import ICAL from 'ical.js';
import { describe, expect, test } from 'vitest';
import { foldIcs, foldIcsLine, ICS_LINE_OCTETS, unfoldIcs } from './ics-fold';

const octets = (s: string) => new TextEncoder().encode(s).length;
/** Every physical line within 75 octets, and no line that does not decode as the UTF-8 it was cut from. */
function expectFolded(text: string) {
  const bytes = new TextEncoder().encode(text);
  let start = 0;
  for (let i = 0; i <= bytes.length; i++) {
    if (i < bytes.length && !(bytes[i] === 0x0d && bytes[i + 1] === 0x0a)) continue;
    const line = bytes.subarray(start, i);
    expect(line.length).toBeLessThanOrEqual(ICS_LINE_OCTETS);
    // A line cut inside a sequence would not survive a strict decoder.
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(line)).not.toThrow();
    start = i + 2;
    i++;
  }
}

/**
 * A parser written here, independent of the folding code and of the `ics` package: content lines
 * "NAME;PARAMS:VALUE" of the unfolded text, TEXT values unescaped (RFC 5545 §3.3.11).
 */
function parseContentLines(text: string): { name: string; value: string }[] {
  return text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => {
      const colon = line.search(/:(?=(?:[^"]*"[^"]*")*[^"]*$)/);
      const name = line.slice(0, colon).split(';')[0]!;
      const value = line.slice(colon + 1).replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
      return { name, value };
    });
}

describe('folding at 75 octets', () => {
  test.each([
    ['ASCII', 'x'],
    ['2-octet (Cyrillic)', 'Ж'],
    ['3-octet (Thai)', 'ก'],
    ['3-octet (Chinese)', '王'],
    ['4-octet (emoji, a surrogate pair)', '😀'],
    ['3-octet (Devanagari with marks)', 'प्रि'],
  ])('%s at every offset of the 75-octet boundary', (_label, unit) => {
    for (let lead = 0; lead < 8; lead++) {
      const line = `SUMMARY:${'a'.repeat(60 + lead)}${unit.repeat(40)}`;
      const folded = foldIcsLine(line);
      expectFolded(folded);
      expect(unfoldIcs(folded)).toBe(line);
    }
  });

  test('a line of 75 octets is not folded; 76 is', () => {
    expect(foldIcsLine('x'.repeat(75))).toBe('x'.repeat(75));
    expect(foldIcsLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);
    // 72 ASCII octets and a 3-octet character fill the line exactly; the next character moves down.
    expect(foldIcsLine(`${'x'.repeat(72)}王王`)).toBe(`${'x'.repeat(72)}王\r\n 王`);
    expect(foldIcsLine(`${'x'.repeat(73)}王`)).toBe(`${'x'.repeat(73)}\r\n 王`);
  });

  test('any text: lines within 75 octets, never a split sequence, unfolding gives it back', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (s) => {
        const line = `DESCRIPTION:${s.replace(/[\r\n]/g, '')}`;
        const folded = foldIcsLine(line);
        expectFolded(folded);
        return unfoldIcs(folded) === line;
      }),
    );
  });

  test("the ics package's character-folded calendar comes out folded by octets, read back the same by two parsers", () => {
    const summary = 'หัวข้อการประชุมภาษาไทยที่ยาวมาก 王芳 Nguyễn Thị Hằng प्रिया शर्मा — 😀 and a long English tail';
    const description = `${'Ω'.repeat(50)}\\n1. 論文の題名 (presented by 山田太郎)`;
    const byCharacters = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:test',
      'BEGIN:VEVENT',
      'UID:1@example.org',
      'DTSTAMP:20260101T000000Z',
      'DTSTART:20260101T090000Z',
      `SUMMARY:${summary}`,
      `DESCRIPTION:${description}`,
      'END:VEVENT',
      'END:VCALENDAR',
    ]
      // The way the package folds: 75 characters, then 74, with CRLF and a tab.
      .map((l) => {
        const chars = [...l];
        const parts = [chars.slice(0, 75).join('')];
        for (let i = 75; i < chars.length; i += 74) parts.push(chars.slice(i, i + 74).join(''));
        return parts.join('\r\n\t');
      })
      .join('\r\n');
    expect(byCharacters.split('\r\n').some((l) => octets(l) > ICS_LINE_OCTETS)).toBe(true);

    const text = foldIcs(byCharacters);
    expectFolded(text);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(unfoldIcs(text)).toBe(`${unfoldIcs(byCharacters)}\r\n`);

    const lines = parseContentLines(text);
    expect(lines.find((l) => l.name === 'SUMMARY')?.value).toBe(summary);
    expect(lines.find((l) => l.name === 'DESCRIPTION')?.value).toBe(`${'Ω'.repeat(50)}\n1. 論文の題名 (presented by 山田太郎)`);

    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!);
    expect(event.summary).toBe(summary);
    expect(event.description).toBe(`${'Ω'.repeat(50)}\n1. 論文の題名 (presented by 山田太郎)`);
  });
});
