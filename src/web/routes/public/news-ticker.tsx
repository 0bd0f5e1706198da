import { news, TICKER_CYCLE_S } from '../../content/home';
import { PlayPauseButton } from '../../components/play-pause-button';

/**
 * The home page's news: a vertical ticker looping forever on an 8 s linear cycle. The list is drawn twice and
 * moved by half its height, so the loop has no seam; the copy is hidden from assistive technology.
 * news-ticker.island.ts gives it its pause control and appends the items an editor added (GET /api/news).
 */
export function NewsTicker() {
  const list = (hidden: boolean) => (
    <ul aria-hidden={hidden || undefined} className="divide-y divide-brand-100">
      {news.map((item) => (
        <li key={item.id} className="px-5 py-4">
          <p className="text-sm font-bold text-brand-700">{item.title}</p>
          <p className="mt-1 text-slate-800">{item.text}</p>
        </li>
      ))}
    </ul>
  );

  return (
    <div className="flex h-full flex-col rounded-xl border border-brand-100 bg-white shadow-sm">
      <div className="flex items-center justify-between gap-3 border-b border-brand-100 px-5 py-3">
        <h3 className="text-lg font-bold text-brand-900">Latest news</h3>
        <PlayPauseButton what="news ticker" tone="light" data-ticker-pause="" />
      </div>
      <div className="relative min-h-72 flex-1 overflow-hidden" data-testid="news-ticker">
        <div className="news-ticker-track" style={{ animationDuration: `${TICKER_CYCLE_S}s` }}>
          {list(false)}
          {list(true)}
        </div>
      </div>
    </div>
  );
}
