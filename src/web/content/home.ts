import type { SponsorJson } from '../../core/schemas/site-lists';
import { conference } from './conference';

export interface HeroSlide {
  src: string;
  alt: string;
}

/** The home page's hero slider: four images, drawn for this site (public/images/hero-*.svg). */
export const heroSlides: HeroSlide[] = [
  { src: '/images/hero-1.svg', alt: 'Illustration of a conference hall with a speaker on stage' },
  { src: '/images/hero-2.svg', alt: 'Illustration of a beach at sunset in Pattaya, Thailand' },
  { src: '/images/hero-3.svg', alt: 'Illustration of circuits, molecules and charts, the conference themes' },
  { src: '/images/hero-4.svg', alt: 'Illustration of researchers joining a hybrid session online and in person' },
];

export const HERO_IMAGE_SIZE = { width: 1600, height: 720 } as const;

export { SLIDER_DELAY_MS, SLIDER_TRANSITION_MS, TICKER_CYCLE_S } from './home-timings';

export const about = {
  heading: 'About the Conference',
  image: { src: '/images/about.svg', alt: 'Illustration of delegates at a conference session', width: 640, height: 480 },
  paragraphs: [
    `The ${conference.title} brings together researchers, academicians, industry professionals and students to share their latest findings in management, science and engineering. It is a hybrid conference held at ${conference.venue.resort}, ${conference.venue.country}, and online, so delegates can take part in person or from anywhere in the world.`,
    `${capitalise(conference.expectedParticipants)} participants are expected. The programme offers keynote lectures by leading experts, oral presentations of peer-reviewed papers in four tracks, and hands-on technical workshops, with time to meet colleagues from many countries.`,
  ],
};

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export interface NewsItem {
  id: string;
  title: string;
  text: string;
}

/** The news ticker: items dated 20, 25 and 29 December 2023, announcing a conference tour to an island. */
export const news: NewsItem[] = [
  {
    id: 'news-1',
    title: '20 December 2023',
    text: 'Registration for the conference tour to Coral Island (Koh Larn) is open for all delegates.',
  },
  {
    id: 'news-2',
    title: '25 December 2023',
    text: 'The conference tour to the island departs from the venue after the closing ceremony; places are limited.',
  },
  {
    id: 'news-3',
    title: '29 December 2023',
    text: 'Conference tour to the island: boarding details and timings are sent to registered delegates by email.',
  },
];

export interface Logo {
  src: string;
  alt: string;
  role: string;
}

/** The home page's publishers and partners: two rows of four logos. Sample marks drawn for this site: the organiser replaces them. */
export const logoRows: Logo[][] = [
  [
    { src: '/images/logos/publisher.svg', alt: 'Publisher (sample logo)', role: 'Publisher' },
    { src: '/images/logos/indexing-1.svg', alt: 'Indexing partner (sample logo)', role: 'Indexing partner' },
    { src: '/images/logos/indexing-2.svg', alt: 'Indexing partner (sample logo)', role: 'Indexing partner' },
    { src: '/images/logos/indexing-3.svg', alt: 'Indexing partner (sample logo)', role: 'Indexing partner' },
  ],
  [
    { src: '/images/logos/cosponsor-1.svg', alt: 'Technical co-sponsor (sample logo)', role: 'Technical co-sponsor' },
    { src: '/images/logos/cosponsor-2.svg', alt: 'Technical co-sponsor (sample logo)', role: 'Technical co-sponsor' },
    { src: '/images/logos/cosponsor-3.svg', alt: 'Technical co-sponsor (sample logo)', role: 'Technical co-sponsor' },
    { src: '/images/logos/cosponsor-4.svg', alt: 'Technical co-sponsor (sample logo)', role: 'Technical co-sponsor' },
  ],
];

export const deadlinesImage = {
  src: '/images/deadlines.svg',
  alt: 'Illustration of a calendar with marked deadlines',
  width: 560,
  height: 420,
};

/** The logos above as the editor's list of sponsors (decision 0062); migration 0023 seeds the same rows. */
export const sponsorsSeed: SponsorJson[] = logoRows.flat().map((l, i) => ({
  _id: `5eedb0${String(i + 1).padStart(18, '0')}`,
  name: l.alt,
  role: l.role,
  link: '',
  logo: l.src,
}));
