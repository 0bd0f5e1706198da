import { useLocation } from 'react-router';
import { PageHeader } from '../components/page-header';
import { pageMeta } from '../components/seo';

export const meta = ({ location }: { location: { pathname: string } }) => {
  const year = location.pathname.replace(/\D/g, '');
  return pageMeta({ title: `Awards ${year}`, description: `Awards ${year} of the World Conference on Innovations in Management, Science and Engineering.`, path: location.pathname });
};

export default function AwardsYear() {
  const year = useLocation().pathname.replace(/\D/g, '');
  return <PageHeader title={`Awards ${year}`} />;
}
