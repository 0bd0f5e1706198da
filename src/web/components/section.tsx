/** A page section with its own heading; `id` makes it a link target (the sticky bar is padded for in app.css). */
export function Section({
  id,
  title,
  eyebrow,
  tone = 'white',
  children,
  className = '',
}: {
  id?: string;
  title: string;
  eyebrow?: string;
  tone?: 'white' | 'tint';
  children: React.ReactNode;
  className?: string;
}) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section id={id} aria-labelledby={headingId} className={`${tone === 'tint' ? 'bg-brand-50' : 'bg-white'} px-4 py-14 ${className}`}>
      <div className="mx-auto max-w-7xl">
        {eyebrow ? <p className="text-sm font-semibold uppercase tracking-widest text-brand-600">{eyebrow}</p> : null}
        <h2 id={headingId} className="text-2xl font-bold tracking-tight text-brand-900 sm:text-3xl">
          {title}
        </h2>
        <span aria-hidden="true" className="mt-3 block h-1 w-16 rounded bg-accent-400" />
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}

/** A bulleted list in the site's style. */
export function BulletList({ items, className = '' }: { items: readonly React.ReactNode[]; className?: string }) {
  return (
    <ul className={`space-y-2 ${className}`}>
      {items.map((item, i) => (
        <li key={i} className="flex gap-3">
          <span aria-hidden="true" className="mt-2 h-2 w-2 shrink-0 rounded-full bg-accent-500" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** Numbered steps. */
export function Steps({ items }: { items: readonly React.ReactNode[] }) {
  return (
    <ol className="space-y-3">
      {items.map((item, i) => (
        <li key={i} className="flex gap-4">
          <span
            aria-hidden="true"
            className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-800 text-sm font-bold text-white"
          >
            {i + 1}
          </span>
          <span className="pt-1">{item}</span>
        </li>
      ))}
    </ol>
  );
}
