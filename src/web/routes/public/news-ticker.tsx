import { useEffect, useState } from 'react';
import { news as contentNews, TICKER_CYCLE_S, type NewsItem } from '../../content/home';
import { fetchNews } from '../../api/public';
import { PlayPauseButton } from '../../components/play-pause-button';

/**
 * SPEC §2 home (3): a vertical ticker looping forever on an 8 s linear cycle. The list is drawn twice and
 * moved by half its height, so the loop has no seam; the copy is hidden from assistive technology.
 * Items an editor added (GET /api/news) are appended after hydration; a failed fetch leaves the content ones.
 */
export function NewsTicker() {
  const [items, setItems] = useState<NewsItem[]>(contentNews);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) setPaused(true);
    const controller = new AbortController();
    fetchNews(controller.signal)
      .then((extra) => { if (extra.length) setItems([...contentNews, ...extra]); })
      .catch(() => { /* the content items stay */ });
    return () => controller.abort();
  }, []);

  const list = (hidden: boolean) => (
    <ul aria-hidden={hidden || undefined} className="divide-y divide-brand-100">
      {items.map((item) => (
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
        <PlayPauseButton paused={paused} onToggle={() => setPaused(!paused)} what="news ticker" tone="light" />
      </div>
      <div className="relative min-h-72 flex-1 overflow-hidden" data-testid="news-ticker">
        <div className="news-ticker-track" data-paused={paused || undefined} style={{ animationDuration: `${TICKER_CYCLE_S}s` }}>
          {list(false)}
          {list(true)}
        </div>
      </div>
    </div>
  );
}
