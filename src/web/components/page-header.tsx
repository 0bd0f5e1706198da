export function PageHeader({ title, subtitle }: { title: string; subtitle?: React.ReactNode }) {
  return (
    <div className="bg-gradient-to-r from-brand-900 to-brand-700 px-4 py-12 text-white">
      <div className="mx-auto max-w-7xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        {subtitle ? <p className="mt-3 max-w-3xl text-brand-100">{subtitle}</p> : null}
      </div>
    </div>
  );
}
