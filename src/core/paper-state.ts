/** The editor's decisions on a paper (their schema: core/schemas/review-cycle.ts). */
export const DECISIONS = ['Accepted', 'Rejected', 'Revision'] as const;
export type Decision = (typeof DECISIONS)[number];

/**
 * A paper's place in the workflow (docs/product.md#statuses) and the words every screen shows for it, per audience. The one
 * place these words live: the author's and the editor's dashboards, lists and pages all read them from here
 * (through the `state` the server puts in the paper JSON).
 *
 * The texts of docs/product.md#statuses stay the texts before anything happened: the author reads 'Under Review' until a decision is
 * notified (never a decision they were not told), the editor 'Pending Review' until the first counted review.
 */
export const PAPER_STATE_CODES = ['submitted', 'under-review', 'decided', 'notified', 'withdrawn', 'camera-ready'] as const;
export type PaperStateCode = (typeof PAPER_STATE_CODES)[number];
export type PaperAudience = 'editor' | 'author';
export interface PaperState {
  code: PaperStateCode;
  label: string;
}

/** What the state follows from. Reviews and reviewers count only while the reviewer has not declined. */
export interface PaperFacts {
  withdrawnAt: Date | string | null;
  /** The editor's decision (may be unsent, or changed since the authors were told). */
  decision: Decision | null;
  /** The decision the authors were last told of. */
  notifiedDecision: Decision | null;
  /** Counted reviews (n): saved by reviewers who have not declined the paper. */
  reviews: number;
  /** Assigned reviewers who have not declined (k). */
  reviewers: number;
  /** Whether anyone was ever assigned the paper (even if all have since declined). */
  anyAssigned: boolean;
  /** Whether the camera-ready version was uploaded. */
  cameraReady: boolean;
}

/** A decision in words, as the decision mail and the author's page say it. */
export const DECISION_WORDS: Record<Decision, string> = { Accepted: 'Accepted', Rejected: 'Rejected', Revision: 'Revision requested' };

/** The texts before anything happened (docs/product.md#statuses). */
export const AUTHOR_BEFORE_DECISION = 'Under Review';
export const EDITOR_BEFORE_REVIEWS = 'Pending Review';

const WITHDRAWN: PaperState = { code: 'withdrawn', label: 'Withdrawn' };
const CAMERA_READY: PaperState = { code: 'camera-ready', label: 'Camera-ready received' };

/** The state and its words for one audience. The author's state is built from what the author was told only. */
export function paperState(facts: PaperFacts, audience: PaperAudience): PaperState {
  return audience === 'author' ? authorState(facts) : editorState(facts);
}

function authorState(f: PaperFacts): PaperState {
  if (f.withdrawnAt) return WITHDRAWN;
  const told = f.notifiedDecision;
  if (!told) return { code: 'under-review', label: AUTHOR_BEFORE_DECISION };
  if (told === 'Accepted' && f.cameraReady) return CAMERA_READY;
  return { code: 'notified', label: DECISION_WORDS[told] };
}

function editorState(f: PaperFacts): PaperState {
  if (f.withdrawnAt) return WITHDRAWN;
  const { decision, notifiedDecision: told } = f;
  if (decision && decision !== told) {
    const since = told ? `not yet notified; the authors were told ${DECISION_WORDS[told]}` : 'not yet notified';
    return { code: 'decided', label: `Decided: ${DECISION_WORDS[decision]} (${since})` };
  }
  if (told) {
    if (!decision) return { code: 'notified', label: `Notified: ${DECISION_WORDS[told]} (decision since cleared)` };
    if (told === 'Accepted' && f.cameraReady) return CAMERA_READY;
    return { code: 'notified', label: `Notified: ${DECISION_WORDS[told]}` };
  }
  const code = f.anyAssigned || f.reviews > 0 ? 'under-review' : 'submitted';
  if (f.reviews === 0) return { code, label: EDITOR_BEFORE_REVIEWS };
  const of = Math.max(f.reviewers, f.reviews);
  return { code, label: `Under review: ${f.reviews} of ${of} ${of === 1 ? 'review' : 'reviews'}` };
}
