import { useContext } from 'react';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  UNSAFE_FrameworkContext,
  isRouteErrorResponse,
  useLocation,
  useMatches,
} from 'react-router';
import type { Route } from './+types/root';
import { MESSAGES } from '../core/messages';
import { trimSlash } from '../core/routes';
import { NavBar } from './components/layout/nav-bar';
import { LoginForm } from './routes/account/login-form';
import { FACTS_SCRIPT_ID, factsScriptText } from './content/facts-script';
import type { IslandHandle } from './lib/islands';
import { islandScripts } from './lib/island-scripts';
import './app.css';

/**
 * The island of the deepest route that names one: a public page, which React Router does not hydrate. Not
 * the app shell (SPA mode), which is rendered at / but down to the root only, and must carry the router.
 */
function useIsland() {
  const matches = useMatches();
  if (useContext(UNSAFE_FrameworkContext)?.isSpaMode) return null;
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const island = (matches[i]?.handle as Partial<IslandHandle> | undefined)?.island;
    if (island) {
      const scripts = islandScripts[island];
      if (!scripts) throw new Error(`No island script '${island}': src/web/islands/${island}.ts is missing`);
      return scripts;
    }
  }
  return null;
}

/**
 * Public pages (a route `handle` names their island) are HTML with their island script and no React Router
 * scripts (decision 0030); the login area is client-rendered by React Router from the app shell.
 */
export function Layout({ children }: { children: React.ReactNode }) {
  const island = useIsland();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#102d55" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
        {/* The conference's current facts, which the server writes in (decision 0050): the login area and islands read them. */}
        <script type="application/json" id={FACTS_SCRIPT_ID} dangerouslySetInnerHTML={{ __html: factsScriptText() }} />
        {island?.preload.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
        {island ? <script type="module" src={island.src} /> : null}
      </head>
      <body className="min-h-screen bg-white text-slate-900 antialiased">
        {children}
        {island ? null : (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/**
 * While the app loads. At /login, which is prerendered (decision 0055: its first paint without waiting for the app's
 * JavaScript), the login page as it first shows, with the login area's bar; the app then takes over in place.
 * The card is inert until then: a role chosen or a Signup pressed before the app runs would be lost, and a form
 * sent by the browser itself would put the password in the address. Everywhere else (the app shell) 'Loading…'.
 */
export function HydrateFallback() {
  const { pathname } = useLocation();
  if (trimSlash(pathname) === '/login') {
    return (
      <>
        <NavBar />
        <main id="main" className="mx-auto min-h-[70vh] max-w-7xl px-4 py-8">
          <div inert>
            <LoginForm current={null} placeholder />
          </div>
        </main>
      </>
    );
  }
  return <p className="p-8 text-center text-slate-600">Loading…</p>;
}

/** The router's error screen reads 'Unexpected Application Error!' with a status and text or the message. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let detail = 'Something went wrong.';
  if (isRouteErrorResponse(error)) detail = `${error.status} ${error.statusText}`.trim();
  else if (error instanceof Error) detail = error.message;
  return (
    <main className="mx-auto max-w-2xl p-8">
      <h1 className="text-2xl font-bold">{MESSAGES.appError}</h1>
      <h2 className="mt-2 text-lg italic text-slate-700">{detail}</h2>
      {import.meta.env.DEV && error instanceof Error && error.stack ? (
        <pre className="mt-4 overflow-auto bg-slate-100 p-4 text-xs">{error.stack}</pre>
      ) : null}
    </main>
  );
}
