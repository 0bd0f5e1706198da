import { LegalPageView } from '../../components/legal-page';
import { pageMeta } from '../../lib/seo';
import { terms } from '../../content/legal';

export const meta = () => pageMeta({ title: terms.title, description: terms.description, path: '/terms' });

export default function Terms() {
  return <LegalPageView page={terms} />;
}
