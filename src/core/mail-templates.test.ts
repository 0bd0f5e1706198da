import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  MAIL_BODY_MAX,
  MAIL_SUBJECT_MAX,
  MAIL_TEMPLATES,
  SECRET_PLACEHOLDERS,
  TEMPLATE_NAMES,
  allowedPlaceholders,
  checkTemplate,
  mailTextToHtml,
  placeholdersIn,
  renderMail,
  secretOutsideBody,
  type TemplateName,
} from './mail-templates';

const list = (name: Parameters<typeof allowedPlaceholders>[0]) =>
  allowedPlaceholders(name)
    .map((p) => `{${p}}`)
    .join(', ');

describe('checkTemplate', () => {
  test('every default wording can be saved as it is', () => {
    for (const name of TEMPLATE_NAMES)
      expect(checkTemplate(name, MAIL_TEMPLATES[name].subject, MAIL_TEMPLATES[name].text), name).toBeNull();
  });

  test('the placeholders every mail may use are allowed in any template', () => {
    expect(checkTemplate('passwordReset', 'Your {conference} account', 'See {siteUrl}, {name}')).toBeNull();
  });

  test('an unknown placeholder is refused, naming it, where it is, and what the mail can use', () => {
    expect(checkTemplate('reviewInvitation', 'Review {paperTitle}', 'Dear {name}, your score is {score}')).toBe(
      `Unknown placeholder {score} in the body: this mail can use ${list('reviewInvitation')}`,
    );
    expect(checkTemplate('reviewInvitation', 'Review {title}', 'Dear {name}')).toBe(
      `Unknown placeholder {title} in the subject: this mail can use ${list('reviewInvitation')}`,
    );
    expect(checkTemplate('passwordReset', 'x', '{a} {b} {a}')).toBe(
      `Unknown placeholder {a}, {b} in the body: this mail can use ${list('passwordReset')}`,
    );
  });

  test('a placeholder of another mail is refused in this one', () => {
    // {resetUrl} belongs to the password reset; the decision mail cannot fill it.
    expect(checkTemplate('decisionAccepted', 'Decision', 'Open {resetUrl}')).toMatch(/^Unknown placeholder \{resetUrl\} in the body/);
  });

  test('an empty, multi-line or over-long subject and an empty or over-long body are refused with the reason', () => {
    expect(checkTemplate('paperReceived', '  ', 'Body')).toBe('The subject must not be empty');
    expect(checkTemplate('paperReceived', 'Subject', '\n\t ')).toBe('The body must not be empty');
    expect(checkTemplate('paperReceived', 'Two\nlines', 'Body')).toBe('The subject must be one line');
    expect(checkTemplate('paperReceived', 'Carriage\rreturn', 'Body')).toBe('The subject must be one line');
    expect(checkTemplate('paperReceived', 'x'.repeat(MAIL_SUBJECT_MAX), 'Body')).toBeNull();
    expect(checkTemplate('paperReceived', 'x'.repeat(MAIL_SUBJECT_MAX + 1), 'Body')).toBe(
      `The subject must be at most ${MAIL_SUBJECT_MAX} characters`,
    );
    expect(checkTemplate('paperReceived', 'Subject', 'x'.repeat(MAIL_BODY_MAX + 1))).toBe(
      `The body must be at most ${MAIL_BODY_MAX} characters`,
    );
  });
});

describe('account links stay in the body', () => {
  test('each secret placeholder is refused in the subject, naming it, and allowed in the body', () => {
    for (const [name, secret] of Object.entries(SECRET_PLACEHOLDERS) as [TemplateName, readonly string[]][]) {
      for (const p of secret) {
        expect(checkTemplate(name, `Here: {${p}}`, MAIL_TEMPLATES[name].text), name).toBe(secretOutsideBody([p]));
        expect(secretOutsideBody([p])).toContain(`{${p}}`);
        expect(checkTemplate(name, 'Here', `Open {${p}}`), name).toBeNull();
      }
    }
  });

  test('the secret ones are the account links: reset, one-time login and verification, and every default keeps them in the body', () => {
    expect(SECRET_PLACEHOLDERS).toEqual({ passwordReset: ['resetUrl'], loginLink: ['loginUrl'], verifyEmail: ['verifyUrl'] });
    for (const [name, secret] of Object.entries(SECRET_PLACEHOLDERS) as [TemplateName, readonly string[]][]) {
      for (const p of secret) expect(placeholdersIn(MAIL_TEMPLATES[name].text), name).toContain(p);
    }
  });

  test('{loginUrl} of the other mails is the public login page: allowed in their subject', () => {
    expect(checkTemplate('reviewInvitation', 'Review at {loginUrl}', MAIL_TEMPLATES.reviewInvitation.text)).toBeNull();
  });

  test('a wording saved before the rule with the link in its subject is sent with the default subject and its own body', () => {
    const mail = renderMail(
      'passwordReset',
      { name: 'Ada', role: 'Author', acronym: 'IMSE', resetUrl: 'https://x.example/reset-password?token=T' },
      { subject: 'Reset: {resetUrl}', text: 'Dear {name}: {resetUrl}' },
    );
    expect(mail).toEqual({
      subject: 'Choose a new password for your IMSE Author account',
      text: 'Dear Ada: https://x.example/reset-password?token=T',
    });
  });
});

