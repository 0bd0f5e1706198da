import { z } from '../zod';
import { PaperId } from '../schemas/common';
import { PREFLIGHT_RULES, RULE_ACTIONS, type PreflightRule, type RuleAction } from '../preflight';
import { endpoints } from './endpoint';

/** One finding (core/preflight.ts PreflightFinding). */
export const PreflightFindingJson = z.object({
  rule: z.enum(PREFLIGHT_RULES),
  severity: z.enum(['block', 'warn']),
  message: z.string(),
  page: z.number().int().optional(),
  line: z.number().int().optional(),
});

/** The answer of a preflight: `checked` false when the track checks nothing (no rules, or all off). */
export const PreflightResponse = z.object({
  checked: z.boolean(),
  blocking: z.number().int(),
  warnings: z.number().int(),
  findings: z.array(PreflightFindingJson),
});
export type PreflightResponse = z.infer<typeof PreflightResponse>;

const Action = z.enum(RULE_ACTIONS as [RuleAction, ...RuleAction[]], { message: 'Each rule is block, warn or off' });
/** A track's rules as the chair saves them (decision 0072). */
export const PreflightRulesBody = z.object({
  pageLimit: z
    .number({ message: 'The page limit must be a whole number' })
    .int('The page limit must be a whole number')
    .min(1, 'The page limit is at least 1 page')
    .max(500, 'The page limit is at most 500 pages')
    .nullable(),
  referencesCount: z.boolean(),
  paperSize: z.enum(['any', 'A4', 'Letter'], { message: 'The paper size is any, A4 or Letter' }),
  maxFileMb: z
    .number({ message: 'The file size limit must be a number of MB' })
    .min(0.1, 'The file size limit is at least 0.1 MB')
    .max(1000, 'The file size limit is at most 1,000 MB')
    .nullable(),
  actions: z.object(Object.fromEntries(PREFLIGHT_RULES.map((r) => [r, Action])) as Record<PreflightRule, typeof Action>),
});
export const SavePreflightRulesBody = z.object({ rules: PreflightRulesBody.nullable() });

export const TrackPreflightJson = z.object({
  trackId: z.string(),
  trackName: z.string(),
  /** null: the track checks nothing. */
  rules: PreflightRulesBody.nullable(),
  /** What the screen offers when the chair turns the checks on. */
  defaults: PreflightRulesBody,
  /** The anonymity rules apply only under blind review (the edition's setting). */
  blindReview: z.boolean(),
});

/** The chair's format report of a paper: each version's findings, newest first (versions uploaded before a track had rules: none). */
export const FormatReportJson = z.object({
  paperId: z.string(),
  versions: z.array(
    z.object({
      version: z.number().int(),
      fileName: z.string(),
      uploadedAt: z.string(),
      checked: z.boolean(),
      checkedAt: z.string().nullable(),
      findings: z.array(PreflightFindingJson),
    }),
  ),
});

const TrackParams = z.object({ trackId: z.string().trim().min(1).max(64) });
const PaperParams = z.object({ id: PaperId });
const PreflightForm = z.object({
  file: z.string().describe('The PDF (binary)'),
  track: z.string().optional().describe('The track the paper is for (a new paper; without it the default track)'),
  coAuthors: z
    .string()
    .optional()
    .describe('The co-authors as the new-paper form sends them (a JSON list): the text is checked against them too'),
});

/** Decision 0072: a paper's PDF checked against its track's rules before it is sent, and the chair's rules and reports. */
export const PREFLIGHT = endpoints('submissions', {
  preflightNewPaper: {
    method: 'POST',
    path: '/author/preflight',
    summary: "Check a PDF against a track's rules before submitting it",
    description:
      'multipart/form-data: the PDF in `file`, the `track` and the `coAuthors` (as the new-paper form). Nothing is kept: the answer lists each finding with its page and line, blocking or a warning; the submission checks the PDF again. `checked` is false when the track checks nothing.',
    multipart: true,
    body: PreflightForm,
    response: PreflightResponse,
  },
  preflightNewVersion: {
    method: 'POST',
    path: '/author/paper/:id/preflight',
    summary: "Check a new version of one of the author's papers before uploading it",
    description:
      "multipart/form-data with the PDF in `file`, checked against the rules of the paper's track and its authors. Nothing is kept. Any author of the paper (404 for anyone else).",
    params: PaperParams,
    multipart: true,
    body: PreflightForm.pick({ file: true }),
    response: PreflightResponse,
  },
  getTrackPreflight: {
    method: 'GET',
    path: '/editor/tracks/:trackId/preflight',
    tag: 'tracks',
    summary: "A track's preflight rules",
    description: 'The editor, or a chair of this track (404 for a chair of other tracks).',
    params: TrackParams,
    response: TrackPreflightJson,
  },
  saveTrackPreflight: {
    method: 'PUT',
    path: '/editor/tracks/:trackId/preflight',
    tag: 'tracks',
    summary: "Set a track's preflight rules (null: check nothing)",
    description:
      'The editor, or a chair of this track. Each rule blocks a submission, warns (stored with the version for the chair), or is off. Audited as track.preflight.',
    params: TrackParams,
    body: SavePreflightRulesBody,
    response: TrackPreflightJson,
  },
  getFormatReport: {
    method: 'GET',
    path: '/editor/papers/:paperId/format-report',
    tag: 'editor desk',
    summary: "A paper's format report: what the preflight found in each version",
    description: "The editor, or a chair of the paper's track who is not conflicted with it (403 then).",
    params: z.object({ paperId: PaperId }),
    response: FormatReportJson,
  },
});
