/**
 * iCalendar content lines folded as RFC 5545 §3.1 says (decision 0074): no line longer than 75 octets without its
 * line break, a continuation line starting with one space, and never a break inside a character's UTF-8 sequence
 * (a code point is never split, so neither is a surrogate pair). The `ics` package folds by characters, which lets a
 * line of Thai or Chinese reach twice that; its output is unfolded and folded again here.
 */
export const ICS_LINE_OCTETS = 75;

const utf8Length = (codePoint: number) => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4);

/** One unfolded content line as physical lines of at most 75 octets each (the leading space counted). */
export function foldIcsLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = utf8Length(ch.codePointAt(0)!);
    if (octets + size > ICS_LINE_OCTETS) {
      out.push(current);
      current = ' ';
      octets = 1;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n');
}

/** Content lines back from physical ones: a line break followed by one space or tab is removed (RFC 5545 §3.1). */
export const unfoldIcs = (text: string): string => text.replace(/\r?\n[ \t]/g, '');

/** A whole iCalendar text folded again: unfolded, each content line folded at 75 octets, CRLF after each. */
export function foldIcs(text: string): string {
  const lines = unfoldIcs(text)
    .split(/\r?\n/)
    .filter((l, i, all) => l !== '' || i < all.length - 1);
  return lines.map(foldIcsLine).join('\r\n') + '\r\n';
}
