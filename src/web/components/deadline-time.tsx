import { formatDeadline, visitorTime } from '../lib/format';

/** A deadline in the conference's zone, named, with the visitor's own time beside it when it differs (docs/product.md#validation-and-messages). */
export function DeadlineTime({ iso, className = 'font-semibold' }: { iso: string; className?: string }) {
  const theirs = visitorTime(iso);
  return (
    <>
      <time dateTime={iso} className={className}>
        {formatDeadline(iso)}
      </time>
      {theirs ? <span className="text-slate-600"> – {theirs}</span> : null}
    </>
  );
}
