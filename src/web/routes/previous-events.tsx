import { PageHeader } from '../components/page-header';
import { pageMeta } from '../components/seo';

export const meta = () => pageMeta({ title: 'Previous Conferences', description: 'Previous Conferences of the World Conference on Innovations in Management, Science and Engineering.', path: '/previous-events' });

export default function Page() {
  return <PageHeader title="Previous Conferences" />;
}
