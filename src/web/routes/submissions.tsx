import { PageHeader } from '../components/page-header';
import { pageMeta } from '../components/seo';

export const meta = () => pageMeta({ title: 'Paper Submission and Publication', description: 'Paper Submission and Publication of the World Conference on Innovations in Management, Science and Engineering.', path: '/submissions' });

export default function Page() {
  return <PageHeader title="Paper Submission and Publication" />;
}
