import { PageHeader } from '../components/page-header';
import { pageMeta } from '../components/seo';

export const meta = () => pageMeta({ title: 'Keynote Speakers', description: 'Keynote Speakers of the World Conference on Innovations in Management, Science and Engineering.', path: '/keynote' });

export default function Page() {
  return <PageHeader title="Keynote Speakers" />;
}
