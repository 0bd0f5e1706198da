import { useEffect } from 'react';
import { Link, useFetcher, useNavigation, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { ReviewerAdminJson } from '../../../../core/schemas/reviewers';
import { ratingWord } from '../../../../core/schemas/review-quality';
import { listReviewers, setReviewerApproval } from '../../../api/assignment';
import { actOr, jsonBody, loadOr, pagesShown, useShowMore } from '../../../lib/route-data';
import { ExportLinks } from '../../../components/export-links';
import { PersonPublicationsImport } from '../../../components/person-publications-import';
import { requireRole } from '../../../lib/session';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import type { Route } from './+types/editor-reviewers';
import { appTitle } from '../../../lib/seo';

export const meta = () => [{ title: appTitle('Reviewers') }];

type Status = 'all' | 'pending' | 'approved';
const FILTERS: Array<{ value: Status; label: string }> = [
  { value: 'pending', label: 'Waiting for approval' },
  { value: 'approved', label: 'Approved' },
  { value: 'all', label: 'All' },
];
const PAGE = 50;

/** docs/product.md#deliberation: how many reviews the reviewer saved and the chairs' average rating of them, for next year's invitations. */
const reviewQualityText = (r: ReviewerAdminJson) => {
  const reviews = r.reviews === 1 ? '1 review' : `${r.reviews} reviews`;
  const { average, count } = r.rating;
  if (average === null || count === 0) return `${reviews} · not rated`;
  return `${reviews} · rated ${ratingWord(average)} on average (${average.toFixed(1)} of 3, ${count === 1 ? '1 rating' : `${count} ratings`})`;
};

/**
 * The filter (?status=) and how many pages are shown (?pages=) live in the URL; the pages follow the answer's cursor.
 * Without a filter the page opens on the reviewers waiting for approval, or on everyone when approval is off or
 * nobody waits (docs/product.md#the-review-cycle: never on an empty tab while others have people).
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireRole('Editor');
  const params = new URL(request.url).searchParams;
  const chosen = FILTERS.find((f) => f.value === params.get('status'))?.value;
  const pages = pagesShown(params);
  const load = async () => {
    const list = (status: Status) => listReviewers(status, PAGE * pages).then((answer) => ({ status, ...answer }));
    if (chosen) return list(chosen);
    const waiting = await list('pending');
    return waiting.required && waiting.rows.length > 0 ? waiting : list('all');
  };
  return { pages, ...(await loadOr(load(), 'Could not load the reviewers. Please try again.')) };
}

/** Approve a reviewer or withdraw the approval; the list is then read again. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const { id, approved } = await jsonBody<{ id: string; approved: boolean }>(request);
  return actOr(setReviewerApproval(id, approved), 'Could not change the approval. Please try again.');
}

export { RouteError as ErrorBoundary, revalidateAfterSuccess as shouldRevalidate } from '../../../lib/route-data';

/** docs/product.md#the-review-cycle: the editor approves new reviewers before they are suggested, sent papers, bid or auto-assigned. */
export default function EditorReviewers({ loaderData }: Route.ComponentProps) {
  const { status, pages, rows, next, required } = loaderData;
  const [, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/editor/reviewers';
  const fetcher = useFetcher<typeof clientAction>();
  const busy = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  useEffect(() => {
    if (result?.ok) toast.success(result.data.approved ? `${result.data.name} is approved.` : `${result.data.name} is no longer approved.`);
  }, [result]);

  const show = (value: Status) => setSearchParams({ status: value }, { preventScrollReset: true });
  const more = useShowMore(pages);
  const toggle = (r: ReviewerAdminJson) =>
    fetcher.submit({ id: r._id, approved: !r.approved }, { method: 'post', encType: 'application/json' });

  return (
    <div className="max-w-5xl">
      <Link to="/editor/dashboard" className="text-sm font-semibold text-brand-700 underline">
        ← Research Papers
      </Link>
      <h1 className="mt-3 text-2xl font-bold text-brand-900">Reviewers</h1>
      <p className="mt-2 text-slate-700">
        {required
          ? 'New reviewers need your approval before they are suggested, sent papers, shown papers to bid on or assigned automatically.'
          : 'Approval is off: every reviewer can receive papers. '}
        {!required ? (
          <Link to="/editor/settings" className="font-semibold text-brand-700 underline">
            Turn it on in the settings
          </Link>
        ) : null}
      </p>
      <div role="group" aria-label="Show" className="mt-4 flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <button
            key={f.value}
            type="button"
            aria-pressed={status === f.value}
            onClick={() => show(f.value)}
            className={`rounded-md border px-3 py-2 text-sm font-semibold ${status === f.value ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 hover:bg-slate-100'}`}
          >
            {f.label}
          </button>
        ))}
      </div>
      <Alert className="mt-4">{result && !result.ok ? result.error : null}</Alert>
      {rows.length === 0 ? <p className="mt-6 text-slate-600">No reviewers here.</p> : null}
      {rows.length > 0 ? (
        <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {rows.map((r) => (
            <li key={r._id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">{r.name}</p>
                <p className="text-sm text-slate-700">
                  <span className="break-all">{r.email}</span>
                  {r.verified ? ' · e-mail verified' : ' · e-mail not verified'}
                </p>
                <p className="text-sm text-slate-600">
                  {r.load === 1 ? '1 paper assigned' : `${r.load} papers assigned`}
                  {r.tags.length > 0
                    ? ` · ${r.tags.length > 6 ? `${r.tags.slice(0, 6).join(', ')} and ${r.tags.length - 6} more` : r.tags.join(', ')}`
                    : ' · no tags'}
                </p>
                <p className="text-sm text-slate-600">{reviewQualityText(r)}</p>
                <PersonPublicationsImport userId={r._id} name={r.name} />
              </div>
              <div className="flex shrink-0 items-center gap-3">
                <span
                  className={`rounded-full px-2 py-1 text-xs font-semibold ${r.approved ? 'bg-green-100 text-green-800' : 'bg-amber-100 text-amber-900'}`}
                >
                  {r.approved ? 'Approved' : 'Waiting'}
                </span>
                <Button
                  variant={r.approved ? 'quiet' : 'primary'}
                  size="sm"
                  disabled={busy}
                  onClick={() => toggle(r)}
                  aria-label={`${r.approved ? 'Withdraw approval of' : 'Approve'} ${r.name}`}
                >
                  {r.approved ? 'Withdraw approval' : 'Approve'}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {next ? (
        <Button variant="quiet" size="sm" className="mt-4" disabled={loading} onClick={more}>
          {loading ? 'Loading reviewers…' : 'Show more'}
        </Button>
      ) : null}
      <div className="mt-8">
        <ExportLinks names={['reviewers']} title="Download the reviewers as CSV" more />
      </div>
    </div>
  );
}
