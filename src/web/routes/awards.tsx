import { PageHeader } from '../components/page-header';
import { pageMeta } from '../components/seo';

export const meta = () => pageMeta({ title: 'Awards', description: 'Awards of the World Conference on Innovations in Management, Science and Engineering.', path: '/awards' });

export default function Page() {
  return <PageHeader title="Awards" />;
}
