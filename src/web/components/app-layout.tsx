import { Outlet } from 'react-router';
import { Toaster } from 'sonner';
import { NavBar } from './nav-bar';

/** The login area: client-rendered, same nav bar, toasts for the messages of SPEC §8. */
export default function AppLayout() {
  return (
    <>
      <NavBar />
      <main id="main" className="mx-auto min-h-[70vh] max-w-7xl px-4 py-8">
        <Outlet />
      </main>
      <Toaster position="top-center" richColors />
    </>
  );
}
