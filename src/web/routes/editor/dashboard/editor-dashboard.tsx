import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useNavigation, useSearchParams } from 'react-router';
import { getRegisteredByPaper } from '../../../api/programme';
import { getEditorPapersUpTo } from '../../../api/assignment';
import { getEditorStats, getFirstSteps } from '../../../api/editor-desk';
import { getPhase } from '../../../api/phase';
import { PhaseTimeline } from '../../../components/phase-banner';
import { ExportLinks } from '../../../components/export-links';
import { PaperCard } from '../../../components/paper-card';
import { RegistrationBadge } from '../../../components/registration-badge';
import { requireRole } from '../../../lib/session';
import { Button, ButtonAnchor, buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { FirstSteps } from './first-steps';
import { screenGroupsFor } from './editor-screens';
import { ChairConflictNote, ChairTracksLine, inTrack, isChair, loadTrackChoices, TrackFilter } from '../shared/track-filter';
import type { Route } from './+types/editor-dashboard';

export const meta = () => [{ title: appTitle('Research Papers') }];

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
  const [list, stats, registered, phase, firstSteps] = await Promise.all([
    loadPart(getEditorPapersUpTo({ count: PAGE * pages, q: q || undefined }), { papers: [], nextCursor: null }),
    chair ? null : loadPart(getEditorStats(), null, 'Could not load the figures.'),
    chair ? null : loadPart(getRegisteredByPaper(), null),
    loadPart(getPhase(), null),
    chair ? null : loadPart(getFirstSteps(), null),
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
    firstSteps: firstSteps?.data ?? null,
  };
}

import { loadPart, pagesShown, useShowMore } from '../../../lib/route-data';
import { appTitle } from '../../../lib/seo';
export { RouteError as ErrorBoundary } from '../../../lib/route-data';

/** uPlot and the charts load on this page only (their own chunk), after the first paint. */
const EditorCharts = lazy(() => import('./editor-charts'));

export default function EditorDashboard({ loaderData }: Route.ComponentProps) {
  const { q, track, pages, chair, tracks, papers, nextCursor, stats, statsError, registered, phase, firstSteps } = loaderData;
  const [, setSearchParams] = useSearchParams();
  const shown = papers.filter((p) => inTrack(p, track));
  const groups = screenGroupsFor(chair);
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
        {chair ? <ChairTracksLine tracks={tracks} /> : null}
        {firstSteps ? <FirstSteps steps={firstSteps} /> : null}
        <PhaseTimeline phase={phase} role={chair ? 'Chair' : 'Editor'} />
        <nav aria-label="Editor screens" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {groups.map((g) => (
            <Card key={g.heading} as="div" className="!p-3 sm:!p-4">
              <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-700">{g.heading}</h2>
              <ul className="mt-2 flex flex-wrap gap-2">
                {g.links.map(([to, label]) => (
                  <li key={to}>
                    <Link to={to} className={buttonClass({ variant: 'quiet', size: 'sm' })}>
                      {label}
                    </Link>
                  </li>
                ))}
              </ul>
            </Card>
          ))}
        </nav>
      </div>
      {chair ? null : (
        <div className="mt-6">
          <Suspense fallback={<p className="text-slate-600">Loading figures…</p>}>
            <EditorCharts stats={stats} error={statsError} />
          </Suspense>
        </div>
      )}
      <div className="mt-6 flex flex-wrap items-end gap-3">
        <Field
          id="paper-search"
          type="search"
          label="Search title, paper id or tag"
          value={query}
          onChange={(e) => onSearch(e.target.value)}
          className="w-72 max-w-full"
        />
        <TrackFilter id="paper-track" tracks={tracks} value={track} onChange={onTrack} />
      </div>
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
