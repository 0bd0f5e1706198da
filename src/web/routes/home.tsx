import { pageMeta } from '../components/seo';
import { conference } from '../content/conference';

export const meta = () => pageMeta({
  title: `${conference.title} | ${conference.shortName}`,
  description: `${conference.title}: a hybrid conference in ${conference.venue.city}, ${conference.venue.country}, ${conference.heroDates}.`,
  path: '/',
});

export default function Home() {
  return (
    <section className="bg-brand-900 px-4 py-20 text-center text-white">
      <p className="text-sm font-semibold tracking-widest text-accent-400">{conference.mode}</p>
      <h1 className="mx-auto mt-4 max-w-4xl text-3xl font-bold sm:text-5xl">{conference.title}</h1>
      <p className="mt-4 text-lg">{conference.heroDates}</p>
      <p className="mt-1">{conference.venue.resort}, {conference.venue.country}</p>
    </section>
  );
}
