import type { ReactNode } from 'react';

/**
 * Cards that link to sections further down the same page. Plain in-page anchors: they work without
 * JavaScript, the smooth scroll comes from `scroll-behavior` in app.css, and focus follows to the section.
 */
export function JumpCards({
  items,
  label,
}: {
  items: { id: string; eyebrow: string; title: string; text: string; extra?: ReactNode }[];
  label: string;
}) {
  return (
    <nav aria-label={label}>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {items.map((item) => (
          <li key={item.id}>
            <a
              href={`#${item.id}`}
              className="group flex h-full flex-col rounded-xl border border-brand-100 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-accent-400 hover:shadow-md"
            >
              <span className="text-xs font-semibold uppercase tracking-widest text-brand-600">{item.eyebrow}</span>
              <span className="mt-2 text-lg font-bold text-brand-900">{item.title}</span>
              <span className="mt-2 flex-1 text-sm text-slate-700">{item.text}</span>
              {item.extra}
              <span className="mt-4 text-sm font-semibold text-brand-700 group-hover:underline">
                View details <span aria-hidden="true">↓</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
