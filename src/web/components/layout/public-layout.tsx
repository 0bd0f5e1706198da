import { useEffect } from 'react';
import { Outlet } from 'react-router';
import type { IslandHandle } from '../../lib/islands';
import { Footer } from './footer';
import { StaticNavBar } from './nav-bar';

/** Every public page is static HTML with an island script; a page with behaviour of its own names its island. */
export const handle: IslandHandle = { island: 'site' };

/**
 * Public pages are rendered once, at build time. In the browser this layout renders only when the login area's
 * router follows a link to a public page: that page is then loaded as a document, with its own island.
 */
export default function PublicLayout() {
  const inBrowser = typeof document !== 'undefined';
  useEffect(() => {
    if (inBrowser) window.location.reload();
  }, [inBrowser]);
  if (inBrowser) return null;
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:bg-white focus:p-2">
        Skip to content
      </a>
      <StaticNavBar />
      <main id="main">
        <Outlet />
      </main>
      <Footer />
    </>
  );
}
