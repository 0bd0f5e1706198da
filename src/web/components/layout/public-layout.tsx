import { Outlet } from 'react-router';
import { Footer } from './footer';
import { NavBar } from './nav-bar';

export default function PublicLayout() {
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:bg-white focus:p-2">Skip to content</a>
      <NavBar />
      <main id="main">
        <Outlet />
      </main>
      <Footer />
    </>
  );
}
