import { useEffect, useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { responseWindowRefusal } from '../../../core/review-window';
import type { AuthorResponsePage } from '../../../core/schemas/deliberation';
import { countWords, overWordLimit } from '../../../core/word-count';
import { getAuthorResponse, saveAuthorResponse } from '../../api/deliberation';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { cardClass } from '../../components/ui/card';
import { inputClass } from '../../components/ui/field';
import { formatDateTime, formatDeadline } from '../../lib/format';
import { useFollowRedirect } from '../../lib/route-data';

const date = (iso: string | null) => (iso ? new Date(iso) : null);

/**
 * The authors' response to the reviews (issue 23.5): the window's dates, the reviews' comments to the authors once
 * it has opened, and while it is open a text box whose words are counted as the server counts them (core/word-count),
 * live and politely announced, an error past the limit. Loads itself; renders nothing while no window is set.
 */
export function AuthorResponsePanel({ paperId }: { paperId: string }) {
  const followRedirect = useFollowRedirect();
  const ids = useId();
  const [page, setPage] = useState<AuthorResponsePage | null>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    getAuthorResponse(paperId).then((p) => { if (live) { setPage(p); setText(p.response?.text ?? ''); } }, (err: unknown) => {
      if (live && !followRedirect(err)) setError(err instanceof Error ? err.message : 'Could not load the response window.');
    });
    return () => { live = false; };
  }, [paperId]);

  if (!page) return error ? <Alert>{error}</Alert> : null;
  const { window: w, wordLimit, reviews, response } = page;
  if (!w.opens && !response) return null;
  const words = countWords(text);
  const over = words > wordLimit;
  const refusal = w.open ? null : responseWindowRefusal({ responseOpens: date(w.opens), responseCloses: date(w.closes) }, new Date(), (d) => formatDeadline(d.toISOString()));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (over) { setError(overWordLimit(words, wordLimit)); return; }
    if (words === 0) { setError('Please write your response before saving'); return; }
    setBusy(true);
    setError(null);
    try {
      const answer = await saveAuthorResponse(paperId, text);
      setPage({ ...page, response: answer.response });
      toast.success(answer.message);
    } catch (err) {
      if (!followRedirect(err)) setError(err instanceof Error ? err.message : 'Could not save the response. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const countId = `${ids}-count`;
  const errorId = `${ids}-error`;
  return (
    <section id="author-response" aria-labelledby={`${ids}-title`} className={cardClass('space-y-4')}>
      <div>
        <h2 id={`${ids}-title`} className="text-lg font-semibold text-brand-900">Response to the reviews</h2>
        <p className="mt-1 text-sm text-slate-700">
          {w.opens ? <>Open from {formatDeadline(w.opens)}{w.closes ? <> until {formatDeadline(w.closes)}</> : null}. </> : null}
          One response per paper, at most {wordLimit} words; the reviewers and the track chairs are told when it is saved.
        </p>
      </div>
      {refusal ? <Alert tone="info">{refusal}</Alert> : null}
      {reviews.length ? (
        <ol aria-label="The reviews' comments to the authors" className="space-y-3">
          {reviews.map((r) => (
            <li key={r.reviewer} className="rounded-lg bg-slate-50 p-3">
              <h3 className="font-semibold text-brand-900">{r.reviewer}</h3>
              <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-800">{r.commentsToAuthors}</p>
            </li>
          ))}
        </ol>
      ) : w.open ? <p className="text-sm text-slate-700">No review has been written yet.</p> : null}
      {w.open ? (
        <form onSubmit={(e) => void submit(e)} className="space-y-2" noValidate>
          <label htmlFor={`${ids}-text`} className="block text-sm font-medium text-slate-700">Your response</label>
          <textarea id={`${ids}-text`} rows={10} value={text} onChange={(e) => { setText(e.target.value); setError(null); }}
            aria-describedby={over || error ? `${countId} ${errorId}` : countId} {...(over ? { 'aria-invalid': true } : {})} className={inputClass} />
          <p id={countId} aria-live="polite" className={`text-sm ${over ? 'font-semibold text-red-800' : 'text-slate-600'}`}>
            {words} / {wordLimit} words{over ? ` (${words - wordLimit} over the limit)` : ''}
          </p>
          {error ? <p id={errorId} role="alert" className="text-sm text-red-800">{error}</p> : null}
          <Button type="submit" disabled={busy}>{busy ? 'Saving…' : 'Save response'}</Button>
        </form>
      ) : null}
      {response ? (
        <div>
          <p className="text-sm text-slate-600">Saved {formatDateTime(response.updatedAt)}, {response.words} words.</p>
          {w.open ? null : <p className="mt-1 whitespace-pre-wrap break-words text-slate-800">{response.text}</p>}
        </div>
      ) : null}
    </section>
  );
}
