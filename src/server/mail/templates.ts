/** Every e-mail the product sends: named templates with {placeholders}, in one place. */
export const MAIL_TEMPLATES = {
  reviewInvitation: {
    subject: 'Invitation to review: {paperTitle}',
    text: [
      'Dear {name},',
      '',
      'The editors of the {conference} invite you to review the paper',
      '',
      '  "{paperTitle}"',
      '  Paper ID: {paperId}',
      '',
      'Please log in as a Reviewer to read the paper, comment on it and accept or decline it:',
      '{loginUrl}',
      '',
      'Thank you for your help.',
      'The editorial team',
    ].join('\n'),
  },
} as const;

export type TemplateName = keyof typeof MAIL_TEMPLATES;

export function fillTemplate(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

export function renderMail(name: TemplateName, values: Record<string, string>): { subject: string; text: string } {
  const t = MAIL_TEMPLATES[name];
  // A subject is one line: placeholders must not be able to add header lines.
  const subject = fillTemplate(t.subject, values).replace(/[\r\n]+/g, ' ');
  return { subject, text: fillTemplate(t.text, values) };
}
