import { useEffect, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { toast, Toaster, useSonner } from 'sonner';
import type { UserJson } from '../../core/schemas/auth';
import { DASHBOARD } from '../../core/schemas/common';
import { session } from '../api/client';
import { getMailStatus } from '../api/mail-status';
import { NavBar } from './nav-bar';
import { rememberReturnTo } from './return-to';
import { RoleSwitch } from './role-switch';

/** Runs before the page's own loader (which may send a logged-out visitor to /login): note the page asked for. */
export function clientLoader({ request }: { request: Request }) {
  rememberReturnTo(new URL(request.url));
  return null;
}
/** Every navigation in the login area passes through the loader above. */
export const shouldRevalidate = () => true;

/** A success toast dismisses the error toasts shown before it: they no longer describe the page (issue 18 §5). */
function useDismissStaleErrors() {
  const { toasts } = useSonner();
  useEffect(() => {
    const lastSuccess = toasts.findIndex((t) => t.type === 'success');
    if (lastSuccess < 0) return;
    // Sonner lists the newest first: errors after the success index are older than it.
    for (const t of toasts.slice(lastSuccess + 1)) if (t.type === 'error') toast.dismiss(t.id);
  }, [toasts]);
}

/** The login area: client-rendered, same nav bar plus who is logged in and a logout control; toasts for SPEC §8. */
export default function AppLayout() {
  const navigate = useNavigate();
  const location = useLocation();
  const [user, setUser] = useState<UserJson | null>(null);
  const [mailMessage, setMailMessage] = useState<string | null>(null);
  useEffect(() => { setUser(session.user()); }, [location.pathname]);
  useDismissStaleErrors();
  const isEditor = user?.role === 'Editor';
  useEffect(() => {
    if (!isEditor) { setMailMessage(null); return; }
    getMailStatus().then((s) => setMailMessage(s.message), () => setMailMessage(null));
  }, [isEditor]);

  const logout = () => {
    session.clear();
    setUser(null);
    navigate('/login');
  };

  return (
    <>
      <NavBar account={user ? DASHBOARD[user.role] : undefined} />
      {user ? (
        <section aria-label="Your account" className="border-b border-slate-200 bg-brand-50">
          <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-3 gap-y-1 px-4 py-2 text-sm">
            <p className="min-w-0 break-words text-slate-700">
              Logged in as <span className="font-semibold text-brand-900">{user.name}</span> ({user.role})
            </p>
            <div className="flex min-w-0 flex-wrap items-center justify-end gap-2">
              <RoleSwitch user={user} onSwitched={setUser} />
              <Link to={DASHBOARD[user.role]} className="rounded-md px-2 py-1.5 font-semibold text-brand-700 hover:underline">Dashboard</Link>
              <button type="button" onClick={logout} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 font-semibold text-slate-800 hover:bg-slate-100">
                Logout
              </button>
            </div>
          </div>
        </section>
      ) : null}
      {isEditor && mailMessage ? (
        <p role="status" data-testid="mail-not-configured" className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-center text-sm text-amber-900">
          {mailMessage} <Link to="/editor/messages" className="font-semibold underline">See the outbox</Link>
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
