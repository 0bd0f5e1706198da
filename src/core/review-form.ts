import { z } from './zod';
import { controlCharsMessage, hasNoBidiControls, noBidiControls, plainLine } from './schemas/text';

/**
 * The conference's own review form (decision 0031): questions the editor adds beside the fixed recommendation
 * and confidence. Pure: the browser checks a review with `checkAnswers` before sending it, the server again.
 */
export const QUESTION_KINDS = ['score', 'choice', 'text'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const QUESTION_VISIBILITIES = ['authors', 'committee'] as const;
export type QuestionVisibility = (typeof QUESTION_VISIBILITIES)[number];
export const VISIBILITY_WORDS: Record<QuestionVisibility, string> = { authors: 'Authors and committee', committee: 'Committee only' };
export const KIND_WORDS: Record<QuestionKind, string> = { score: 'Score on a labelled scale', choice: 'Choice', text: 'Text' };

/** A text answer's limit, as the review's comments. */
export const ANSWER_TEXT_MAX = 20_000;
export const SCORE_OPTIONS = { min: 2, max: 10 } as const;
export const CHOICE_OPTIONS = { min: 2, max: 20 } as const;

const Kind = z.enum(QUESTION_KINDS, { message: 'kind must be score, choice or text' });
const Visibility = z.enum(QUESTION_VISIBILITIES, { message: 'visibility must be authors or committee' });
const Label = z
  .string({ message: 'label is required' })
  .trim()
  .min(1, 'label is required')
  .max(200, 'label is too long (at most 200 characters)')
  .refine(...plainLine('label'));
const Description = z
  .string({ message: 'description must be text' })
  .trim()
  .max(2000, 'description is too long (at most 2,000 characters)')
  .refine(...noBidiControls('description'));
const Option = z
  .string({ message: 'Each option must be text' })
  .trim()
  .min(1, 'An option cannot be empty')
  .max(200, 'An option is at most 200 characters')
  .refine(...plainLine('An option'));
const Options = z
  .array(Option, { message: 'options must be a list of texts' })
  .max(CHOICE_OPTIONS.max, `At most ${CHOICE_OPTIONS.max} options`);

/** null when the options fit the kind, else why not (the editor's create and update bodies, checked on both sides). */
export function checkOptions(kind: QuestionKind, options: readonly string[]): string | null {
  if (new Set(options.map((o) => o.toLowerCase())).size !== options.length) return 'Each option may appear only once';
  if (kind === 'text') return options.length === 0 ? null : 'A text question has no options';
  const { min, max } = kind === 'score' ? SCORE_OPTIONS : CHOICE_OPTIONS;
  if (options.length < min || options.length > max) {
    return kind === 'score'
      ? `A score question needs the labels of 1 to n: from ${min} to ${max} of them`
      : `A choice question needs from ${min} to ${max} options`;
  }
  return null;
}

export const CreateQuestionBody = z
  .object({
    kind: Kind,
    label: Label,
    description: Description.default(''),
    options: Options.default([]),
    visibility: Visibility,
    required: z.boolean({ message: 'required must be true or false' }).default(false),
  })
  .superRefine((q, ctx) => {
    const problem = checkOptions(q.kind, q.options);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['options'] });
  });
export type CreateQuestionBody = z.input<typeof CreateQuestionBody>;

/** The fields sent change; `move` or `position` (1-based) reorders; `retired` takes it off the form or puts it back. */
export const UpdateQuestionBody = z
  .object({
    label: Label.optional(),
    description: Description.optional(),
    options: Options.optional(),
    visibility: Visibility.optional(),
    required: z.boolean({ message: 'required must be true or false' }).optional(),
    move: z.enum(['up', 'down'], { message: 'move must be up or down' }).optional(),
    position: z
      .number({ message: 'position must be a whole number from 1' })
      .int('position must be a whole number from 1')
      .min(1, 'position must be a whole number from 1')
      .max(1000, 'position is too large')
      .optional(),
    retired: z.boolean({ message: 'retired must be true or false' }).optional(),
  })
  .refine((b) => !(b.move && b.position !== undefined), 'Send move or position, not both');
export type UpdateQuestionBody = z.input<typeof UpdateQuestionBody>;

export const QuestionJson = z.object({
  id: z.string(),
  /** 1, 2… among the questions on the form; retired ones keep theirs (after the current ones in the editor's list). */
  position: z.number().int(),
  kind: Kind,
  label: z.string(),
  description: z.string(),
  options: z.array(z.string()),
  visibility: Visibility,
  required: z.boolean(),
  retired: z.boolean(),
});
export type QuestionJson = z.infer<typeof QuestionJson>;

