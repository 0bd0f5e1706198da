import type { LegalPage } from '../content/legal';
import { PageHeader } from './page-header';

/** Terms, Privacy Policy and Agreement: short text pages. */
export function LegalPageView({ page }: { page: LegalPage }) {
  return (
    <>
      <PageHeader title={page.title} subtitle={page.description} />
      <div className="mx-auto max-w-3xl px-4 py-12">
        <p className="rounded-md bg-brand-50 px-4 py-2 text-sm text-slate-700">{page.updated}</p>
        {page.sections.map((s) => (
          <section key={s.heading} className="mt-8">
            <h2 className="text-xl font-bold text-brand-900">{s.heading}</h2>
            {s.paragraphs.map((p) => (
              <p key={p.slice(0, 24)} className="mt-3 leading-relaxed text-slate-800">
                {p}
              </p>
            ))}
          </section>
        ))}
      </div>
    </>
  );
}
