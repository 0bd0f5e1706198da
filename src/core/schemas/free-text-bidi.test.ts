import { describe, expect, test } from 'vitest';
import type { z } from '../zod';
import type { Endpoint } from '../api/endpoint';
import { EditorRegistrationBody } from '../api/receipts';
import { CoAuthor } from './accounts';
import { BulkMailPreviewBody, SendBulkMailBody } from './bulk-mail';
import { ContactBody } from './contact';
import { NewsEdit, NewsFields, SpeakerEdit, SpeakerFields } from './content';
import { MetaReviewBody, ResponseBody } from './deliberation';
import { DiscussionPostBody } from './discussion';
import { SaveMailTemplateBody } from './mail-templates';
import { AddCommentBody } from './review';
import { PayuInitiateBody } from './payment';
import { SessionBody, SessionPatchBody } from './program';
import { CreateRegistrationBody } from './registration';
import { ReviewBody } from './review-cycle';
import { RatingBody } from './review-quality';
import { controlCharsMessage } from './text';

/**
 * One rule for every stored free text (core/schemas/text.ts): Unicode's Bidi_Control characters are
 * refused with a 400 naming the field, in names and titles as in comments, reviews, responses, mails and messages;
 * Arabic and Hebrew text without them is kept. The schemas here are the ones the browser validates with and the
 * server parses again.
 */
const RLO = '\u202e';

interface Case {
  name: string;
  schema: z.ZodType;
  valid: Record<string, unknown>;
  field: string;
  label: string;
}
const c = (name: string, schema: z.ZodType, valid: Record<string, unknown>, field: string, label: string): Case => ({
  name,
  schema,
  valid,
  field,
  label,
});
const REVIEW = { recommendation: 4, confidence: 3, commentsToAuthors: 'Clear.' };
const SESSION = { title: 'Session', track: 'Science and Materials', start: '2023-12-27T09:00:00Z', end: '2023-12-27T10:00:00Z' };
const AUDIENCE = { audience: { group: 'authors' }, subject: 'News', body: 'Hello' };

const FREE_TEXT: Case[] = [
  c('ReviewBody', ReviewBody, REVIEW, 'commentsToAuthors', 'commentsToAuthors'),
  c('ReviewBody', ReviewBody, REVIEW, 'commentsToEditor', 'commentsToEditor'),
  c("AddCommentBody (a reviewer's comment)", AddCommentBody, { reviewerId: '5f0c0ffee0000000000000ab', text: 'Fine.' }, 'text', 'Comment'),
  c('MetaReviewBody', MetaReviewBody, { recommendation: 'Accepted', toAuthors: 'Well done.' }, 'toAuthors', 'The text to the authors'),
  c('MetaReviewBody', MetaReviewBody, { recommendation: 'Accepted', toAuthors: 'Well done.' }, 'toCommittee', 'The text to the committee'),
  c("ResponseBody (the authors' response)", ResponseBody, { text: 'We fixed it.' }, 'text', 'The response'),
  c('DiscussionPostBody', DiscussionPostBody, { body: 'I agree.' }, 'body', 'The post'),
  c('BulkMailPreviewBody', BulkMailPreviewBody, AUDIENCE, 'subject', 'The subject'),
  c('SendBulkMailBody', SendBulkMailBody, { ...AUDIENCE, key: 'bidi-key-0123456789' }, 'body', 'The body'),
  c('SaveMailTemplateBody', SaveMailTemplateBody, { subject: 'Got {paperTitle}', body: 'Dear {name}' }, 'subject', 'The subject'),
  c('SaveMailTemplateBody', SaveMailTemplateBody, { subject: 'Got {paperTitle}', body: 'Dear {name}' }, 'body', 'The body'),
  ...(['name', 'email', 'phone', 'subject', 'message'] as const).map((f) =>
    c(
      'ContactBody',
      ContactBody,
      { message: 'Hi' },
      f,
      { name: 'Name', email: 'Email', phone: 'Phone', subject: 'Subject', message: 'Message' }[f],
    ),
  ),
  c('NewsFields', NewsFields, { name: 'News' }, 'description', 'Description'),
  c('NewsEdit', NewsEdit, {}, 'description', 'Description'),
  c('SpeakerFields', SpeakerFields, { name: 'Speaker' }, 'designation', 'Designation'),
  c('SpeakerEdit', SpeakerEdit, {}, 'position', 'Current position'),
  c('SessionBody', SessionBody, SESSION, 'room', 'Room'),
  c('SessionPatchBody', SessionPatchBody, {}, 'chair', 'Chair'),
  c(
    'CreateRegistrationBody',
    CreateRegistrationBody,
    { name: 'Payer', category: 'attending', currency: 'USD', provider: 'bank' },
    'billingAddress',
    'Billing address',
  ),
  c(
    'EditorRegistrationBody',
    EditorRegistrationBody,
    { name: 'Payer', email: 'p@example.org', category: 'attending', currency: 'USD' },
    'billingAddress',
    'Billing address',
  ),
  c('RatingBody', RatingBody, { rating: 'helpful' }, 'note', 'note'),
  c('CoAuthor', CoAuthor, { name: 'Cora', email: 'cora@example.org' }, 'affiliation', 'Affiliation'),
  c('PayuInitiateBody', PayuInitiateBody, { name: 'Payer', email: 'p@example.org', amount: 10 }, 'productinfo', 'Paper ID'),
];

