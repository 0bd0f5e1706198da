import { PageHeader } from '../components/page-header';
import { pageMeta } from '../components/seo';

export const meta = () => pageMeta({ title: 'Agreement', description: 'Agreement of the World Conference on Innovations in Management, Science and Engineering.', path: '/agreement' });

export default function Page() {
  return <PageHeader title="Agreement" />;
}
