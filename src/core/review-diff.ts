import { diffWords } from 'diff';
import { CONFIDENCES, RECOMMENDATIONS } from './schemas/review-cycle';

/** One run of a field's text: unchanged, added in the newer version, or removed from the older one. */
export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** What changed in one field between two versions of a review (decision 0034). */
export interface FieldChange {
  /** recommendation, confidence, commentsToAuthors, commentsToEditor, or `answers.<question id>`. */
  field: string;
  label: string;
  parts: DiffPart[];
}

/** The fields of a saved review that a version keeps. */
export interface ReviewVersionFields {
  recommendation: number;
  confidence: number;
  commentsToAuthors: string;
  commentsToEditor: string;
  answers: Readonly<Record<string, number | string>>;
}

const inWords = (table: Record<number, string>, n: number) => `${table[n] ?? 'Unknown'} (${n})`;

/** A word diff of two texts as runs; consecutive runs of one kind are merged. */
export function diffText(before: string, after: string): DiffPart[] {
  const parts: DiffPart[] = [];
  for (const c of diffWords(before, after)) {
    const kind = c.added ? 'added' : c.removed ? 'removed' : 'same';
    const last = parts[parts.length - 1];
    if (last && last.kind === kind) last.text += c.value;
    else parts.push({ kind, text: c.value });
  }
  return parts;
}

/** A short value (a score in words, a choice) replaced whole: the old one removed, the new one added. */
function replaced(before: string, after: string): DiffPart[] {
  return [...(before ? [{ kind: 'removed' as const, text: before }] : []), ...(after ? [{ kind: 'added' as const, text: after }] : [])];
}

const answerText = (v: number | string | undefined) => (v === undefined ? '' : String(v));

/**
 * The fields that changed from `before` to `after`, in the form's order: recommendation and confidence in words
 * (replaced whole), the two comments and text answers as word diffs, other answers replaced whole. Answers are
 * keyed by question id; `questionLabels` names them (an unknown id is labelled by its id). Unchanged fields are left out.
 */
export function diffReviewVersions(
  before: ReviewVersionFields,
  after: ReviewVersionFields,
  questionLabels: Readonly<Record<string, string>> = {},
): FieldChange[] {
  const out: FieldChange[] = [];
  if (before.recommendation !== after.recommendation) {
    out.push({
      field: 'recommendation',
      label: 'Recommendation',
      parts: replaced(inWords(RECOMMENDATIONS, before.recommendation), inWords(RECOMMENDATIONS, after.recommendation)),
    });
  }
  if (before.confidence !== after.confidence) {
    out.push({
      field: 'confidence',
      label: 'Confidence',
      parts: replaced(inWords(CONFIDENCES, before.confidence), inWords(CONFIDENCES, after.confidence)),
    });
  }
  if (before.commentsToAuthors !== after.commentsToAuthors) {
    out.push({
      field: 'commentsToAuthors',
      label: 'Comments to authors',
      parts: diffText(before.commentsToAuthors, after.commentsToAuthors),
    });
  }
  if (before.commentsToEditor !== after.commentsToEditor) {
    out.push({ field: 'commentsToEditor', label: 'Comments to editor', parts: diffText(before.commentsToEditor, after.commentsToEditor) });
  }
  const ids = [...new Set([...Object.keys(before.answers), ...Object.keys(after.answers)])];
  for (const id of ids) {
    const a = before.answers[id];
    const b = after.answers[id];
    if (a === b) continue;
    const texts = typeof a === 'string' && typeof b === 'string';
    out.push({
      field: `answers.${id}`,
      label: questionLabels[id] ?? `Question ${id}`,
      parts: texts ? diffText(a, b) : replaced(answerText(a), answerText(b)),
    });
  }
  return out;
}
