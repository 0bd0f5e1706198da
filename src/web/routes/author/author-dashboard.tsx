import { Link } from 'react-router';
import { MESSAGES } from '../../../core/messages';
import { getMyPapers } from '../../api/submissions';
import { getMyCertificates } from '../../api/programme';
import { getPhase } from '../../api/phase';
import { PhaseSentence } from '../../components/phase-banner';
import { MyCertificates } from './my-certificates';
import { PaperCard } from '../../components/paper-card';
import { ProfileBanner, profileAction } from '../../components/profile-banner';
import { loadPart, revalidateAfterSuccess } from '../../lib/route-data';
import { requireRole } from '../../lib/session';
import { Alert } from '../../components/ui/alert';
import type { Route } from './+types/author-dashboard';
import { appTitle } from '../../lib/seo';

export const meta = () => [{ title: appTitle('My Research Papers') }];

/**
 * The author's papers and certificates. A failed read of the papers keeps the page (the '+ New Paper' card)
 * with 'Failed to load papers' (docs/product.md#validation-and-messages); certificates that cannot be read are simply not shown.
 */
export async function clientLoader() {
  const stored = requireRole('Author');
  const [mine, certificates, phase] = await Promise.all([
    loadPart(getMyPapers(), null),
    loadPart(getMyCertificates(), { certificates: [] }),
    loadPart(getPhase(), null),
  ]);
  const waiting = !!(mine.data?.waitingForVerification || certificates.data.waitingForVerification);
  return {
    user: mine.data?.user ?? stored,
    papers: mine.data?.papers ?? null,
    certificates: certificates.data.certificates,
    waiting,
    phase: phase.data,
  };
}

/** The profile banner's phone number. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  return profileAction(await request.formData());
}

export { RouteError as ErrorBoundary } from '../../lib/route-data';
export const shouldRevalidate = revalidateAfterSuccess;

export default function AuthorDashboard({ loaderData: { user, papers, certificates, waiting, phase } }: Route.ComponentProps) {
  return (
    <div className="space-y-8">
      <ProfileBanner user={user} />
      <PhaseSentence phase={phase} role="Author" />
      <Alert tone="info" className="text-base">
        {waiting ? MESSAGES.waitingForVerification : null}
      </Alert>
      <MyCertificates certificates={certificates} />
      <section aria-labelledby="papers-heading">
        <h2 id="papers-heading" className="text-2xl font-bold text-brand-900">
          My Research Papers
        </h2>
        <Alert className="mt-4">{papers ? null : MESSAGES.loadPapersFailed}</Alert>
        <div className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          <Link
            to="/author/new-paper"
            className="flex min-h-40 flex-col items-center justify-center rounded-xl border-2 border-dashed border-brand-600 p-5 text-center text-brand-700 hover:bg-brand-50"
          >
            <span className="text-xl font-bold">+ New Paper</span>
            {papers?.length === 0 ? (
              <span className="mt-2 text-sm text-slate-700">You have not submitted a paper yet. Submit your first paper here.</span>
            ) : null}
          </Link>
          {papers?.map((paper) => (
            <PaperCard key={paper._id} paper={paper} to={`/paper-details/${paper._id}`} />
          ))}
        </div>
      </section>
    </div>
  );
}
