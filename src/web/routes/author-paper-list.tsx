import { Link } from 'react-router';
import { MESSAGES } from '../../core/messages';
import { getMyPapers } from '../api/papers';
import { formatDate } from '../components/format';
import { requireRole } from '../components/session';
import { Alert } from '../components/ui/alert';
import { useApi } from '../components/use-api';

export const meta = () => [{ title: 'Paper details | IMSE 2025' }];
export const clientLoader = () => requireRole('Author');

/** The bare /author/paper-details: choose which of your papers to open. */
export default function AuthorPaperList() {
  const { data, error } = useApi(getMyPapers, []);
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold text-brand-900">Paper details</h1>
      <p className="mt-2 text-slate-700">Choose a paper to see its details.</p>
      <Alert className="mt-4">{error ? MESSAGES.loadPapersFailed : null}</Alert>
      {data && data.papers.length === 0 ? (
        <p className="mt-4">You have no papers yet. <Link className="font-semibold text-brand-700 underline" to="/author/new-paper">Submit a paper</Link>.</p>
      ) : null}
      <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {data?.papers.map((p) => (
          <li key={p._id}>
            <Link to={`/paper-details/${p._id}`} className="block px-4 py-3 hover:bg-brand-50">
              <span className="font-semibold text-brand-900">{p.title}</span>
              <span className="block text-sm text-slate-600">{p._id} · {formatDate(p.submittedAt)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
