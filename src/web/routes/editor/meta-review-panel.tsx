import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { MetaReviewJson } from '../../../core/schemas/deliberation';
import { DECISIONS, type Decision } from '../../../core/schemas/review-cycle';
import { getMetaReview, saveMetaReview } from '../../api/deliberation';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { cardClass } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { formatDateTime } from '../../lib/format';
import { useFollowRedirect } from '../../lib/route-data';

const RECOMMENDATION_WORDS: Record<Decision, string> = { Accepted: 'Accept', Rejected: 'Reject', Revision: 'Ask for a revision' };

/**
 * The chair's (or editor's) meta-review of a paper (issue 23.4): a recommendation, a text the authors read in the
 * decision mail and on their page, and a text only the committee reads. Loads itself: one line on the paper page.
 */
export function MetaReviewPanel({ paperId }: { paperId: string }) {
  const followRedirect = useFollowRedirect();
  const [saved, setSaved] = useState<MetaReviewJson | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [recommendation, setRecommendation] = useState<Decision | ''>('');
  const [toAuthors, setToAuthors] = useState('');
  const [toCommittee, setToCommittee] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const show = (m: MetaReviewJson | null) => {
    setSaved(m);
    setRecommendation(m?.recommendation ?? '');
    setToAuthors(m?.toAuthors ?? '');
    setToCommittee(m?.toCommittee ?? '');
  };
  useEffect(() => {
    let live = true;
    getMetaReview(paperId).then((m) => { if (live) { show(m); setLoaded(true); } }, (err: unknown) => {
      if (live && !followRedirect(err)) setError(err instanceof Error ? err.message : 'Could not load the meta-review.');
    });
    return () => { live = false; };
  }, [paperId]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!recommendation) { setError('Please choose a recommendation'); return; }
    if (!toAuthors.trim()) { setError('The text to the authors is required'); return; }
    setBusy(true);
    setError(null);
    try {
      show(await saveMetaReview(paperId, { recommendation, toAuthors, toCommittee }));
      toast.success('Meta-review saved');
    } catch (err) {
      if (!followRedirect(err)) setError(err instanceof Error ? err.message : 'Could not save the meta-review. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="meta-review-title" className={cardClass('shadow-sm')}>
      <h2 id="meta-review-title" className="text-xl font-semibold text-brand-900">Meta-review</h2>
      <p className="mt-1 text-sm text-slate-700">
        {saved ? <>Last saved by {saved.authorName}, {formatDateTime(saved.updatedAt)}.</> : loaded ? 'No meta-review yet.' : 'Loading…'}
      </p>
      <form onSubmit={(e) => void submit(e)} aria-label="Meta-review" className="mt-3 space-y-4" noValidate>
        <Field label="Recommendation">
          {(control) => (
            <select {...control} value={recommendation} required onChange={(e) => setRecommendation(e.target.value as Decision | '')} className={`${control.className} sm:max-w-xs`}>
              <option value="">Choose…</option>
              {DECISIONS.map((d) => <option key={d} value={d}>{RECOMMENDATION_WORDS[d]}</option>)}
            </select>
          )}
        </Field>
        <Field label="To the authors" hint="The authors read this in the decision mail and on their paper's page.">
          {(control) => <textarea {...control} rows={6} maxLength={20_000} required value={toAuthors} onChange={(e) => setToAuthors(e.target.value)} />}
        </Field>
        <Field label="To the committee only" hint="Never shown to the authors: only the editor and the track's chairs read it.">
          {(control) => <textarea {...control} rows={4} maxLength={20_000} value={toCommittee} onChange={(e) => setToCommittee(e.target.value)} />}
        </Field>
        <Alert>{error}</Alert>
        <Button type="submit" disabled={busy || !loaded}>{busy ? 'Saving…' : 'Save meta-review'}</Button>
      </form>
    </section>
  );
}
