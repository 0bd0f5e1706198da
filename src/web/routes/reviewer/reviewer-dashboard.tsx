import { Link } from 'react-router';
import { getMe } from '../../api/accounts';
import { getAssignedPapers } from '../../api/review';
import { getPhase } from '../../api/phase';
import { PhaseSentence } from '../../components/phase-banner';
import { PaperCard } from '../../components/paper-card';
import { ProfileBanner, profileAction } from '../../components/profile-banner';
import { actOr, loadPart, revalidateAfterSuccess } from '../../lib/route-data';
import { requireRole } from '../../lib/session';
import { buttonClass } from '../../components/ui/button';
import type { Route } from './+types/reviewer-dashboard';
import { appTitle } from '../../lib/seo';

export const meta = () => [{ title: appTitle('Reviewer dashboard') }];

/** The reviewer's profile (the stored one if the server's cannot be read) and the papers sent to them. */
export async function clientLoader() {
  const stored = requireRole('Reviewer');
  const [me, assigned, phase] = await Promise.all([
    actOr(getMe(), ''),
    actOr(getAssignedPapers(stored._id), 'The assigned papers could not be loaded'),
    loadPart(getPhase(), null),
  ]);
  // docs/product.md#validation-and-messages: a failed load of the assigned papers is only logged.
  if (!assigned.ok) console.error(assigned.error);
  return { user: me.ok ? me.data : stored, papers: assigned.ok ? assigned.data : null, phase: phase.data };
}

/** The profile banner's phone number and photo. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  return profileAction(await request.formData());
}

export { RouteError as ErrorBoundary } from '../../lib/route-data';
export const shouldRevalidate = revalidateAfterSuccess;

export default function ReviewerDashboard({ loaderData: { user, papers, phase } }: Route.ComponentProps) {
  return (
    <div className="space-y-8">
      <ProfileBanner user={user} photo />
      <PhaseSentence phase={phase} role="Reviewer" />
      <section aria-labelledby="assigned-heading">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="assigned-heading" className="text-2xl font-bold text-brand-900">
            Papers sent to you
          </h2>
          <Link to="/reviewer/bidding" className={buttonClass({ variant: 'secondary', size: 'sm' })}>
            Bid on papers
          </Link>
        </div>
        {papers?.length === 0 ? (
          <p className="mt-4 text-slate-700">No paper has been sent to you yet. You will get an e-mail when an editor invites you.</p>
        ) : null}
        <div className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {papers?.map((paper) => (
            <PaperCard
              key={paper._id}
              paper={paper}
              status={paper.reviewResponses[user.email] || 'Pending'}
              to={`/reviewer/dashboard/${paper._id}`}
            />
          ))}
        </div>
      </section>
    </div>
  );
}
