export const meta = () => [{ title: 'Page not found' }, { name: 'robots', content: 'noindex' }];

/** SPEC §2: a bare not-found page. The server answers it with status 404. */
export default function NotFound() {
  return (
    <main className="p-8">
      <h1 className="text-2xl font-bold">404 Not Found</h1>
      <p className="mt-2">The page you asked for does not exist. <a className="text-brand-600 underline" href="/">Go to the home page</a>.</p>
    </main>
  );
}
