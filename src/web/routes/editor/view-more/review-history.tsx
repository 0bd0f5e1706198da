import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { DiffPart } from '../../../../core/review-diff';
import { CONFIDENCES, RECOMMENDATIONS } from '../../../../core/schemas/review-cycle';
import {
  RATING_WORDS,
  REVIEW_RATINGS,
  type ReviewRating,
  type ReviewRatingJson,
  type ReviewVersionJson,
} from '../../../../core/schemas/review-quality';
import { getReviewVersions, rateReview } from '../../../api/review-quality';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { formatDateTime } from '../../../lib/format';
import { useFollowRedirect } from '../../../lib/route-data';

const words = (table: Record<number, string>, n: number) => `${table[n] ?? n} (${n})`;

/**
 * One run of a diff. Insertions and deletions are marked by more than colour: underlined / struck through,
 * <ins>/<del>, and words a screen reader reads out ("inserted:", "deleted:").
 */
function Part({ part }: { part: DiffPart }) {
  if (part.kind === 'added') {
    return (
      <ins className="rounded-sm bg-green-100 px-0.5 text-green-950 underline decoration-2 underline-offset-2">
        <span className="sr-only">[inserted: </span>
        {part.text}
        <span className="sr-only">]</span>
      </ins>
    );
  }
  if (part.kind === 'removed') {
    return (
      <del className="rounded-sm bg-red-100 px-0.5 text-red-950 line-through decoration-2">
        <span className="sr-only">[deleted: </span>
        {part.text}
        <span className="sr-only">]</span>
      </del>
    );
  }
  return <span>{part.text}</span>;
}

