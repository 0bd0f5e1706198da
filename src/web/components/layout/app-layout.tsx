import { useEffect } from 'react';
import { Link, Outlet, useNavigate } from 'react-router';
import { toast, Toaster, useSonner } from 'sonner';
import type { MyRolesJson } from '../../../core/schemas/accounts';
import { DASHBOARD } from '../../../core/schemas/common';
import { getMyRoles } from '../../api/accounts';
import { session } from '../../api/client';
import { getMailStatus } from '../../api/editor-desk';
import { getMyPanelMembership } from '../../api/awards';
import { NavBar } from './nav-bar';
import { rememberReturnTo } from '../../lib/return-to';
import { RoleSwitch } from './role-switch';
import { Button } from '../ui/button';
import type { Route } from './+types/app-layout';

/**
 * The header's reads for one login (one token): the person's other roles and, for an editor, whether mail is
 * delivered. Read once per token, not on every navigation; a failed read is forgotten, so the next one tries again.
 */
let account: {
  token: string;
  roles: Promise<MyRolesJson | null>;
  mail: Promise<string | null>;
  panel: Promise<boolean | null>;
} | null = null;
function accountReads(token: string, isEditor: boolean) {
  if (account?.token === token) return account;
  // Neither read may fail the page: the header then shows no role switch, the editor no banner.
  const quiet = <T,>(work: () => Promise<T>) =>
    work().catch(() => {
      if (account?.token === token) account = null;
      return null;
    });
  account = {
    token,
    roles: quiet(getMyRoles),
    mail: isEditor ? quiet(async () => (await getMailStatus()).message) : Promise.resolve(null),
    // Decision 0077: an award panel member finds /award-panel in the menu.
    panel: quiet(async () => (await getMyPanelMembership()).member),
  };
  return account;
}

/**
 * Runs before the page's own loader (which may send a logged-out visitor to /login): note the page asked for.
 * Then who is logged in, from the stored session, and the header's reads.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  rememberReturnTo(new URL(request.url));
  const user = session.user();
  const token = session.token();
  if (!user || !token) return { user: null, roles: null, mailMessage: null, onPanel: false };
  // A track chair has no outbox to see (decision 0023): the editor's mail status is not read for them.
  const reads = accountReads(token, user.role === 'Editor' && !user.chairOnly);
  const [roles, mailMessage, onPanel] = await Promise.all([reads.roles, reads.mail, reads.panel]);
  return { user, roles, mailMessage, onPanel: onPanel === true };
}
/** Every navigation in the login area passes through the loader above (a login, a logout, a role switch change the header). */
export const shouldRevalidate = () => true;

/** A success toast dismisses the error toasts shown before it: they no longer describe the page. */
function useDismissStaleErrors() {
  const { toasts } = useSonner();
  useEffect(() => {
    const lastSuccess = toasts.findIndex((t) => t.type === 'success');
    if (lastSuccess < 0) return;
    // Sonner lists the newest first: errors after the success index are older than it.
    for (const t of toasts.slice(lastSuccess + 1)) if (t.type === 'error') toast.dismiss(t.id);
  }, [toasts]);
}

/** The login area: client-rendered, same nav bar plus who is logged in and a logout control; toasts for the messages (docs/product.md#validation-and-messages). */
export default function AppLayout({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const { user, roles, mailMessage } = loaderData;
  useDismissStaleErrors();

  const logout = () => {
    session.clear();
    navigate('/login');
  };

  return (
    <>
      <NavBar account={user ? DASHBOARD[user.role] : undefined} />
      {user ? (
        <section aria-label="Your account" className="border-b border-slate-200 bg-brand-50">
          <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-3 gap-y-1 px-4 py-2 text-sm">
            <p className="min-w-0 break-words text-slate-700">
              Logged in as <span className="font-semibold text-brand-900">{user.name}</span> (
              {user.chairOnly ? 'Editor, track chair' : user.role})
            </p>
            <div className="flex min-w-0 flex-wrap items-center justify-end gap-2">
              {roles ? <RoleSwitch key={user._id} roles={roles} /> : null}
              <Link to={DASHBOARD[user.role]} className="rounded-md px-2 py-1.5 font-semibold text-brand-700 hover:underline">
                Dashboard
              </Link>
              <Link to="/account/notifications" className="rounded-md px-2 py-1.5 font-semibold text-brand-700 hover:underline">
                Notifications
              </Link>
              <Link to="/account/nominations" className="rounded-md px-2 py-1.5 font-semibold text-brand-700 hover:underline">
                Nominations
              </Link>
              <Link to="/account/registrations" className="rounded-md px-2 py-1.5 font-semibold text-brand-700 hover:underline">
                Registrations
              </Link>
              <Link to="/account/agenda" className="rounded-md px-2 py-1.5 font-semibold text-brand-700 hover:underline">
                My agenda
              </Link>
              {loaderData.onPanel ? (
                <Link to="/award-panel" className="rounded-md px-2 py-1.5 font-semibold text-brand-700 hover:underline">
                  Award panel
                </Link>
              ) : null}
              <Link to="/account/publications" className="rounded-md px-2 py-1.5 font-semibold text-brand-700 hover:underline">
                Publications
              </Link>
              <Link to="/account/sessions" className="rounded-md px-2 py-1.5 font-semibold text-brand-700 hover:underline">
                Sessions
              </Link>
              <Link to="/account/data" className="rounded-md px-2 py-1.5 font-semibold text-brand-700 hover:underline">
                Your data
              </Link>
              <Link to="/account/security" className="rounded-md px-2 py-1.5 font-semibold text-brand-700 hover:underline">
                Security
              </Link>
              <Button variant="quiet" size="sm" onClick={logout} className="bg-white">
                Logout
              </Button>
            </div>
          </div>
        </section>
      ) : null}
      {user?.role === 'Editor' && mailMessage ? (
        <p
          role="status"
          data-testid="mail-not-configured"
          className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-center text-sm text-amber-900"
        >
          {mailMessage}{' '}
          <Link to="/editor/messages" className="font-semibold underline">
            See the outbox
          </Link>
        </p>
      ) : null}
      <main id="main" className="mx-auto min-h-[70vh] max-w-7xl px-4 py-8">
        <Outlet />
      </main>
      {/* Below the sticky bar (61 px) so a toast never covers the navigation. */}
      <Toaster position="top-center" richColors offset={{ top: 72 }} mobileOffset={{ top: 72 }} />
    </>
  );
}
