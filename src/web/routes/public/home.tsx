import { ContactSection } from './contact-section';
import { HeroSlider } from './hero-slider';
import { ImportantDates } from '../../components/important-dates';
import { LogoShowcase } from './logo-showcase';
import { NewsTicker } from './news-ticker';
import { PublicationOptions } from '../../components/publication-options';
import { Section } from '../../components/section';
import { pageMeta } from '../../lib/seo';
import { conference } from '../../content/conference';
import { about, deadlinesImage } from '../../content/home';
import type { IslandHandle } from '../../lib/islands';

const description = `${conference.title}: a hybrid conference at ${conference.venue.resort}, ${conference.venue.country}, and online, ${conference.heroDates}. Call for papers, keynotes, workshops and awards.`;

/** schema.org Event for search engines (docs/product.md#the-product: hybrid, at a resort in Pattaya, Thailand). */
const eventJsonLd = {
  '@context': 'https://schema.org',
  '@type': 'Event',
  name: conference.title,
  description,
  startDate: conference.heroDatesIso.start,
  endDate: conference.heroDatesIso.end,
  eventStatus: 'https://schema.org/EventScheduled',
  eventAttendanceMode: 'https://schema.org/MixedEventAttendanceMode',
  location: [
    {
      '@type': 'Place',
      name: conference.venue.resort,
      address: { '@type': 'PostalAddress', streetAddress: conference.venue.address, addressLocality: conference.venue.city, addressCountry: conference.venue.countryCode },
    },
    { '@type': 'VirtualLocation', url: `${conference.siteUrl}/` },
  ],
  image: [`${conference.siteUrl}/og-image.png`],
  url: `${conference.siteUrl}/`,
  organizer: { '@type': 'Organization', name: conference.shortName, url: `${conference.siteUrl}/` },
};

export const meta = () => [
  ...pageMeta({ title: `${conference.title} | ${conference.shortName}`, description, path: '/' }),
  { 'script:ld+json': eventJsonLd },
];

/** The bar's menu, the slider, the news ticker, the logos' reveal and the contact form: src/web/islands/home.ts. */
export const handle: IslandHandle = { island: 'home' };

export default function Home() {
  return (
    <>
      <HeroSlider />

      <Section id="about" title={about.heading}>
        <div className="grid items-center gap-10 lg:grid-cols-2">
          <img src={about.image.src} alt={about.image.alt} width={about.image.width} height={about.image.height} loading="lazy" decoding="async"
            className="h-auto w-full rounded-2xl shadow-md" />
          <div className="space-y-4 text-lg leading-relaxed text-slate-800">
            {about.paragraphs.map((p) => <p key={p.slice(0, 24)}>{p}</p>)}
            <p><a href="/program" className="font-semibold text-brand-800 underline underline-offset-4">See the conference programme</a></p>
          </div>
        </div>
      </Section>

      <Section id="news" title="Important News" tone="tint">
        <div className="grid gap-8 lg:grid-cols-2">
          <NewsTicker />
          <PublicationOptions />
        </div>
      </Section>

      <Section id="deadlines" title="Important Deadlines">
        <div className="grid items-center gap-10 lg:grid-cols-2">
          <ImportantDates />
          <img src={deadlinesImage.src} alt={deadlinesImage.alt} width={deadlinesImage.width} height={deadlinesImage.height} loading="lazy" decoding="async"
            className="mx-auto h-auto w-full max-w-md" />
        </div>
      </Section>

      <Section id="partners" title="Publisher, Indexing Partner and Technical Co-sponsor" tone="tint">
        <LogoShowcase />
      </Section>

      <section id="venue" aria-labelledby="venue-heading" className="bg-brand-900 px-4 py-14 text-center text-white">
        <h2 id="venue-heading" className="text-sm font-bold tracking-[0.3em] text-accent-400">VENUE</h2>
        <p className="mt-3 text-2xl font-bold sm:text-3xl">{conference.venue.resort}</p>
        <p className="mt-1 text-lg text-brand-100">{conference.venue.country}</p>
      </section>

      <ContactSection />
    </>
  );
}
