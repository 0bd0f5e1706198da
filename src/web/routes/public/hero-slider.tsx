import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { conference } from '../../content/conference';
import { HERO_IMAGE_SIZE, heroSlides, SLIDER_DELAY_MS } from '../../content/home';
import { PlayPauseButton } from '../../components/play-pause-button';

/**
 * Embla's `duration` is not in milliseconds: it is the stiffness of a spring stepped at 60 Hz. 22 brings a
 * slide to rest (within 2 % of the distance) in about 500 ms, the transition time of SPEC §9
 * (measured in tests/e2e/public-home.test.ts).
 */
const EMBLA_DURATION_FOR_500MS = 22;

/** SPEC §2 home (1): 4 images, dots and arrows, infinite, autoplay every 3500 ms, no pause on hover. */
export function HeroSlider() {
  const autoplay = useRef(Autoplay({ delay: SLIDER_DELAY_MS, stopOnInteraction: false, stopOnMouseEnter: false }));
  const [viewportRef, embla] = useEmblaCarousel({ loop: true, duration: EMBLA_DURATION_FOR_500MS }, [autoplay.current]);
  const [selected, setSelected] = useState(0);
  const [paused, setPaused] = useState(false);
  const pausedRef = useRef(false);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    // Dragging restarts autoplay on release; a pause chosen by the visitor must hold.
    const onPlay = () => { if (pausedRef.current) autoplay.current.stop(); };
    embla.on('select', onSelect).on('autoplay:play', onPlay);
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) setPausedTo(true);
    return () => { embla.off('select', onSelect).off('autoplay:play', onPlay); };
  }, [embla]);

  function setPausedTo(value: boolean) {
    pausedRef.current = value;
    setPaused(value);
    if (value) autoplay.current.stop();
    else autoplay.current.play();
  }

  const go = useCallback((fn: () => void) => { fn(); autoplay.current.reset(); }, []);

  return (
    <section aria-roledescription="carousel" aria-label="Conference highlights" className="relative h-[560px] overflow-hidden bg-brand-900 text-white sm:h-[600px]">
      <div ref={viewportRef} className="h-full overflow-hidden" data-testid="hero-viewport">
        <div className="flex h-full touch-pan-y">
          {heroSlides.map((slide, i) => (
            <div key={slide.src} role="group" aria-roledescription="slide" aria-label={`${i + 1} of ${heroSlides.length}`} className="relative h-full min-w-0 flex-[0_0_100%]" data-slide={i}>
              <img
                src={slide.src}
                alt={slide.alt}
                width={HERO_IMAGE_SIZE.width}
                height={HERO_IMAGE_SIZE.height}
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : 'low'}
                decoding="async"
                className="h-full w-full object-cover"
                draggable={false}
              />
            </div>
          ))}
        </div>
      </div>

      <div aria-hidden="true" className="pointer-events-none absolute inset-0 bg-gradient-to-b from-brand-900/70 via-brand-900/65 to-brand-900/85" />
      <div className="pointer-events-none absolute inset-0 flex items-center justify-center px-14 text-center sm:px-20">
        <div className="max-w-4xl">
          <p className="inline-block rounded-full border border-accent-400 px-4 py-1 text-xs font-bold tracking-[0.2em] text-accent-400 sm:text-sm">{conference.mode}</p>
          <h1 className="mt-5 text-2xl font-extrabold leading-tight drop-shadow sm:text-4xl lg:text-5xl">{conference.title}</h1>
          <p className="mt-5 text-lg font-semibold text-accent-400 sm:text-2xl">{conference.heroDates}</p>
          <p className="mt-2 text-base text-white sm:text-lg">{conference.venue.resort}, {conference.venue.country}</p>
          <div className="pointer-events-auto mt-8 flex flex-wrap justify-center gap-3">
            <Link to="/submissions" className="rounded-md bg-accent-400 px-5 py-3 text-sm font-bold text-brand-900 shadow hover:bg-white">Submit a paper</Link>
            <Link to="/registration" className="rounded-md border-2 border-white px-5 py-2.5 text-sm font-bold text-white hover:bg-white hover:text-brand-900">Register</Link>
          </div>
        </div>
      </div>

      <button type="button" aria-label="Previous slide" onClick={() => go(() => embla?.scrollPrev())}
        className="absolute left-2 top-1/2 -translate-y-1/2 rounded-full bg-brand-900/70 p-2 text-white hover:bg-brand-900 sm:left-4 sm:p-3">
        <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5"><path d="M15 5l-7 7 7 7" /></svg>
      </button>
      <button type="button" aria-label="Next slide" onClick={() => go(() => embla?.scrollNext())}
        className="absolute right-2 top-1/2 -translate-y-1/2 rounded-full bg-brand-900/70 p-2 text-white hover:bg-brand-900 sm:right-4 sm:p-3">
        <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5"><path d="M9 5l7 7-7 7" /></svg>
      </button>

      <div className="absolute inset-x-0 bottom-4 flex items-center justify-center gap-3">
        <PlayPauseButton paused={paused} onToggle={() => setPausedTo(!paused)} what="slideshow" tone="dark" />
        <div className="flex items-center">
          {heroSlides.map((slide, i) => (
            <button key={slide.src} type="button" aria-label={`Go to slide ${i + 1}`} aria-current={selected === i ? 'true' : undefined}
              onClick={() => go(() => embla?.scrollTo(i))} className="group p-2">
              <span className={`block h-3 rounded-full transition-all ${selected === i ? 'w-8 bg-accent-400' : 'w-3 bg-white/80 group-hover:bg-white'}`} />
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}
