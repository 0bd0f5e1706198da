import { z } from '../zod';
import {
  AWARD_SCORE_MAX,
  AWARD_SCORE_MIN,
  CURRENT_AWARDS_YEAR,
  STUDENT_STATUSES,
  YEARLY_AWARD_NAMES,
  YOUNG_SCIENTIST_AWARD,
  youngScientistProblem,
} from '../awards-programme';
import { Email, Id } from './common';
import { noBidiControls, plainLine } from './text';

/** Award nominations, the panel's scores and the editor's decisions (decision 0044). */

const line = (field: string, max: number) =>
  z
    .string({ message: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`)
    .refine(...plainLine(field));

/** The form's text fields (the CV and the photo are the multipart's files `cv` and `photo`). */
export const NominationFields = z
  .object({
    nomineeName: line('Nominee name', 200),
    nomineeEmail: Email,
    designation: line('Designation', 200),
    affiliation: line('Affiliation', 300),
    category: z.enum(YEARLY_AWARD_NAMES, { message: `Choose one of the ${CURRENT_AWARDS_YEAR} award categories` }),
    statement: z
      .string({ message: 'Statement is required' })
      .trim()
      .min(1, 'Statement is required')
      .max(5000, 'Statement must be at most 5000 characters')
      .refine(...noBidiControls('Statement')),
    /** The nominee's age in years: asked for the Young Scientist Award. */
    age: z.preprocess(
      (v) => (v === '' || v === undefined || v === null ? undefined : v),
      z.coerce
        .number({ message: 'Age must be a whole number' })
        .int('Age must be a whole number')
        .min(10, 'Age must be between 10 and 120')
        .max(120, 'Age must be between 10 and 120')
        .optional(),
    ),
    /** PhD, MPhil or Masters student, or none: asked for the Young Scientist Award. */
    studentStatus: z.preprocess(
      (v) => (v === '' || v === 'none' ? undefined : v),
      z.enum(STUDENT_STATUSES, { message: 'Student status must be PhD, MPhil, Masters or none' }).optional(),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.category !== YOUNG_SCIENTIST_AWARD) return;
    const problem = youngScientistProblem({ age: v.age, student: v.studentStatus });
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['age'] });
  });
export type NominationFields = z.infer<typeof NominationFields>;

export const NOMINATION_STATUSES = ['submitted', 'awarded', 'not-awarded'] as const;
export const NominationStatus = z.enum(NOMINATION_STATUSES);
export const NOMINATION_STATUS_LABELS: Record<(typeof NOMINATION_STATUSES)[number], string> = {
  submitted: 'With the panel',
  awarded: 'Awarded',
  'not-awarded': 'Not awarded',
};

/** A nomination as its nominator sees it (no scores). */
export const MyNominationJson = z.object({
  id: z.string(),
  year: z.number(),
  category: z.string(),
  nomineeName: z.string(),
  nomineeEmail: z.string(),
  designation: z.string(),
  affiliation: z.string(),
  statement: z.string(),
  age: z.number().nullable(),
  studentStatus: z.string().nullable(),
  hasPhoto: z.boolean(),
  status: NominationStatus,
  awardId: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type MyNominationJson = z.infer<typeof MyNominationJson>;

export const MyNominationsJson = z.object({
  year: z.number(),
  open: z.boolean(),
  deadline: z.string(),
  categories: z.array(z.string()),
  nominations: z.array(MyNominationJson),
});
export type MyNominationsJson = z.infer<typeof MyNominationsJson>;

export const NominationCreatedJson = z.object({ message: z.string(), nomination: MyNominationJson });

export const AwardScoreJson = z.object({
  panelistId: z.string(),
  panelistName: z.string(),
  score: z.number(),
  comment: z.string(),
  updatedAt: z.string(),
});

/** A nomination as the panel sees it: the nominator, the scores, the average; the CV by its own route. */
export const PanelNominationJson = MyNominationJson.extend({
  nominatedBy: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  scores: z.array(AwardScoreJson),
  average: z.number().nullable(),
  myScore: z.object({ score: z.number(), comment: z.string() }).nullable(),
  waitingDays: z.number(),
});
export type PanelNominationJson = z.infer<typeof PanelNominationJson>;

export const PanelMemberJson = z.object({ userId: z.string(), name: z.string(), email: z.string(), role: z.string() });
export type PanelMemberJson = z.infer<typeof PanelMemberJson>;

export const PanelJson = z.object({
  year: z.number(),
  /** The caller decides (an editor) or only scores (a named member). */
  canDecide: z.boolean(),
  nominations: z.array(PanelNominationJson),
});
export type PanelJson = z.infer<typeof PanelJson>;

export const PanelMembersJson = z.object({ year: z.number(), members: z.array(PanelMemberJson) });

export const YearParams = z.object({
  year: z.coerce
    .number({ message: 'Unknown award year' })
    .int('Unknown award year')
    .min(2000, 'Unknown award year')
    .max(2100, 'Unknown award year'),
});
export const NominationParams = z.object({ id: Id });
export const PanelMemberParams = z.object({ userId: Id });

export const AddPanelMemberBody = z.object({ email: Email });

export const ScoreBody = z.object({
  score: z
    .number({ message: `Score must be a whole number from ${AWARD_SCORE_MIN} to ${AWARD_SCORE_MAX}` })
    .int(`Score must be a whole number from ${AWARD_SCORE_MIN} to ${AWARD_SCORE_MAX}`)
    .min(AWARD_SCORE_MIN, `Score must be a whole number from ${AWARD_SCORE_MIN} to ${AWARD_SCORE_MAX}`)
    .max(AWARD_SCORE_MAX, `Score must be a whole number from ${AWARD_SCORE_MIN} to ${AWARD_SCORE_MAX}`),
  comment: z
    .string()
    .trim()
    .max(2000, 'Comment must be at most 2000 characters')
    .refine(...noBidiControls('Comment'))
    .default(''),
});
export type ScoreBody = z.infer<typeof ScoreBody>;

export const DecisionBody = z.object({
  decision: z.enum(['awarded', 'not-awarded'], { message: 'Decision must be awarded or not-awarded' }),
});
export type DecisionBody = z.infer<typeof DecisionBody>;

export const DecisionJson = z.object({ message: z.string(), nomination: PanelNominationJson, certificateCode: z.string().nullable() });

/** An awardee as the public awards page shows them: no e-mail address. */
export const AwardeeJson = z.object({
  name: z.string(),
  designation: z.string(),
  affiliation: z.string(),
  award: z.string(),
  awardId: z.string(),
  /** /api/awards/photos/<nomination id>, when the nominee has a photo. */
  photo: z.string().nullable(),
});
export type AwardeeJson = z.infer<typeof AwardeeJson>;
export const AwardeesJson = z.object({ year: z.number(), awardees: z.array(AwardeeJson) });
export type AwardeesJson = z.infer<typeof AwardeesJson>;
