import { describe, expect, it } from 'vitest';
import { SignupBody } from './auth';
import { NewPaperFields } from './paper';
import { isPlainLine, isPlainText } from './text';

describe('control and direction characters (issue 16.9)', () => {
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
    for (const s of ['Ünïcode naïve', 'محمد علي', 'עברית', '日本語の題名', 'Emoji 🎉', 'zero\u200bwidth space']) expect(isPlainLine(s), s).toBe(true);
  });

  it('names the field in the schema message', () => {
    const title = NewPaperFields.safeParse({ title: 'Safe \u202egnp.exe', abstract: 'x' });
    expect(title.success).toBe(false);
    expect(title.error?.issues[0]?.message).toBe('Title contains control or text-direction characters that are not allowed');
    const name = SignupBody.safeParse({ name: 'Eve\u2066', email: 'e@example.org', password: 'password1', confirmPassword: 'password1', role: 'Author' });
    expect(name.success).toBe(false);
    expect(name.error?.issues.map((i) => i.message)).toContain('Name contains control or text-direction characters that are not allowed');
  });
});
