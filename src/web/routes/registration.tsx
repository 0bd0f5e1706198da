import { PageHeader } from '../components/page-header';
import { pageMeta } from '../components/seo';

export const meta = () => pageMeta({ title: 'Registration and Fees', description: 'Registration and Fees of the World Conference on Innovations in Management, Science and Engineering.', path: '/registration' });

export default function Page() {
  return <PageHeader title="Registration and Fees" />;
}