/** What a review sends and stores: question id → the score (1…n), the chosen option, or the text. */
export const Answers = z
  .record(z.string().max(64, 'Unknown question'), z.union([z.number(), z.string()], { message: 'An answer must be a number or a text' }))
  .refine(
    (answers) => Object.values(answers).every((v) => typeof v !== 'string' || hasNoBidiControls(v)),
    controlCharsMessage('An answer'),
  );
export type Answers = z.infer<typeof Answers>;

/** An answer as the committee reads it: the question's label, who may see it, and the answer in words. */
export const AnswerJson = z.object({
  questionId: z.string(),
  label: z.string(),
  visibility: Visibility,
  value: z.union([z.number(), z.string()]),
  text: z.string(),
  /** The question was taken off the form since: the answer stays readable. */
  retired: z.boolean(),
});
export type AnswerJson = z.infer<typeof AnswerJson>;

type Question = Pick<QuestionJson, 'id' | 'kind' | 'label' | 'options' | 'required'>;

const blank = (v: number | string | undefined) => v === undefined || (typeof v === 'string' && v.trim() === '');

/**
 * null when `answers` fit `questions` (the form's current ones), else the first problem in words: an unknown
 * question, a score outside 1…n, a choice not offered, a required question left blank, a text too long.
 */
export function checkAnswers(questions: readonly Question[], answers: Readonly<Record<string, number | string>>): string | null {
  const byId = new Map(questions.map((q) => [q.id, q]));
  for (const id of Object.keys(answers)) if (!byId.has(id)) return `Unknown question: ${id}`;
  for (const q of questions) {
    const value = answers[q.id];
    if (blank(value)) {
      if (q.required) return `${q.label} is required`;
      continue;
    }
    if (q.kind === 'score') {
      const n = q.options.length;
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > n)
        return `${q.label} must be a whole number from 1 to ${n}`;
    } else if (q.kind === 'choice') {
      if (typeof value !== 'string' || !q.options.includes(value)) return `${q.label} must be one of ${q.options.join(', ')}`;
    } else if (typeof value !== 'string') {
      return `${q.label} must be text`;
    } else if (value.length > ANSWER_TEXT_MAX) {
      return `${q.label} is too long (at most 20,000 characters)`;
    }
  }
  return null;
}

/** The answers worth storing: blank ones dropped, texts trimmed. */
export function cleanAnswers(answers: Readonly<Record<string, number | string>>): Record<string, number | string> {
  const out: Record<string, number | string> = {};
  for (const [id, v] of Object.entries(answers)) if (!blank(v)) out[id] = typeof v === 'string' ? v.trim() : v;
  return out;
}

/** One answer in words: "4 — Good" on a scale (the number alone when the scale no longer has it), else the text. */
export function answerText(q: Pick<QuestionJson, 'kind' | 'options'>, value: number | string): string {
  if (q.kind === 'score' && typeof value === 'number') {
    const words = q.options[value - 1];
    return words ? `${value} — ${words}` : String(value);
  }
  return String(value);
}

export const RETIRED_MARK = '(no longer on the form)';

/**
 * A review's answers with their questions, in the form's order (current questions first, then retired ones);
 * `authorsOnly` leaves out every committee-only answer. Questions without an answer are left out.
 */
export function labelAnswers(
  questions: readonly QuestionJson[],
  answers: Readonly<Record<string, number | string>>,
  opts: { authorsOnly?: boolean } = {},
): AnswerJson[] {
  const ordered = [...questions].sort((a, b) => Number(a.retired) - Number(b.retired) || a.position - b.position);
  const out: AnswerJson[] = [];
  for (const q of ordered) {
    const value = answers[q.id];
    if (value === undefined || (opts.authorsOnly && q.visibility !== 'authors')) continue;
    out.push({ questionId: q.id, label: q.label, visibility: q.visibility, value, text: answerText(q, value), retired: q.retired });
  }
  return out;
}

/** The authors-visible answers as mail text, one "Label: answer" per line (empty when none). */
export function answersForMail(questions: readonly QuestionJson[], answers: Readonly<Record<string, number | string>>): string {
  return labelAnswers(questions, answers, { authorsOnly: true })
    .map((a) => {
      const label = a.retired ? `${a.label} ${RETIRED_MARK}` : a.label;
      return a.text.includes('\n') ? `${label}:\n${a.text}` : `${label}: ${a.text}`;
    })
    .join('\n');
}
