import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse } from 'react-router';
import type { Route } from './+types/root';
import { MESSAGES } from '../core/messages';
import './app.css';

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#102d55" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white text-slate-900 antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function HydrateFallback() {
  return <p className="p-8 text-center text-slate-600">Loading…</p>;
}

/** SPEC §2: the router's error screen reads 'Unexpected Application Error!' with a status and text or the message. */
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
