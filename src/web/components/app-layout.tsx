import { useEffect, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { Toaster } from 'sonner';
import type { UserJson } from '../../core/schemas/auth';
import { DASHBOARD } from '../../core/schemas/common';
import { session } from '../api/client';
import { NavBar } from './nav-bar';

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

  const account = user ? (
    <div className="flex items-center gap-2 text-sm">
      <Link to={DASHBOARD[user.role]} className="hidden max-w-40 truncate font-medium text-slate-700 hover:text-brand-700 sm:inline">
        {user.name} · {user.role}
      </Link>
      <button type="button" onClick={logout} className="rounded-md border border-slate-300 px-3 py-1.5 font-semibold text-slate-800 hover:bg-slate-100">
        Logout
      </button>
    </div>
  ) : null;

  return (
    <>
      <NavBar extra={account} />
      <main id="main" className="mx-auto min-h-[70vh] max-w-7xl px-4 py-8">
        <Outlet />
      </main>
      <Toaster position="top-center" richColors />
    </>
  );
}