describe('placeholdersIn', () => {
  test('each placeholder once, in order of first use', () => {
    expect(placeholdersIn('{b} and {a}, then {b} again')).toEqual(['b', 'a']);
  });
  test('only a word in braces is a placeholder', () => {
    expect(placeholdersIn('{ name } {a-b} {} {x.y} {{inner}} {ok_1}')).toEqual(['inner', 'ok_1']);
    expect(placeholdersIn('no braces here')).toEqual([]);
  });
  test('the placeholders a template may use are those of its default and the common ones', () => {
    expect(allowedPlaceholders('bulkMail')).toEqual(['subject', 'body', 'conference', 'siteUrl']);
  });
});

describe('renderMail', () => {
  test("the editor's wording is filled; a value cannot add a line to the subject", () => {
    const mail = renderMail(
      'paperReceived',
      { paperTitle: 'A\r\nBcc: x@example.org', name: 'Ada' },
      { subject: 'Got {paperTitle}', text: 'Dear {name}' },
    );
    expect(mail).toEqual({ subject: 'Got A Bcc: x@example.org', text: 'Dear Ada' });
  });
});

/** The HTML part with the tags mailTextToHtml writes itself taken out: what remains came from the text. */
const withoutOwnTags = (html: string) =>
  html
    .replace(/^<!doctype html>\n<html><head><meta charset="utf-8"><title>/, '')
    .replace(/<\/title><\/head>\n<body style="[^"]*">\n/, '')
    .replace(/\n<\/body><\/html>\n$/, '')
    .replace(/<p style="margin:0 0 1em">|<\/p>|<br>|<\/a>/g, '')
    .replace(/<a href="[^"<>]*">/g, '');

describe('mailTextToHtml', () => {
  test('a title with a script and quotes is escaped, in the body and the <title>', () => {
    const title = 'Bad <script>alert("x")</script> & \'quotes\'';
    const html = mailTextToHtml(`Your paper\n\n  "${title}"`, `Paper: ${title}`);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&nbsp;&nbsp;&quot;Bad &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;&quot;');
    expect(html).toContain('<title>Paper: Bad &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;</title>');
  });

  test('web addresses become links; only http and https', () => {
    const html = mailTextToHtml(
      'Open https://imse.example/login?a=1&b=2. Or http://x.example/p.\njavascript:alert(1) ftp://files.example/x data:text/html,<b>',
      'S',
    );
    expect(html).toContain('<a href="https://imse.example/login?a=1&amp;b=2">https://imse.example/login?a=1&amp;b=2</a>.');
    expect(html).toContain('<a href="http://x.example/p">http://x.example/p</a>.');
    expect(html.match(/<a /g)).toHaveLength(2);
    expect(html).toContain('javascript:alert(1) ftp://files.example/x data:text/html,&lt;b&gt;');
  });

  test('an address cannot break out of its link', () => {
    const html = mailTextToHtml('See https://evil.example/"onmouseover="alert(1) and https://a.example/<b>x', 'S');
    expect(html).toContain('<a href="https://evil.example/">https://evil.example/</a>&quot;onmouseover=&quot;alert(1)');
    expect(html).toContain('<a href="https://a.example/">https://a.example/</a>&lt;b&gt;x');
  });

  test('blank lines make paragraphs; line breaks and indentation are kept', () => {
    expect(mailTextToHtml('One\ntwo\n\n  three', 'S')).toContain(
      '<p style="margin:0 0 1em">One<br>\ntwo</p>\n<p style="margin:0 0 1em">&nbsp;&nbsp;three</p>',
    );
  });

  test('whatever the text, nothing in it becomes a tag or an attribute', () => {
    // Texts made of what markup and links are made of, and words that start a link.
    const piece = fc.oneof(
      fc.constantFrom('<', '>', '"', "'", '&', '=', '\n', '\n\n', ' ', '  ', '.', ')', 'http://', 'https://', 'javascript:', 'a', 'b', '/'),
      fc.string({ maxLength: 4 }),
    );
    const text = fc.array(piece, { maxLength: 60 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, text, (text, subject) => {
        const rest = withoutOwnTags(mailTextToHtml(text, subject));
        expect(rest).not.toMatch(/[<>"]/);
      }),
      { numRuns: 300 },
    );
  });
});
