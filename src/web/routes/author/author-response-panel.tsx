import { useEffect, useId, useState, type FormEvent } from 'react';
import { useFetcher } from 'react-router';
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
import { actOr, loadPart, type ActionResult } from '../../lib/route-data';

const date = (iso: string | null) => (iso ? new Date(iso) : null);

/** The response page as the host route's loader read it, or the message when it could not. */
export type AuthorResponseRead = { data: AuthorResponsePage | null; error: string | null };

/** For the host route's clientLoader. */
export const readAuthorResponse = (paperId: string): Promise<AuthorResponseRead> =>
  loadPart<AuthorResponsePage | null>(getAuthorResponse(paperId), null, 'Could not load the response window.');

/** What the panel posts to its host route's clientAction. */
export type AuthorResponseIntent = { intent: 'response'; text: string };
type Saved = Awaited<ReturnType<typeof saveAuthorResponse>>;

/** For the host route's clientAction: save the response. */
export function authorResponseAction(paperId: string, { intent, text }: AuthorResponseIntent): Promise<ActionResult<Saved>> {
  return actOr(saveAuthorResponse(paperId, text), 'Could not save the response. Please try again.', intent);
}

/**
 * The authors' response to the reviews (decision 0033): the window's dates, the reviews' comments to the authors once
 * it has opened, and while it is open a text box whose words are counted as the server counts them (core/word-count),
 * live and politely announced, an error past the limit. The host route reads it (`readAuthorResponse`) and saves it
 * (`authorResponseAction`); renders nothing while no window is set.
 */
export function AuthorResponsePanel({ read: { data: page, error: readError } }: { read: AuthorResponseRead }) {
  const ids = useId();
  const fetcher = useFetcher<ActionResult<Saved>>();
  const [text, setText] = useState(page?.response?.text ?? '');
  const [error, setError] = useState<string | null>(null);
  const busy = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;

  // The server's answer (the page has been read again after a save), or the message.
  useEffect(() => {
    if (!result) return;
    if (result.ok) toast.success(result.data.message);
    else setError(result.error);
  }, [result]);

  if (!page) return readError ? <Alert>{readError}</Alert> : null;
  const { window: w, wordLimit, reviews, response } = page;
  if (!w.opens && !response) return null;
  const words = countWords(text);
  const over = words > wordLimit;
  const refusal = w.open
    ? null
    : responseWindowRefusal({ responseOpens: date(w.opens), responseCloses: date(w.closes) }, new Date(), (d) =>
        formatDeadline(d.toISOString()),
      );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (over) {
      setError(overWordLimit(words, wordLimit));
      return;
    }
    if (words === 0) {
      setError('Please write your response before saving');
      return;
    }
    setError(null);
    const body: AuthorResponseIntent = { intent: 'response', text };
    fetcher.submit(body, { method: 'post', encType: 'application/json' });
  };

  const countId = `${ids}-count`;
  const errorId = `${ids}-error`;
  return (
    <section id="author-response" aria-labelledby={`${ids}-title`} className={cardClass('space-y-4')}>
      <div>
        <h2 id={`${ids}-title`} className="text-lg font-semibold text-brand-900">
          Response to the reviews
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          {w.opens ? (
            <>
              Open from {formatDeadline(w.opens)}
              {w.closes ? <> until {formatDeadline(w.closes)}</> : null}.{' '}
            </>
          ) : null}
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
      ) : w.open ? (
        <p className="text-sm text-slate-700">No review has been written yet.</p>
      ) : null}
      {w.open ? (
        <form onSubmit={submit} className="space-y-2" noValidate>
          <label htmlFor={`${ids}-text`} className="block text-sm font-medium text-slate-700">
            Your response
          </label>
          <textarea
            id={`${ids}-text`}
            rows={10}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setError(null);
            }}
            aria-describedby={over || error ? `${countId} ${errorId}` : countId}
            {...(over ? { 'aria-invalid': true } : {})}
            className={inputClass}
          />
          <p id={countId} aria-live="polite" className={`text-sm ${over ? 'font-semibold text-red-800' : 'text-slate-600'}`}>
            {words} / {wordLimit} words{over ? ` (${words - wordLimit} over the limit)` : ''}
          </p>
          {error ? (
            <p id={errorId} role="alert" className="text-sm text-red-800">
              {error}
            </p>
          ) : null}
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving…' : 'Save response'}
          </Button>
        </form>
      ) : null}
      {response ? (
        <div>
          <p className="text-sm text-slate-600">
            Saved {formatDateTime(response.updatedAt)}, {response.words} words.
          </p>
          {w.open ? null : <p className="mt-1 whitespace-pre-wrap break-words text-slate-800">{response.text}</p>}
        </div>
      ) : null}
    </section>
  );
}
