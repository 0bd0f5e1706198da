import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { PaperJson } from '../../core/schemas/paper';
import { getEditorPapers } from '../api/review';
import { PaperCard } from '../components/paper-card';
import { RegistrationBadge } from '../components/registration-badge';
import { isSessionExpired, LOGIN_FIRST, requireRole } from '../components/session';

export const meta = () => [{ title: 'Research Papers | IMSE 2025' }];
export const clientLoader = () => requireRole('Editor');

const PAGE = 24;
/** uPlot and the charts load on this page only (their own chunk), after the first paint. */
const EditorCharts = lazy(() => import('../components/editor-charts'));

export default function EditorDashboard() {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  const [papers, setPapers] = useState<PaperJson[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);

  const load = async (q: string, after?: string) => {
    setLoading(true);
    try {
      const page = await getEditorPapers({ limit: PAGE, cursor: after, q: q || undefined });
      setPapers((prev) => (after ? [...prev, ...page.papers] : page.papers));
      setCursor(page.nextCursor);
    } catch (err) {
      if (isSessionExpired(err)) navigate(LOGIN_FIRST);
      else console.error('Failed to load papers', err);
    } finally {
      setLoading(false);
    }
  };

  useEffect(() => {
    const timer = setTimeout(() => setSearch(query.trim()), 300);
    return () => clearTimeout(timer);
  }, [query]);
  useEffect(() => { void load(search); }, [search]);

  return (
    <div>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <h1 className="shrink-0 text-2xl font-bold text-brand-900">Research Papers</h1>
        <div className="flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="paper-search" className="block text-sm font-medium text-slate-700">Search title, paper id or tag</label>
            <input id="paper-search" type="search" value={query} onChange={(e) => setQuery(e.target.value)}
              className="mt-1 w-72 max-w-full rounded-md border border-slate-300 px-3 py-2" />
          </div>
          <Link to="/editor/settings" className="rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold hover:bg-slate-100">Settings</Link>
          <Link to="/editor/reviewers" className="rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold hover:bg-slate-100">Reviewers</Link>
          <Link to="/editor/decisions" className="rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold hover:bg-slate-100">Decisions</Link>
          <Link to="/editor/messages" className="rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold hover:bg-slate-100">Messages</Link>
          <Link to="/editor/payments" className="rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold hover:bg-slate-100">Payments</Link>
          <Link to="/editor/program" className="rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold hover:bg-slate-100">Programme</Link>
          <Link to="/editor/assign" className="rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold hover:bg-slate-100">Automatic assignment</Link>
          <Link to="/editor/audit" className="rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold hover:bg-slate-100">Audit log</Link>
          <Link to="/keynote-admin" className="rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold hover:bg-slate-100">Keynote admin</Link>
        </div>
      </div>
      <div className="mt-6">
        {mounted ? <Suspense fallback={<p className="text-slate-600">Loading figures…</p>}><EditorCharts /></Suspense> : null}
      </div>
      {!loading && papers.length === 0 ? <p className="mt-6 text-slate-700">{search ? 'No paper matches your search.' : 'No papers have been submitted yet.'}</p> : null}
      <div className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {papers.map((paper) => (
          <PaperCard key={paper._id} paper={paper} status="Pending Review" to={`/editor/view-more/${paper._id}`}
            actions={paper.pdf ? (<><RegistrationBadge paperId={paper._id} as="Editor" />
              <a href={paper.pdf} target="_blank" rel="noopener noreferrer" aria-label={`View PDF: ${paper.title}`}
                className="rounded-md border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50">View PDF</a></>
            ) : <RegistrationBadge paperId={paper._id} as="Editor" />} />
        ))}
      </div>
      {loading ? <p className="mt-6 text-slate-600">Loading papers…</p> : null}
      {cursor && !loading ? (
        <div className="mt-6 text-center">
          <button type="button" onClick={() => load(search, cursor)} className="rounded-md bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800">Load more papers</button>
        </div>
      ) : null}
    </div>
  );
}
