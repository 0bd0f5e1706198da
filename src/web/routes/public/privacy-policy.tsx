import { LegalPageView } from '../../components/legal-page';
import { pageMeta } from '../../lib/seo';
import { privacyPolicy } from '../../content/legal';

export const meta = () => pageMeta({ title: privacyPolicy.title, description: privacyPolicy.description, path: '/privacy-policy' });

export default function PrivacyPolicy() {
  return <LegalPageView page={privacyPolicy} />;
}
