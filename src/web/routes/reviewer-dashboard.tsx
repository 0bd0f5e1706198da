import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { UserJson } from '../../core/schemas/auth';
import { getMe, updateMe } from '../api/auth';
import { messageOf, session } from '../api/client';
import { getAssignedPapers } from '../api/review';
import { PaperCard } from '../components/paper-card';
import { ProfileBanner } from '../components/profile-banner';
import { requireRole } from '../components/session';
import { useApi } from '../components/use-api';

export const meta = () => [{ title: 'Reviewer dashboard | IMSE 2025' }];
export const clientLoader = () => requireRole('Reviewer');

export default function ReviewerDashboard() {
  const me = useApi(getMe, []);
  const stored = session.user();
  const assigned = useApi(() => getAssignedPapers(stored?._id ?? ''), [stored?._id]);
  const [saving, setSaving] = useState(false);
  const user: UserJson | undefined = me.data ?? stored ?? undefined;

  const changePhoto = async (file: File) => {
    setSaving(true);
    try {
      const res = await updateMe({ photo: file });
      me.setData(res.user);
      session.saveUser(res.user);
      toast.success('Photo saved');
    } catch (err) {
      toast.error(messageOf(err, 'Could not save the photo. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="space-y-8">
      {user ? <ProfileBanner user={user} onPhoto={changePhoto} busy={saving} /> : null}
      <section aria-labelledby="assigned-heading">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="assigned-heading" className="text-2xl font-bold text-brand-900">Papers sent to you</h2>
          <Link to="/reviewer/bidding" className="rounded-md border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50">Bid on papers</Link>
        </div>
        {assigned.data?.length === 0 ? <p className="mt-4 text-slate-700">No paper has been sent to you yet. You will get an e-mail when an editor invites you.</p> : null}
        {assigned.loading && !assigned.data ? <p className="mt-4 text-slate-600">Loading papers…</p> : null}
        <div className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {assigned.data?.map((paper) => {
            const status = (user && paper.reviewResponses[user.email]) || 'Pending';
            return (
              <PaperCard key={paper._id} paper={paper} status={status} to={`/reviewer/dashboard/${paper._id}`} />
            );
          })}
        </div>
      </section>
    </div>
  );
}
