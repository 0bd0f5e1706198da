import { Link } from 'react-router';
import { MESSAGES } from '../../../core/messages';
import { getMyPapers } from '../../api/submissions';
import { PaperStateBadge } from '../../components/status-badge';
import { formatDate } from '../../lib/format';
import { loadOr } from '../../lib/route-data';
import { requireRole } from '../../lib/session';
import type { Route } from './+types/author-paper-list';
import { appTitle } from '../../lib/seo';

export const meta = () => [{ title: appTitle('Paper details') }];

export async function clientLoader() {
  requireRole('Author');
  return loadOr(getMyPapers(), MESSAGES.loadPapersFailed);
}

export { RouteError as ErrorBoundary } from '../../lib/route-data';

/** The bare /author/paper-details: choose which of your papers to open. */
export default function AuthorPaperList({ loaderData: { papers } }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold text-brand-900">Paper details</h1>
      <p className="mt-2 text-slate-700">Choose a paper to see its details.</p>
      {papers.length === 0 ? (
        <p className="mt-4">
          You have no papers yet.{' '}
          <Link className="font-semibold text-brand-700 underline" to="/author/new-paper">
            Submit a paper
          </Link>
          .
        </p>
      ) : null}
      <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {papers.map((p) => (
          <li key={p._id}>
            <Link
              to={`/paper-details/${p._id}`}
              className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1 px-4 py-3 hover:bg-brand-50"
            >
              <span className="min-w-0">
                <span className="font-semibold text-brand-900">{p.title}</span>
                <span className="block break-all text-sm text-slate-600">
                  {p._id} · {formatDate(p.submittedAt)}
                </span>
              </span>
              <PaperStateBadge paper={p} />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
