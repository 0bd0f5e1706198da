import fc from 'fast-check';
import { expect } from 'vitest';

/** Pieces of attacks and awkward text: SQL, HTML, templates, paths, and Unicode that breaks naive code. */
export const HOSTILE_FRAGMENTS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '1; SELECT pg_sleep(5)--',
  "\\'",
  '%',
  '_',
  '\\',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg/onload=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  '${7*7}',
  '<%= 7*7 %>',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f',
  '%00',
  '\u202e',
  '\u200f',
  '\u200b',
  '\ufeff',
  '\u2028',
  '𝕳𝖊𝖑𝖑𝖔',
  '👩‍👩‍👧‍👦',
  'e\u0301',
  'ﷺ',
  'İ',
  'ß',
  '\t',
  '\r\n',
  '\n',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'null',
  'undefined',
  'NaN',
  '[object Object]',
];

/** Text a database cannot store as sent: NUL, and UTF-16 halves that are not a pair. */
export const UNSTORABLE = ['\u0000', 'a\u0000b', '\ud800', 'x\udc00y', '\udbff\ud800'];

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** Well-formed Unicode without NUL: what the server must keep exactly as sent. */
export const isStorable = (s: string) => !s.includes('\u0000') && !LONE_SURROGATE.test(s);

const fragment = fc.constantFrom(...HOSTILE_FRAGMENTS);

/** Any string, hostile or not, including unstorable ones and very long ones. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  {
    arbitrary: fc.array(fc.oneof(fragment, fc.string({ unit: 'grapheme', maxLength: 8 })), { maxLength: 6 }).map((a) => a.join('')),
    weight: 6,
  },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
  { arbitrary: fc.constantFrom(...UNSTORABLE), weight: 1 },
  { arbitrary: fc.constantFrom('', ' ', '   \t\n'), weight: 1 },
  { arbitrary: fc.constantFrom(10_000, 100_001, 300_000).map((n) => 'x'.repeat(n)), weight: 1 },
);

/** Storable text with hostile parts, for checking that the server keeps it verbatim. */
export const storableHostileString = (maxLength: number): fc.Arbitrary<string> =>
  fc
    .array(fc.oneof(fragment, fc.string({ unit: 'grapheme', maxLength: 10 })), { minLength: 1, maxLength: 8 })
    .map((a) => a.join(''))
    .filter((s) => isStorable(s) && s.trim().length > 0 && s.trim().length <= maxLength);

/** Any JSON value in a field: the wrong type as often as the right one. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 5 },
  { arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(-0)), weight: 1 },
  { arbitrary: fc.array(hostileString, { maxLength: 3 }), weight: 1 },
  { arbitrary: fc.dictionary(fc.oneof(fragment, fc.string()), hostileString, { maxKeys: 3 }), weight: 1 },
);

/** A JSON body for an endpoint that reads `keys`: some of them, with hostile values, sometimes extra keys. */
export function hostileBody(keys: readonly string[], valid: Record<string, fc.Arbitrary<unknown>> = {}): fc.Arbitrary<string> {
  const field = (k: string) => (valid[k] ? fc.oneof(valid[k]!, hostileValue) : hostileValue);
  const record = fc.record(Object.fromEntries(keys.map((k) => [k, field(k)])), { requiredKeys: [] });
  // Written by hand so keys such as __proto__ really are in the text (an object literal would drop them).
  const withKeys = fc
    .tuple(
      record,
      fc.array(fc.tuple(fc.constantFrom('__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toJSON'), hostileValue), {
        maxLength: 2,
      }),
    )
    .map(
      ([r, extra]) =>
        `{${[...Object.entries(r), ...extra].map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v ?? null)}`).join(',')}}`,
    );
  return fc.oneof(
    { arbitrary: withKeys, weight: 6 },
    {
      arbitrary: fc.constantFrom(
        '{"__proto__":{"isAdmin":true}}',
        '{"constructor":{"prototype":{"isAdmin":true}}}',
        '[]',
        'null',
        '0',
        '"x"',
        '{',
        '{"a":1}}',
        '',
      ),
      weight: 1,
    },
    { arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)), weight: 1 },
  );
}

/**
 * The server answered like a server, not like a crash: no 5xx, no stack frame or source path in the body,
 * and a JSON {message} for a refusal (routes that answer a browser page refuse with HTML instead).
 */
export function expectCleanAnswer(res: { statusCode: number; body: string; headers: Record<string, unknown> }, label: string) {
  expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  expect(res.body, label).not.toMatch(/\n\s+at |at [\w$.<>]+ \(|node_modules|\/src\/server\/|\.ts:\d+/);
  expect(res.body, label).not.toContain(process.cwd());
  if (res.statusCode >= 400) {
    const type = String(res.headers['content-type'] ?? '');
    if (type.startsWith('text/html')) return;
    expect(type, label).toMatch(/^application\/json/);
    const json = JSON.parse(res.body) as Record<string, unknown>;
    expect(Object.keys(json), `${label}: ${res.body.slice(0, 300)}`).toEqual(['message']);
    expect(json.message, label).toBeTypeOf('string');
    expect((json.message as string).length, label).toBeGreaterThan(0);
  }
}

/**
 * A base64url signature or token with one bit of it changed: its first character (which carries six whole bits)
 * swapped. Changing the last character is not a forgery when it differs only in the bits past the end of the
 * bytes ('A' and 'B' end a 32-byte HMAC alike), or when the swap writes back the character that was there.
 */
export function forgedBase64url(value: string): string {
  return `${value.startsWith('A') ? 'B' : 'A'}${value.slice(1)}`;
}
