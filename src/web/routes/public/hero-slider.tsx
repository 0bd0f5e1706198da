import { conference } from '../../content/conference';
import { HERO_IMAGE_SIZE, heroSlides } from '../../content/home';
import { PlayPauseButton } from '../../components/play-pause-button';
import { heroDotClass } from './hero-slider.island';

/**
 * The home page's hero slider: 4 images, dots and arrows, infinite, autoplay every 3500 ms, no pause on hover. The markup
 * shows the first slide; hero-slider.island.ts makes it a carousel.
 */
export function HeroSlider() {
  return (
    <section aria-roledescription="carousel" aria-label="Conference highlights" className="relative h-[560px] overflow-hidden bg-brand-900 text-white sm:h-[600px]" data-hero>
      <div className="h-full overflow-hidden" data-testid="hero-viewport">
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
            <a href="/submissions" className="rounded-md bg-accent-400 px-5 py-3 text-sm font-bold text-brand-900 shadow hover:bg-white">Submit a paper</a>
            <a href="/registration" className="rounded-md border-2 border-white px-5 py-2.5 text-sm font-bold text-white hover:bg-white hover:text-brand-900">Register</a>
          </div>
        </div>
      </div>

      <button type="button" aria-label="Previous slide" data-hero-prev
        className="absolute left-2 top-1/2 -translate-y-1/2 rounded-full bg-brand-900/70 p-2 text-white hover:bg-brand-900 sm:left-4 sm:p-3">
        <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5"><path d="M15 5l-7 7 7 7" /></svg>
      </button>
      <button type="button" aria-label="Next slide" data-hero-next
        className="absolute right-2 top-1/2 -translate-y-1/2 rounded-full bg-brand-900/70 p-2 text-white hover:bg-brand-900 sm:right-4 sm:p-3">
        <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5"><path d="M9 5l7 7-7 7" /></svg>
      </button>

      <div className="absolute inset-x-0 bottom-4 flex items-center justify-center gap-3">
        <PlayPauseButton what="slideshow" tone="dark" data-hero-pause="" />
        <div className="flex items-center">
          {heroSlides.map((slide, i) => (
            <button key={slide.src} type="button" aria-label={`Go to slide ${i + 1}`} aria-current={i === 0 ? 'true' : undefined} data-hero-dot={i} className="group p-2">
              <span className={heroDotClass(i === 0)} />
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}
