import { AWARD_DESCRIPTIONS } from '../content/awards/common';

/** Numbered award names in a grid. */
export function AwardNameList({ names }: { names: readonly string[] }) {
  return (
    <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="award-names">
      {names.map((n, i) => (
        <li key={n} className="flex items-center gap-3 rounded-lg bg-white px-4 py-3 shadow-sm ring-1 ring-brand-100">
          <span
            aria-hidden="true"
            className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-accent-400 text-sm font-bold text-brand-900"
          >
            {i + 1}
          </span>
          <span className="font-semibold text-slate-900">{n}</span>
        </li>
      ))}
    </ol>
  );
}

/** Each award with its description. */
export function AwardDescriptions({ names }: { names: readonly string[] }) {
  return (
    <dl className="grid gap-x-10 gap-y-5 md:grid-cols-2">
      {names.map((n) => (
        <div key={n} className="border-l-4 border-accent-400 pl-4">
          <dt className="font-bold text-brand-900">{n}</dt>
          <dd className="mt-1 text-slate-700">{AWARD_DESCRIPTIONS[n]}</dd>
        </div>
      ))}
    </dl>
  );
}