/** One version: when it was saved, and what changed from the one before (or that it is the first). */
function Version({ v, first }: { v: ReviewVersionJson; first: boolean }) {
  return (
    <li className="border-t border-slate-200 py-3 first:border-t-0">
      <p className="font-semibold text-slate-900">
        Version {v.version} <span className="font-normal text-slate-600">· saved {formatDateTime(v.savedAt)}</span>
      </p>
      {first ? (
        <p className="mt-1 text-slate-700">
          First saved version: {words(RECOMMENDATIONS, v.recommendation)}, confidence {words(CONFIDENCES, v.confidence)}.
        </p>
      ) : v.changes.length === 0 ? (
        <p className="mt-1 text-slate-700">Saved again without changes.</p>
      ) : (
        <dl className="mt-1 space-y-2">
          {v.changes.map((c) => (
            <div key={c.field}>
              <dt className="font-medium text-slate-800">{c.label}</dt>
              <dd className="whitespace-pre-wrap break-words text-slate-800">
                {c.parts.map((p, i) => (
                  <Part key={i} part={p} />
                ))}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  );
}

/** The committee's rating of the review: helpful / adequate / poor and a note; never shown to reviewers or authors. */
function RatingForm({
  paperId,
  reviewerId,
  name,
  saved,
  onSaved,
}: {
  paperId: string;
  reviewerId: string;
  name: string;
  saved: ReviewRatingJson | null;
  onSaved: (r: ReviewRatingJson | null) => void;
}) {
  const followRedirect = useFollowRedirect();
  const [rating, setRating] = useState<ReviewRating | ''>(saved?.rating ?? '');
  const [note, setNote] = useState(saved?.note ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await rateReview(paperId, reviewerId, { rating: rating || null, note });
      onSaved(answer.rating);
      toast.success(answer.message);
    } catch (err) {
      if (!followRedirect(err)) setError(err instanceof Error ? err.message : 'Could not save the rating. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      onSubmit={(e) => void submit(e)}
      aria-label={`Rate the review by ${name}`}
      className="mt-3 grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end"
    >
      <Field label="Rating (committee only)">
        {(control) => (
          <select {...control} value={rating} onChange={(e) => setRating(e.target.value as ReviewRating | '')}>
            <option value="">Not rated</option>
            {REVIEW_RATINGS.map((r) => (
              <option key={r} value={r}>
                {RATING_WORDS[r]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Note for the committee">
        {(control) => <textarea {...control} rows={1} maxLength={2000} value={note} onChange={(e) => setNote(e.target.value)} />}
      </Field>
      <Button type="submit" size="sm" disabled={busy}>
        {busy ? 'Saving…' : 'Save rating'}
      </Button>
      {error ? (
        <p role="alert" className="text-sm text-red-800 sm:col-span-3">
          {error}
        </p>
      ) : null}
    </form>
  );
}

interface ReviewEntry {
  reviewerId: string;
  name: string;
  versions: number;
  rating: ReviewRatingJson | null;
}

/**
 * One review's rating and its "History (N versions)" disclosure. The versions (each with both texts and the word
 * diff, ~7 KB) are read when the disclosure is first opened, not with the page: five of them were 85 % of the
 * paper page's bytes and server time (docs/benchmarks.md, deliberation page).
 */
function ReviewHistory({ paperId, review }: { paperId: string; review: ReviewEntry }) {
  const followRedirect = useFollowRedirect();
  const headingId = useId();
  const [rating, setRating] = useState(review.rating);
  const [versions, setVersions] = useState<ReviewVersionJson[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = () => {
    if (versions || loading) return;
    setLoading(true);
    setError(null);
    getReviewVersions(paperId, review.reviewerId)
      .then(
        (h) => {
          setVersions(h.versions);
          setRating(h.rating);
        },
        (err: unknown) => {
          if (!followRedirect(err)) setError(err instanceof Error ? err.message : 'Could not load the history.');
        },
      )
      .finally(() => setLoading(false));
  };
  const n = versions?.length ?? review.versions;
  return (
    <li aria-labelledby={headingId} className="rounded-lg border border-slate-200 p-3">
      <p id={headingId} className="font-semibold text-slate-900">
        Review by {review.name}
        {rating ? (
          <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">
            Rated {RATING_WORDS[rating.rating]}
          </span>
        ) : null}
      </p>
      {rating?.note ? <p className="mt-1 whitespace-pre-wrap text-slate-700">Committee note: {rating.note}</p> : null}
      <RatingForm paperId={paperId} reviewerId={review.reviewerId} name={review.name} saved={rating} onSaved={setRating} />
      <details
        className="mt-3"
        onToggle={(e) => {
          if ((e.currentTarget as HTMLDetailsElement).open) open();
        }}
      >
        <summary className="cursor-pointer font-semibold text-brand-700 underline">
          History ({n === 1 ? '1 version' : `${n} versions`})
        </summary>
        <Alert className="mt-2">{error}</Alert>
        {versions ? (
          <ol aria-label={`Versions of the review by ${review.name}, newest first`} className="mt-2">
            {versions.map((v, i) => (
              <Version key={v.version} v={v} first={i === versions.length - 1} />
            ))}
          </ol>
        ) : error ? null : (
          <p className="mt-2 text-slate-600" role="status">
            Loading the history…
          </p>
        )}
      </details>
    </li>
  );
}

/**
 * Decision 0034 and docs/product.md#deliberation on the editor's and chair's paper page: per review, the committee's rating and what
 * changed between its saved versions (a word diff with times, newest first), read when its history is opened.
 */
export function ReviewHistories({ paperId, reviews }: { paperId: string; reviews: ReadonlyArray<ReviewEntry> }) {
  if (reviews.length === 0) return null;
  return (
    <section aria-label="Review history and rating" className="mt-4 text-sm">
      <h4 className="font-semibold text-brand-900">History and rating of each review</h4>
      <p className="mt-1 text-slate-600">
        Inserted words are underlined, deleted words struck through. Ratings are seen by the committee only.
      </p>
      <ul className="mt-2 space-y-3">
        {reviews.map((r) => (
          <ReviewHistory key={r.reviewerId} paperId={paperId} review={r} />
        ))}
      </ul>
    </section>
  );
}
