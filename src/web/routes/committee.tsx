import { PageHeader } from '../components/page-header';
import { pageMeta } from '../components/seo';

export const meta = () => pageMeta({ title: 'Steering Committee', description: 'Steering Committee of the World Conference on Innovations in Management, Science and Engineering.', path: '/committee' });

export default function Page() {
  return <PageHeader title="Steering Committee" />;
}
