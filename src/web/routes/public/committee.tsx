import { PageHeader } from '../../components/page-header';
import { pageMeta } from '../../lib/seo';
import { committeeHtml, listBlock } from '../../../core/site-lists-html';
import { committeeIntro, committeeSeed } from '../../content/committee';
import { conference } from '../../content/conference';

export const meta = () => pageMeta({
  title: 'Steering Committee',
  description: `The steering committee, international advisory committee and technical program committee of the ${conference.title}.`,
  path: '/committee',
});

/**
 * The committee as the editor keeps it on /editor/site (decision 0062): the build draws the first edition's list,
 * the server draws the saved one in its place (src/core/site-lists-html.ts, the same markup either way).
 */
export default function Committee() {
  return (
    <>
      <PageHeader title="Steering Committee" subtitle={committeeIntro} />
      <div dangerouslySetInnerHTML={{ __html: listBlock('committee', committeeHtml(committeeSeed)) }} />
    </>
  );
}
