import EmblaCarousel from 'embla-carousel';
import Autoplay from 'embla-carousel-autoplay';
import { setPlayPause } from '../../components/play-pause';
import { SLIDER_DELAY_MS } from '../../content/home-timings';

/**
 * Embla's `duration` is not in milliseconds: it is the stiffness of a spring stepped at 60 Hz. 22 brings a
 * slide to rest (within 2 % of the distance) in about 500 ms, the transition time of docs/product.md#fees-and-fixed-figures
 * (measured in tests/e2e/public-home.test.ts).
 */
const EMBLA_DURATION_FOR_500MS = 22;

/** A dot's bar: wide and gold for the slide shown. */
export const heroDotClass = (selected: boolean) =>
  `block h-3 rounded-full transition-all ${selected ? 'w-8 bg-accent-400' : 'w-3 bg-white/80 group-hover:bg-white'}`;

/** The home page's hero slider on HeroSlider's markup: infinite loop, autoplay every 3500 ms, no pause on hover. */
export function mountHeroSlider() {
  const root = document.querySelector<HTMLElement>('[data-hero]');
  const viewport = root?.querySelector<HTMLElement>('[data-testid="hero-viewport"]');
  if (!root || !viewport) return;
  const autoplay = Autoplay({ delay: SLIDER_DELAY_MS, stopOnInteraction: false, stopOnMouseEnter: false });
  const embla = EmblaCarousel(viewport, { loop: true, duration: EMBLA_DURATION_FOR_500MS }, [autoplay]);
  const dots = Array.from(root.querySelectorAll<HTMLElement>('[data-hero-dot]'));
  const pause = root.querySelector<HTMLElement>('[data-hero-pause]');
  let paused = false;

  const onSelect = () => {
    const selected = embla.selectedScrollSnap();
    dots.forEach((dot, i) => {
      if (i === selected) dot.setAttribute('aria-current', 'true');
      else dot.removeAttribute('aria-current');
      dot.firstElementChild?.setAttribute('class', heroDotClass(i === selected));
    });
  };
  const setPaused = (value: boolean) => {
    paused = value;
    if (pause) setPlayPause(pause, value, 'slideshow');
    if (value) autoplay.stop();
    else autoplay.play();
  };
  // Dragging restarts autoplay on release; a pause chosen by the visitor must hold.
  embla.on('select', onSelect).on('autoplay:play', () => { if (paused) autoplay.stop(); });
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) setPaused(true);

  const go = (move: () => void) => { move(); autoplay.reset(); };
  root.querySelector('[data-hero-prev]')?.addEventListener('click', () => go(() => embla.scrollPrev()));
  root.querySelector('[data-hero-next]')?.addEventListener('click', () => go(() => embla.scrollNext()));
  dots.forEach((dot, i) => dot.addEventListener('click', () => go(() => embla.scrollTo(i))));
  pause?.addEventListener('click', () => setPaused(!paused));
}
