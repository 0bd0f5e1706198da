import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useNavigation, useSearchParams } from 'react-router';
import { getRegisteredByPaper } from '../../../api/programme';
import { getEditorPapersUpTo } from '../../../api/assignment';
import { getEditorStats } from '../../../api/editor-desk';
import { getPhase } from '../../../api/phase';
import { PhaseTimeline } from '../../../components/phase-banner';
import { ExportLinks } from '../../../components/export-links';
import { PaperCard } from '../../../components/paper-card';
import { RegistrationBadge } from '../../../components/registration-badge';
import { requireRole } from '../../../lib/session';
import { Button, ButtonAnchor, buttonClass } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { ChairConflictNote, ChairTracksLine, inTrack, isChair, loadTrackChoices, TrackFilter } from '../shared/track-filter';
import type { Route } from './+types/editor-dashboard';

export const meta = () => [{ title: 'Research Papers | IMSE 2025' }];

const PAGE = 24;

/**
 * The search (?q=), the track shown (?track=, over the papers loaded) and how many pages are shown (?pages=)
 * live in the URL: the papers (cursor paging, x-next-cursor), the figures for the charts and who has registered
 * are read together. A track chair (decision 0023) gets their tracks' papers only, and neither figures nor
 * registrations: those are the editor's.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const chair = isChair(requireRole('Editor'));
  const params = new URL(request.url).searchParams;
  const q = params.get('q')?.trim() ?? '';
  const track = params.get('track') ?? '';
  const pages = pagesShown(params);
  // Each part may fail without hiding the page (docs/product.md#validation-and-messages: a failed list load is only logged).
  const [list, stats, registered, phase] = await Promise.all([
    loadPart(getEditorPapersUpTo({ count: PAGE * pages, q: q || undefined }), { papers: [], nextCursor: null }),
    chair ? null : loadPart(getEditorStats(), null, 'Could not load the figures.'),
    chair ? null : loadPart(getRegisteredByPaper(), null),
    loadPart(getPhase(), null),
  ]);
  const tracks = await loadTrackChoices(chair, list.data.papers);
  return {
    q,
    track,
    pages,
    chair,
    tracks,
    ...list.data,
    stats: stats?.data ?? null,
    statsError: stats?.error ?? null,
    registered: registered?.data ?? null,
    phase: phase.data,
  };
}

import { loadPart, pagesShown, useShowMore } from '../../../lib/route-data';
export { RouteError as ErrorBoundary } from '../../../lib/route-data';

/** uPlot and the charts load on this page only (their own chunk), after the first paint. */
const EditorCharts = lazy(() => import('./editor-charts'));

const LINKS: Array<[string, string]> = [
  ['/editor/settings', 'Settings'],
  ['/editor/conference', 'Conference'],
  ['/editor/reviewers', 'Reviewers'],
  ['/editor/decisions', 'Decisions'],
  ['/editor/missing-reviews', 'Missing reviews'],
  ['/editor/bulk-mail', 'Mail to a group'],
  ['/editor/messages', 'Messages'],
  ['/editor/payments', 'Payments'],
  ['/editor/pricing', 'Pricing'],
  ['/editor/program', 'Programme'],
  ['/editor/assign', 'Automatic assignment'],
  ['/editor/audit', 'Audit log'],
  ['/keynote-admin', 'Keynote admin'],
  ['/award-panel', 'Award panel'],
  ['/editor/attendees', 'Attendees'],
  ['/editor/check-in', 'Check-in'],
  ['/editor/workshops', 'Workshops'],
  ['/editor/tracks', 'Tracks'],
  ['/editor/review-form', 'Review form'],
  ['/editor/mail-templates', 'Mail templates'],
  ['/editor/exports', 'Exports'],
  ['/editor/registrations/new', 'Register someone'],
  ['/editor/visa-letters', 'Visa letters'],
];
/** What a track chair may use of the links above (the server refuses them the rest: decision 0023). */
const CHAIR_MAY = new Set(['/editor/decisions', '/editor/assign', '/editor/missing-reviews', '/editor/exports', '/editor/bulk-mail']);

