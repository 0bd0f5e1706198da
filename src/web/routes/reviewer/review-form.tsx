import { useEffect, useState } from 'react';
import { useFetcher } from 'react-router';
import { toast } from 'sonner';
import { CONFIDENCES, RECOMMENDATIONS, type ReviewJson } from '../../../core/schemas/review-cycle';
import { checkAnswers, cleanAnswers, type QuestionJson } from '../../../core/review-form';
import { QuestionField } from '../../components/review-questions';
import { DeadlineTime } from '../../components/deadline-time';
import { formatDateTime } from '../../lib/format';
import type { ActionResult } from '../../lib/route-data';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';

type Scale = Record<number, string>;

function ScoreGroup({
  name,
  legend,
  scale,
  value,
  onChange,
}: {
  name: string;
  legend: string;
  scale: Scale;
  value: number | null;
  onChange: (v: number) => void;
}) {
  return (
    <fieldset className="min-w-0 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 font-semibold text-brand-900">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {Object.entries(scale).map(([n, words]) => (
          <label
            key={n}
            className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-1.5 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
          >
            <input type="radio" name={name} value={n} checked={value === Number(n)} onChange={() => onChange(Number(n))} />
            <span>
              {n} — {words}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The structured review (docs/product.md#the-review-cycle), beside the comment box and Accept/Decline: scores, comments, saved state,
 * deadline. The host route's loader reads the saved review and the deadline; a save posts `intent: 'review'`
 * to its clientAction.
 */
export function ReviewForm({
  saved,
  reviewDeadline,
  mayStillSave = null,
  questions,
}: {
  saved: ReviewJson | null;
  reviewDeadline: string | null;
  mayStillSave?: boolean | null;
  /** The conference's own questions (decision 0031), read once by the host route's loader; null when they could not be. */
  questions: QuestionJson[] | null;
}) {
  const fetcher = useFetcher<ActionResult<{ message: string; review: ReviewJson }>>();
  const [recommendation, setRecommendation] = useState<number | null>(saved?.recommendation ?? null);
  const [confidence, setConfidence] = useState<number | null>(saved?.confidence ?? null);
  const [toAuthors, setToAuthors] = useState(saved?.commentsToAuthors ?? '');
  const [toEditor, setToEditor] = useState(saved?.commentsToEditor ?? '');
  const [error, setError] = useState('');
  const questionsError = questions ? '' : "Could not load the review form's questions. Please reload the page.";
  const [answers, setAnswers] = useState<Record<string, number | string>>(saved?.answers ?? {});
  const onForm = (all: Record<string, number | string>) =>
    Object.fromEntries(Object.entries(cleanAnswers(all)).filter(([id]) => questions?.some((q) => q.id === id)));
  const busy = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;

  // The server's answer: the form shows the review as saved (the loader has read it again), or the message.
  useEffect(() => {
    if (!result) return;
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setToAuthors(result.data.review.commentsToAuthors);
    setToEditor(result.data.review.commentsToEditor);
    setAnswers(result.data.review.answers);
    toast.success(result.data.message);
  }, [result]);

  // Past the deadline the host may know the server still takes the review (the response window; decision 0033).
  const pastDeadline = Boolean(reviewDeadline && Date.now() > Date.parse(reviewDeadline));
  const closed = pastDeadline && mayStillSave !== true;
  const answersChanged = JSON.stringify(onForm(saved?.answers ?? {})) !== JSON.stringify(onForm(answers));
  const dirty = saved
    ? saved.recommendation !== recommendation ||
      saved.confidence !== confidence ||
      saved.commentsToAuthors !== toAuthors ||
      saved.commentsToEditor !== toEditor ||
      answersChanged
    : Boolean(recommendation || confidence || toAuthors || toEditor || answersChanged);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setError('');
    if (!recommendation || !confidence) {
      setError('Choose a recommendation and your confidence.');
      return;
    }
    if (!toAuthors.trim()) {
      setError('Write your comments to the authors.');
      return;
    }
    if (!questions) {
      setError(questionsError || 'The review form is still loading.');
      return;
    }
    // Only the questions on the form now are sent; answers to retired ones stay as saved (the server keeps them).
    const sent = onForm(answers);
    const problem = checkAnswers(questions, sent);
    if (problem) {
      setError(problem);
      return;
    }
    fetcher.submit(
      { intent: 'review', recommendation, confidence, commentsToAuthors: toAuthors, commentsToEditor: toEditor, answers: sent },
      { method: 'post', encType: 'application/json' },
    );
  };

  return (
    <Card aria-labelledby="review-heading" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="review-heading" className="text-lg font-bold text-brand-900">
          Your review
        </h2>
        <p className="text-sm text-slate-700">
          {reviewDeadline ? (
            <>
              Review deadline: <DeadlineTime iso={reviewDeadline} />
            </>
          ) : (
            'No review deadline set'
          )}
        </p>
      </div>
      <p
        role="status"
        data-testid="review-state"
        className={`text-sm font-medium ${saved && !dirty ? 'text-green-800' : 'text-slate-700'}`}
      >
        {saved ? (
          <>
            Review saved! <time dateTime={saved.submittedAt}>{formatDateTime(saved.submittedAt)}</time>
          </>
        ) : (
          'Not saved yet'
        )}
        {dirty && !closed ? <span className="text-amber-800"> · Unsaved changes</span> : null}
      </p>
      {closed ? (
        <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-amber-900">
          The review deadline has passed: your review can no longer be changed.
        </p>
      ) : null}
      {pastDeadline && !closed ? (
        <p className="rounded-md bg-slate-50 px-3 py-2 text-slate-800">
          The review deadline has passed, but you may still revise your review while the authors respond and the committee discusses.
        </p>
      ) : null}
      <form onSubmit={submit} className="space-y-4">
        <fieldset disabled={closed} className="min-w-0 space-y-4">
          <ScoreGroup
            name="recommendation"
            legend="Recommendation"
            scale={RECOMMENDATIONS}
            value={recommendation}
            onChange={setRecommendation}
          />
          <ScoreGroup name="confidence" legend="Your confidence" scale={CONFIDENCES} value={confidence} onChange={setConfidence} />
          {questions?.map((q) => (
            <QuestionField key={q.id} q={q} value={answers[q.id]} onChange={(v) => setAnswers((a) => ({ ...a, [q.id]: v }))} />
          ))}
          {questionsError ? <Alert>{questionsError}</Alert> : null}
          <Field id="to-authors" label="Comments to the authors" hint="Sent to the authors with the decision, without your name.">
            {(control) => (
              <textarea {...control} rows={6} maxLength={20000} value={toAuthors} onChange={(e) => setToAuthors(e.target.value)} />
            )}
          </Field>
          <Field id="to-editor" label="Comments to the editor (optional)" hint="Only the editors read these.">
            {(control) => (
              <textarea {...control} rows={3} maxLength={20000} value={toEditor} onChange={(e) => setToEditor(e.target.value)} />
            )}
          </Field>
        </fieldset>
        <Alert>{error}</Alert>
        {closed ? null : (
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving…' : saved ? 'Update review' : 'Save review'}
          </Button>
        )}
      </form>
    </Card>
  );
}
