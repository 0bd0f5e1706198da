import { PageHeader } from '../components/page-header';
import { pageMeta } from '../components/seo';

export const meta = () => pageMeta({ title: 'Privacy Policy', description: 'Privacy Policy of the World Conference on Innovations in Management, Science and Engineering.', path: '/privacy-policy' });

export default function Page() {
  return <PageHeader title="Privacy Policy" />;
}
