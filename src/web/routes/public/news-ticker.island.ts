import { fetchNews } from '../../api/public';
import { setPlayPause } from '../../components/play-pause';

/** NewsTicker's pause control, and the news an editor added, after the content ones (a failed fetch leaves those). */
export function mountNewsTicker() {
  const ticker = document.querySelector<HTMLElement>('[data-testid="news-ticker"]');
  const track = ticker?.querySelector<HTMLElement>('.news-ticker-track');
  const pause = document.querySelector<HTMLElement>('[data-ticker-pause]');
  if (!track) return;
  const setPaused = (paused: boolean) => {
    track.toggleAttribute('data-paused', paused);
    if (pause) setPlayPause(pause, paused, 'news ticker');
  };
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) setPaused(true);
  pause?.addEventListener('click', () => setPaused(!track.hasAttribute('data-paused')));

  fetchNews().then((extra) => {
    // Each copy of the list gets the items, drawn like the first item of the content.
    for (const list of track.querySelectorAll('ul')) {
      const model = list.querySelector('li');
      if (!model) continue;
      for (const item of extra) {
        const li = model.cloneNode(true) as HTMLLIElement;
        const [title, text] = li.querySelectorAll('p');
        if (title) title.textContent = item.title;
        if (text) text.textContent = item.text;
        list.append(li);
      }
    }
  }, () => { /* the content items stay */ });
}
