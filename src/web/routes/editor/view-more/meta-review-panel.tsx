import { useEffect, useState, type FormEvent } from 'react';
import { useFetcher } from 'react-router';
import { toast } from 'sonner';
import type { MetaReviewBody, MetaReviewJson } from '../../../../core/schemas/deliberation';
import { DECISIONS, type Decision } from '../../../../core/schemas/review-cycle';
import { getMetaReview, saveMetaReview } from '../../../api/deliberation';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { cardClass } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { formatDateTime } from '../../../lib/format';
import { actOr, loadPart, type ActionResult } from '../../../lib/route-data';

const RECOMMENDATION_WORDS: Record<Decision, string> = { Accepted: 'Accept', Rejected: 'Reject', Revision: 'Ask for a revision' };

/** The meta-review as the host route's loader read it (null before one is written), or the message when it could not. */
export type MetaReviewRead = { data: MetaReviewJson | null; error: string | null };

/** For the host route's clientLoader. */
export const readMetaReview = (paperId: string): Promise<MetaReviewRead> =>
  loadPart<MetaReviewJson | null>(getMetaReview(paperId), null, 'Could not load the meta-review.');

/** What the panel posts to its host route's clientAction. */
export type MetaReviewIntent = { intent: 'meta-review' } & MetaReviewBody;

/** For the host route's clientAction: save the meta-review; the answer is the meta-review as saved. */
export function metaReviewAction(paperId: string, { intent, ...body }: MetaReviewIntent): Promise<ActionResult<MetaReviewJson>> {
  return actOr(saveMetaReview(paperId, body), 'Could not save the meta-review. Please try again.', intent);
}

/**
 * The chair's (or editor's) meta-review of a paper (decision 0033): a recommendation, a text the authors read in the
 * decision mail and on their page, and a text only the committee reads. The host route reads it (`readMetaReview`)
 * and saves it (`metaReviewAction`).
 */
export function MetaReviewPanel({ meta }: { meta: MetaReviewRead }) {
  const fetcher = useFetcher<ActionResult<MetaReviewJson>>();
  const loaded = meta.error === null;
  const [saved, setSaved] = useState(meta.data);
  const [recommendation, setRecommendation] = useState<Decision | ''>(meta.data?.recommendation ?? '');
  const [toAuthors, setToAuthors] = useState(meta.data?.toAuthors ?? '');
  const [toCommittee, setToCommittee] = useState(meta.data?.toCommittee ?? '');
  const [error, setError] = useState<string | null>(meta.error);
  const busy = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;

  // The server's answer: the form shows the meta-review as saved, or the message.
  useEffect(() => {
    if (!result) return;
    if (!result.ok) {
      setError(result.error);
      return;
    }
    const m = result.data;
    setSaved(m);
    setRecommendation(m.recommendation);
    setToAuthors(m.toAuthors);
    setToCommittee(m.toCommittee);
    toast.success('Meta-review saved');
  }, [result]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!recommendation) {
      setError('Please choose a recommendation');
      return;
    }
    if (!toAuthors.trim()) {
      setError('The text to the authors is required');
      return;
    }
    setError(null);
    const body: MetaReviewIntent = { intent: 'meta-review', recommendation, toAuthors, toCommittee };
    fetcher.submit(body, { method: 'post', encType: 'application/json' });
  };

  return (
    <section aria-labelledby="meta-review-title" className={cardClass('shadow-sm')}>
      <h2 id="meta-review-title" className="text-xl font-semibold text-brand-900">
        Meta-review
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {saved ? (
          <>
            Last saved by {saved.authorName}, {formatDateTime(saved.updatedAt)}.
          </>
        ) : loaded ? (
          'No meta-review yet.'
        ) : (
          'Loading…'
        )}
      </p>
      <form onSubmit={submit} aria-label="Meta-review" className="mt-3 space-y-4" noValidate>
        <Field label="Recommendation">
          {(control) => (
            <select
              {...control}
              value={recommendation}
              required
              onChange={(e) => setRecommendation(e.target.value as Decision | '')}
              className={`${control.className} sm:max-w-xs`}
            >
              <option value="">Choose…</option>
              {DECISIONS.map((d) => (
                <option key={d} value={d}>
                  {RECOMMENDATION_WORDS[d]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="To the authors" hint="The authors read this in the decision mail and on their paper's page.">
          {(control) => (
            <textarea {...control} rows={6} maxLength={20_000} required value={toAuthors} onChange={(e) => setToAuthors(e.target.value)} />
          )}
        </Field>
        <Field label="To the committee only" hint="Never shown to the authors: only the editor and the track's chairs read it.">
          {(control) => (
            <textarea {...control} rows={4} maxLength={20_000} value={toCommittee} onChange={(e) => setToCommittee(e.target.value)} />
          )}
        </Field>
        <Alert>{error}</Alert>
        <Button type="submit" disabled={busy || !loaded}>
          {busy ? 'Saving…' : 'Save meta-review'}
        </Button>
      </form>
    </section>
  );
}
