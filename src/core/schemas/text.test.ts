import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SignupBody } from './auth';
import { NewPaperFields, UpdatePaperFields } from './paper';
import { hasNoBidiControls, isPlainLine, isPlainText } from './text';

describe('control and direction characters', () => {
  const refused = ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u009b', '\u200e', '\u200f', '\u202a', '\u202e', '\u2066', '\u2069'];

  it('refuses them in single-line and multi-line text', () => {
    for (const c of refused) {
      expect(isPlainLine(`a${c}b`), JSON.stringify(c)).toBe(false);
      expect(isPlainText(`a${c}b`), JSON.stringify(c)).toBe(false);
    }
  });

  it('allows tab and line feed only in multi-line text', () => {
    expect(isPlainLine('a\tb')).toBe(false);
    expect(isPlainLine('a\nb')).toBe(false);
    expect(isPlainText('a\tb\nc')).toBe(true);
    expect(isPlainText('a\rb')).toBe(false);
  });

  it('keeps ordinary international text', () => {
    for (const s of ['Ünïcode naïve', 'محمد علي', 'עברית', '日本語の題名', 'Emoji 🎉', 'zero\u200bwidth space'])
      expect(isPlainLine(s), s).toBe(true);
  });

  it('names the field in the schema message', () => {
    const title = NewPaperFields.safeParse({ title: 'Safe \u202egnp.exe', abstract: 'x' });
    expect(title.success).toBe(false);
    expect(title.error?.issues[0]?.message).toBe('Title contains control or text-direction characters that are not allowed');
    const name = SignupBody.safeParse({
      name: 'Eve\u2066',
      email: 'e@example.org',
      password: 'password1',
      confirmPassword: 'password1',
      role: 'Author',
    });
    expect(name.success).toBe(false);
    expect(name.error?.issues.map((i) => i.message)).toContain('Name contains control or text-direction characters that are not allowed');
  });
});

describe('Unicode Bidi_Control characters', () => {
  // The set as Unicode lists it (PropList.txt, Bidi_Control): the regex's \p{Bidi_Control} must be exactly this.
  const BIDI_CONTROLS = [0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069];
  const bidi = fc.constantFrom(...BIDI_CONTROLS.map((c) => String.fromCodePoint(c)));

  it('the property matches exactly the twelve code points, over all of Unicode', () => {
    const found: number[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      if (!hasNoBidiControls(String.fromCodePoint(cp))) found.push(cp);
    }
    expect(found).toEqual(BIDI_CONTROLS);
  });

  it('any text with one of them anywhere is refused as a line, as multi-line text and as free text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), bidi, fc.string({ unit: 'grapheme' }), (before, control, after) => {
        const s = before + control + after;
        expect(isPlainLine(s)).toBe(false);
        expect(isPlainText(s)).toBe(false);
        expect(hasNoBidiControls(s)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('Arabic and Hebrew names and titles without them are accepted', () => {
    const letter = fc
      .oneof(
        fc.integer({ min: 0x0621, max: 0x064a }), // Arabic letters
        fc.integer({ min: 0x05d0, max: 0x05ea }), // Hebrew letters
        fc.integer({ min: 0x0660, max: 0x0669 }), // Arabic-Indic digits
        fc.constantFrom(0x20, 0x2d, 0x2e, 0x41, 0x7a),
      )
      .map((cp) => String.fromCodePoint(cp));
    fc.assert(
      fc.property(
        fc.array(letter, { minLength: 1, maxLength: 60 }).map((a) => a.join('')),
        (s) => {
          expect(isPlainLine(s)).toBe(true);
          expect(hasNoBidiControls(s)).toBe(true);
        },
      ),
    );
    for (const s of ['محمد علي', 'يوسف بن أحمد', 'דוד כהן', 'שלום עליכם', 'Dr. Ahmed عبد الله', 'مقاربة جديدة 2025'])
      expect(isPlainLine(s), s).toBe(true);
  });

  it('refuses U+061C in names and titles, and any of them in an abstract, naming the field', () => {
    const name = SignupBody.safeParse({
      name: 'Ali\u061c',
      email: 'e@example.org',
      password: 'password1',
      confirmPassword: 'password1',
      role: 'Author',
    });
    expect(name.error?.issues.map((i) => i.message)).toContain('Name contains control or text-direction characters that are not allowed');
    expect(NewPaperFields.safeParse({ title: 'A \u061c title', abstract: 'x' }).error?.issues[0]?.message).toBe(
      'Title contains control or text-direction characters that are not allowed',
    );
    fc.assert(
      fc.property(bidi, (control) => {
        const paper = NewPaperFields.safeParse({ title: 'T', abstract: `We show ${control}that` });
        expect(paper.error?.issues[0]?.message).toBe('Abstract contains control or text-direction characters that are not allowed');
        expect(UpdatePaperFields.safeParse({ abstract: `x${control}` }).success).toBe(false);
      }),
    );
  });

  it('keeps line breaks as a browser sends them (CR LF) and tabs in an abstract', () => {
    expect(NewPaperFields.safeParse({ title: 'T', abstract: 'First line\r\nSecond\tline\nعربي' }).success).toBe(true);
  });
});
