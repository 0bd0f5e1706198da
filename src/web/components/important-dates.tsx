import { importantDates, importantDatesBlock } from '../content/conference';

/** The important dates (by default as the site always showed them: docs/product.md#fees-and-fixed-figures); prerendered as one item the server repeats per date. */
export function ImportantDates() {
  return (
    <dl className="divide-y divide-brand-100 overflow-hidden rounded-xl border border-brand-100 bg-white shadow-sm">
      {importantDatesBlock?.begin}
      {importantDates.map((d, i) => (
        <div key={i} className="flex flex-col gap-1 px-5 py-4 sm:flex-row sm:items-center sm:justify-between">
          <dt className="font-semibold text-brand-900">{d.label}</dt>
          <dd className="font-bold text-brand-700">{d.date}</dd>
        </div>
      ))}
      {importantDatesBlock?.end}
    </dl>
  );
}