/** Each text as it is written in the field: a mail's subject is one line, the others may hold paragraphs. */
const ARABIC_AND_HEBREW = 'مرحبا بالعالم שלום 2025';

describe('every stored free-text field refuses text-direction controls, naming the field', () => {
  const named = (suffix: string) => FREE_TEXT.map((x): [string, Case] => [`${x.name}.${x.field}${suffix}`, x]);

  test.each(named(': U+202E refused, the message naming the field'))('%s', (_, { schema, valid, field, label }) => {
    expect(schema.safeParse(valid).success, `${field}: the valid sample`).toBe(true);
    const refused = schema.safeParse({ ...valid, [field]: `Abc ${RLO}fdp.exe` });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => i.message)).toContain(controlCharsMessage(label));
  });

  test.each(named(' keeps Arabic and Hebrew text'))('%s', (_, { schema, valid, field }) => {
    const value = field === 'email' ? 'محمد@example.org' : ARABIC_AND_HEBREW;
    expect(schema.safeParse({ ...valid, [field]: value }).success).toBe(true);
  });

  test("a text answer to the review form's own questions too", () => {
    const refused = ReviewBody.safeParse({ ...REVIEW, answers: { q1: 3, q2: `Good ${RLO}doog` } });
    expect(refused.error?.issues.map((i) => i.message)).toContain(controlCharsMessage('An answer'));
    expect(ReviewBody.safeParse({ ...REVIEW, answers: { q1: 3, q2: ARABIC_AND_HEBREW } }).success).toBe(true);
  });
});

/**
 * Text fields of the API's bodies that are not free text a person reads as written: secrets that are only hashed,
 * identifiers looked up in the database, files of a multipart form, and fields the server ignores or parses with
 * another schema. Every other string of every body must refuse U+202E.
 */
const NOT_FREE_TEXT: Record<string, string> = {
  password: 'a password is only hashed, never shown',
  confirmPassword: 'a password is only hashed, never shown',
  trackId: 'a track id, looked up among the tracks',
  track: 'a track id, looked up among the tracks',
  code: 'a registration code, looked up (check-in)',
  registrationCode: 'a registration code, looked up (matching a payment to its registration)',
  photo: 'a file of the multipart form',
  cv: 'a file of the multipart form',
  logo: 'a file of the multipart form',
  signature: 'a file of the multipart form',
  file: 'a file of the multipart form',
  coAuthors: "the new-paper form's JSON list, parsed with CoAuthor (the rule applies to its names and affiliations)",
  presenterEmail: "looked up among the paper's authors: the author's own address is stored",
  'POST /send-mail/:reviewerEmail name': "ignored: SPEC's form sends it, the server takes the reviewer by id",
  'POST /send-mail/:reviewerEmail paperTitle': "ignored: SPEC's form sends it, the server takes the paper by id",
};

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  in?: z.ZodType;
  out?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
}
const defOf = (s: z.ZodType) => (s as unknown as { def: Def }).def;
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);
const isStringLike = (s: z.ZodType): boolean => {
  const d = defOf(s);
  return d.type === 'string' || (WRAPPERS.has(d.type) && isStringLike(d.innerType!));
};

/** Every string field of a body: [field name, the schema to parse a bad value with, the bad value]. */
function stringFields(s: z.ZodType, name: string, out: Array<[string, z.ZodType, unknown]>): void {
  const d = defOf(s);
  if (d.type === 'object') for (const [k, v] of Object.entries(d.shape!)) stringFields(v, k, out);
  else if (WRAPPERS.has(d.type)) stringFields(d.innerType!, name, out);
  else if (d.type === 'array') stringFields(d.element!, name, out);
  else if (d.type === 'union') for (const o of d.options!) stringFields(o, name, out);
  else if (d.type === 'intersection') [d.left!, d.right!].forEach((x) => stringFields(x, name, out));
  else if (d.type === 'record') out.push([name, s, { q1: `Abc ${RLO}def` }]);
  else if (d.type === 'pipe') {
    if (isStringLike(d.in!)) out.push([name, s, `Abc ${RLO}def`]);
    else stringFields(d.out!, name, out);
  } else if (d.type === 'string') out.push([name, s, `Abc ${RLO}def`]);
}

const modules = import.meta.glob<Record<string, unknown>>('../api/*.ts', { eager: true });
const endpoints = Object.values(modules)
  .flatMap((m) => Object.values(m))
  .filter((t): t is Record<string, Endpoint> => typeof t === 'object' && t !== null)
  .flatMap((t) => Object.values(t))
  .filter((e): e is Endpoint => typeof e === 'object' && e !== null && 'method' in e && 'path' in e);

describe('no body of the API stores a text with text-direction controls', () => {
  test('the API is found (a guard on the guard)', () => {
    expect(endpoints.length).toBeGreaterThan(100);
  });

  test('every string field of every body refuses U+202E, unless it is not free text (NOT_FREE_TEXT)', () => {
    const accepted: string[] = [];
    for (const e of endpoints) {
      if (!e.body || e.handlerReadsBody) continue;
      const fields: Array<[string, z.ZodType, unknown]> = [];
      stringFields(e.body, '', fields);
      for (const [name, schema, bad] of fields) {
        if (NOT_FREE_TEXT[name] || NOT_FREE_TEXT[`${e.method} ${e.path} ${name}`]) continue;
        if (schema.safeParse(bad).success) accepted.push(`${e.method} ${e.path} ${name}`);
      }
    }
    expect([...new Set(accepted)]).toEqual([]);
  });
});
