import { publicationOptions } from '../content/conference';

/** Publication Option 1 and Option 2 (docs/product.md#fees-and-fixed-figures). */
export function PublicationOptions({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  const Sub = headingLevel === 2 ? 'h3' : 'h4';
  return (
    <div className="flex h-full flex-col rounded-xl bg-brand-800 p-6 text-white shadow-sm">
      <H className="text-lg font-bold">Publication</H>
      <ul className="mt-4 flex flex-1 flex-col gap-4">
        {publicationOptions.map((o) => (
          <li key={o.id} className="rounded-lg bg-brand-900/60 p-4 ring-1 ring-white/10">
            <p className="text-xs font-bold uppercase tracking-widest text-accent-400">{o.label}</p>
            <Sub className="mt-1 text-lg font-semibold">{o.title}</Sub>
            {o.status ? (
              <p className="mt-2 inline-block rounded bg-accent-400 px-2 py-0.5 text-xs font-bold text-brand-900">{o.status}</p>
            ) : null}
            <p className="mt-2 text-sm text-brand-100">{o.detail}</p>
            {o.indexedIn.length ? <p className="mt-2 text-sm text-brand-100">Indexed in {o.indexedIn.join(', ')}.</p> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
