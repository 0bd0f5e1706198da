import { z } from '../zod';

/** What the editor does in each phase of an edition, in order: the dashboard groups its screens under these headings. */
export const FIRST_STEP_PHASES = [
  'Before submissions',
  'Reviewing',
  'Decisions',
  'Programme & proceedings',
  'Registration & the event',
] as const;

/** One thing an edition needs before it runs by itself, decided from the data (docs/product.md#the-editors-first-steps). */
export const FirstStepJson = z.object({
  key: z.enum(['facts', 'dates', 'track-chairs', 'review-form', 'pricing', 'reviewers', 'decisions', 'programme', 'proceedings', 'awards']),
  phase: z.enum(FIRST_STEP_PHASES),
  label: z.string(),
  done: z.boolean(),
  /** What is missing (or, once done, what was found), in a sentence. */
  detail: z.string(),
  /** The screen where it is done. */
  href: z.string(),
});
export type FirstStepJson = z.infer<typeof FirstStepJson>;

/** GET /api/editor/first-steps: the checklist in the order of the conference's phases. */
export const FirstStepsJson = z.object({ steps: z.array(FirstStepJson), done: z.number().int(), total: z.number().int() });
export type FirstStepsJson = z.infer<typeof FirstStepsJson>;
