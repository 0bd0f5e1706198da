import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { CONFIDENCES, RECOMMENDATIONS, type ReviewJson } from '../../core/schemas/review-cycle';
import { messageOf } from '../api/client';
import { getDeadlines, getOwnReview, saveReview } from '../api/review-cycle';
import { formatDateTime } from './format';

type Scale = Record<number, string>;

function ScoreGroup({ name, legend, scale, value, onChange }: { name: string; legend: string; scale: Scale; value: number | null; onChange: (v: number) => void }) {
  return (
    <fieldset className="min-w-0 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 font-semibold text-brand-900">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {Object.entries(scale).map(([n, words]) => (
          <label key={n} className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-1.5 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50">
            <input type="radio" name={name} value={n} checked={value === Number(n)} onChange={() => onChange(Number(n))} />
            <span>{n} — {words}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The structured review of issue 12, beside SPEC's comment and Accept/Decline: scores, comments, saved state, deadline. */
export function ReviewForm({ paperId }: { paperId: string }) {
  const [reviewDeadline, setReviewDeadline] = useState<string | null>(null);
  const [saved, setSaved] = useState<ReviewJson | null>(null);
  const [recommendation, setRecommendation] = useState<number | null>(null);
  const [confidence, setConfidence] = useState<number | null>(null);
  const [toAuthors, setToAuthors] = useState('');
  const [toEditor, setToEditor] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  useEffect(() => {
    let live = true;
    getOwnReview(paperId).then((r) => {
      if (!live || !r) return;
      setSaved(r);
      setRecommendation(r.recommendation);
      setConfidence(r.confidence);
      setToAuthors(r.commentsToAuthors);
      setToEditor(r.commentsToEditor);
    }).catch(() => {});
    getDeadlines().then((d) => { if (live) setReviewDeadline(d.reviewDeadline); }).catch(() => {});
    return () => { live = false; };
  }, [paperId]);

  const closed = Boolean(reviewDeadline && Date.now() > Date.parse(reviewDeadline));
  const dirty = saved
    ? saved.recommendation !== recommendation || saved.confidence !== confidence || saved.commentsToAuthors !== toAuthors || saved.commentsToEditor !== toEditor
    : Boolean(recommendation || confidence || toAuthors || toEditor);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError('');
    if (!recommendation || !confidence) { setError('Choose a recommendation and your confidence.'); return; }
    if (!toAuthors.trim()) { setError('Write your comments to the authors.'); return; }
    setBusy(true);
    try {
      const res = await saveReview(paperId, { recommendation, confidence, commentsToAuthors: toAuthors, commentsToEditor: toEditor });
      setSaved(res.review);
      setToAuthors(res.review.commentsToAuthors);
      setToEditor(res.review.commentsToEditor);
      toast.success(res.message);
    } catch (err) {
      setError(messageOf(err, 'The review could not be saved. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="review-heading" className="space-y-4 rounded-xl border border-slate-200 bg-white p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="review-heading" className="text-lg font-bold text-brand-900">Your review</h2>
        <p className="text-sm text-slate-700">
          {reviewDeadline ? <>Review deadline: <time dateTime={reviewDeadline} className="font-semibold">{formatDateTime(reviewDeadline)}</time></> : 'No review deadline set'}
        </p>
      </div>
      <p role="status" data-testid="review-state" className={`text-sm font-medium ${saved && !dirty ? 'text-green-800' : 'text-slate-700'}`}>
        {saved ? <>Review saved! <time dateTime={saved.submittedAt}>{formatDateTime(saved.submittedAt)}</time></> : 'Not saved yet'}
        {dirty && !closed ? <span className="text-amber-800"> · Unsaved changes</span> : null}
      </p>
      {closed ? <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-amber-900">The review deadline has passed: your review can no longer be changed.</p> : null}
      <form onSubmit={submit} className="space-y-4">
        <fieldset disabled={closed} className="min-w-0 space-y-4">
          <ScoreGroup name="recommendation" legend="Recommendation" scale={RECOMMENDATIONS} value={recommendation} onChange={setRecommendation} />
          <ScoreGroup name="confidence" legend="Your confidence" scale={CONFIDENCES} value={confidence} onChange={setConfidence} />
          <div>
            <label htmlFor="to-authors" className="block font-semibold text-brand-900">Comments to the authors</label>
            <textarea id="to-authors" rows={6} maxLength={20000} value={toAuthors} onChange={(e) => setToAuthors(e.target.value)}
              className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2" aria-describedby="to-authors-help" />
            <p id="to-authors-help" className="text-xs text-slate-600">Sent to the authors with the decision, without your name.</p>
          </div>
          <div>
            <label htmlFor="to-editor" className="block font-semibold text-brand-900">Comments to the editor (optional)</label>
            <textarea id="to-editor" rows={3} maxLength={20000} value={toEditor} onChange={(e) => setToEditor(e.target.value)}
              className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2" aria-describedby="to-editor-help" />
            <p id="to-editor-help" className="text-xs text-slate-600">Only the editors read these.</p>
          </div>
        </fieldset>
        {error ? <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-800">{error}</p> : null}
        {closed ? null : (
          <button type="submit" disabled={busy} className="rounded-md bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-50">
            {busy ? 'Saving…' : saved ? 'Update review' : 'Save review'}
          </button>
        )}
      </form>
    </section>
  );
}
