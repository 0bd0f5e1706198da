import { PageHeader } from '../components/page-header';
import { pageMeta } from '../components/seo';

export const meta = () => pageMeta({ title: 'Awards 2019', description: 'Awards 2019 of the World Conference on Innovations in Management, Science and Engineering.', path: '/awards-2019' });

export default function Page() {
  return <PageHeader title="Awards 2019" />;
}
