import { PageHeader } from '../components/page-header';
import { pageMeta } from '../components/seo';

export const meta = () => pageMeta({ title: 'Call for Papers', description: 'Call for Papers of the World Conference on Innovations in Management, Science and Engineering.', path: '/call-for-papers' });

export default function Page() {
  return <PageHeader title="Call for Papers" />;
}
