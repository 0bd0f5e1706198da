import { LegalPageView } from '../../components/legal-page';
import { pageMeta } from '../../lib/seo';
import { agreement } from '../../content/legal';

export const meta = () => pageMeta({ title: agreement.title, description: agreement.description, path: '/agreement' });

export default function Agreement() {
  return <LegalPageView page={agreement} />;
}
