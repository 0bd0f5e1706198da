
export const meta = () => [{ title: 'Page not found' }, { name: 'robots', content: 'noindex' }];

/** Where a lost visitor most likely meant to go. */
const WAYS_ON = [
  { label: 'Call for papers', to: '/call-for-papers', note: 'topics, important dates and how to submit a paper' },
  { label: 'Log in', to: '/login', note: 'to your dashboard as an author, reviewer or editor' },
];

/**
 * The not-found page (docs/product.md#public-pages), which the server answers with status 404. Inside the site's header and footer,
 * with a few ways on, so that a visitor who followed a broken link is not left at a dead end.
 */
export default function NotFound() {
  return (
    <div className="min-h-[50vh] px-4 py-16">
      <div className="mx-auto max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-brand-900">404 Not Found</h1>
        <span aria-hidden="true" className="mt-3 block h-1 w-16 rounded bg-accent-400" />
        <p className="mt-6 text-lg text-slate-800">
          The page you asked for does not exist. <a className="font-semibold text-brand-700 underline" href="/">Go to the home page</a>.
        </p>
        <ul className="mt-6 space-y-3">
          {WAYS_ON.map((way) => (
            <li key={way.to} className="flex gap-3">
              <span aria-hidden="true" className="mt-2.5 h-2 w-2 shrink-0 rounded-full bg-accent-500" />
              <span>
                <a className="font-semibold text-brand-700 underline" href={way.to}>{way.label}</a>
                <span className="text-slate-700"> – {way.note}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
