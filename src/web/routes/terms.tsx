import { PageHeader } from '../components/page-header';
import { pageMeta } from '../components/seo';

export const meta = () => pageMeta({ title: 'Terms', description: 'Terms of the World Conference on Innovations in Management, Science and Engineering.', path: '/terms' });

export default function Page() {
  return <PageHeader title="Terms" />;
}
