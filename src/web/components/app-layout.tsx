import { useEffect, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { Toaster } from 'sonner';
import type { UserJson } from '../../core/schemas/auth';
import { DASHBOARD } from '../../core/schemas/common';
import { session } from '../api/client';
import { NavBar } from './nav-bar';
import { RoleSwitch } from './role-switch';

/** The login area: client-rendered, same nav bar plus who is logged in and a logout control; toasts for SPEC §8. */
export default function AppLayout() {
  const navigate = useNavigate();
  const location = useLocation();
  const [user, setUser] = useState<UserJson | null>(null);
  useEffect(() => { setUser(session.user()); }, [location.pathname]);

  const logout = () => {
    session.clear();
    setUser(null);
    navigate('/login');
  };

  return (
    <>
      <NavBar />
      {user ? (
        <section aria-label="Your account" className="border-b border-slate-200 bg-brand-50">
          <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-3 gap-y-1 px-4 py-2 text-sm">
            <p className="truncate text-slate-700">
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
      <main id="main" className="mx-auto min-h-[70vh] max-w-7xl px-4 py-8">
        <Outlet />
      </main>
      <Toaster position="top-center" richColors />
    </>
  );
}
