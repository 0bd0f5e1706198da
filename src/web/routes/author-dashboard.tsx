import { Link } from 'react-router';
import { MESSAGES } from '../../core/messages';
import { getMyPapers } from '../api/papers';
import { MyCertificates } from '../components/my-certificates';
import { PaperCard } from '../components/paper-card';
import { ProfileBanner } from '../components/profile-banner';
import { requireRole } from '../components/session';
import { Alert } from '../components/ui/alert';
import { useApi } from '../components/use-api';

export const meta = () => [{ title: 'My Research Papers | IMSE 2025' }];
export const clientLoader = () => requireRole('Author');

export default function AuthorDashboard() {
  const { data, error, loading } = useApi(getMyPapers, []);
  return (
    <div className="space-y-8">
      {data ? <ProfileBanner user={data.user} /> : null}
      <MyCertificates />
      <section aria-labelledby="papers-heading">
        <h2 id="papers-heading" className="text-2xl font-bold text-brand-900">My Research Papers</h2>
        <Alert className="mt-4">{error ? MESSAGES.loadPapersFailed : null}</Alert>
        {loading && !data ? <p className="mt-4 text-slate-600">Loading your papers…</p> : null}
        <div className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          <Link to="/author/new-paper" className="flex min-h-40 flex-col items-center justify-center rounded-xl border-2 border-dashed border-brand-600 p-5 text-center text-brand-700 hover:bg-brand-50">
            <span className="text-xl font-bold">+ New Paper</span>
            {data && data.papers.length === 0 ? <span className="mt-2 text-sm text-slate-700">You have not submitted a paper yet. Submit your first paper here.</span> : null}
          </Link>
          {data?.papers.map((paper) => (
            <PaperCard key={paper._id} paper={paper} status="Under Review" to={`/paper-details/${paper._id}`} />
          ))}
        </div>
      </section>
    </div>
  );
}