export default function EditorDashboard({ loaderData }: Route.ComponentProps) {
  const { q, track, pages, chair, tracks, papers, nextCursor, stats, statsError, registered, phase } = loaderData;
  const [, setSearchParams] = useSearchParams();
  const shown = papers.filter((p) => inTrack(p, track));
  const links = chair ? LINKS.filter(([to]) => CHAIR_MAY.has(to)) : LINKS;
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/editor/dashboard';
  const [query, setQuery] = useState(q);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // Leaving the page (View More) while a search is waiting: the search must not bring the editor back.
  const leaving = navigation.location !== undefined && navigation.location.pathname !== '/editor/dashboard';
  useEffect(() => {
    if (leaving) clearTimeout(timer.current);
  }, [leaving]);

  // The search goes to the URL 300 ms after the last key; the loader reads it (replace: no history entry per key).
  const onSearch = (value: string) => {
    setQuery(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const text = value.trim();
      setSearchParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (text) next.set('q', text);
          else next.delete('q');
          next.delete('pages');
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    }, 300);
  };
  const onTrack = (value: string) =>
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set('track', value);
        else next.delete('track');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  const loadMore = useShowMore(pages);

  return (
    <div>
      <div className="flex flex-col gap-4">
        <h1 className="shrink-0 text-2xl font-bold text-brand-900">Research Papers</h1>
        <div className="flex flex-wrap items-end gap-3">
          <Field
            id="paper-search"
            type="search"
            label="Search title, paper id or tag"
            value={query}
            onChange={(e) => onSearch(e.target.value)}
            className="w-72 max-w-full"
          />
          <TrackFilter id="paper-track" tracks={tracks} value={track} onChange={onTrack} />
          {links.map(([to, label]) => (
            <Link key={to} to={to} className={buttonClass({ variant: 'quiet', size: 'sm' })}>
              {label}
            </Link>
          ))}
        </div>
        {chair ? <ChairTracksLine tracks={tracks} /> : null}
        <PhaseTimeline phase={phase} role={chair ? 'Chair' : 'Editor'} />
      </div>
      {chair ? null : (
        <div className="mt-6">
          <Suspense fallback={<p className="text-slate-600">Loading figures…</p>}>
            <EditorCharts stats={stats} error={statsError} />
          </Suspense>
        </div>
      )}
      {!loading && shown.length === 0 ? (
        <p className="mt-6 text-slate-700">
          {q ? 'No paper matches your search.' : papers.length ? 'No paper loaded is in this track.' : 'No papers have been submitted yet.'}
        </p>
      ) : null}
      {track && papers.length > 0 ? (
        <p className="mt-6 text-sm text-slate-600" aria-live="polite">
          Showing {shown.length} of the {papers.length} papers loaded.
        </p>
      ) : null}
      <div className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {shown.map((paper) => {
          if (paper.chairConflicted) return <PaperCard key={paper._id} paper={paper} actions={<ChairConflictNote />} />;
          const badge = <RegistrationBadge registered={registered ? (registered[paper._id] ?? null) : null} />;
          return (
            <PaperCard
              key={paper._id}
              paper={paper}
              to={`/editor/view-more/${paper._id}`}
              actions={
                paper.pdf ? (
                  <>
                    {badge}
                    <ButtonAnchor
                      variant="secondary"
                      size="sm"
                      href={paper.pdf}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={`View PDF: ${paper.title}`}
                    >
                      View PDF
                    </ButtonAnchor>
                  </>
                ) : (
                  badge
                )
              }
            />
          );
        })}
      </div>
      {loading ? <p className="mt-6 text-slate-600">Loading papers…</p> : null}
      {nextCursor && !loading ? (
        <div className="mt-6 text-center">
          <Button onClick={loadMore}>Load more papers</Button>
        </div>
      ) : null}
      <div className="mt-8">
        <ExportLinks names={['papers']} title="Download the papers as CSV" more />
      </div>
    </div>
  );
}
