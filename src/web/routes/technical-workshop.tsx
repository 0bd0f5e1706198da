import { PageHeader } from '../components/page-header';
import { pageMeta } from '../components/seo';

export const meta = () => pageMeta({ title: 'Technical Workshop', description: 'Technical Workshop of the World Conference on Innovations in Management, Science and Engineering.', path: '/technical-workshop' });

export default function Page() {
  return <PageHeader title="Technical Workshop" />;
}
