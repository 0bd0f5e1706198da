const size = (n: number) => (n < 1024 * 1024 ? `${Math.ceil(n / 1024)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`);

/**
 * Bytes sent of the total, as a real progress bar. The bar is a native <progress> (a screen reader reads its
 * value when asked); only the start and the end are announced, so the live region does not chatter.
 */
export function UploadProgress({ sent, total, label, finished = false }: { sent: number; total: number; label: string; finished?: boolean }) {
  const pct = total > 0 ? Math.min(100, Math.round((sent / total) * 100)) : 0;
  const complete = total > 0 && sent >= total;
  return (
    <div className="space-y-1">
      <progress className="h-2 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-brand-700 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-brand-700" max={total || 1} value={Math.min(sent, total)} aria-label={label} />
      <p className="text-sm text-slate-700" data-testid="upload-progress-text">
        {pct}% · {size(sent)} of {size(total)} sent{finished ? ' · done' : complete ? ' · processing…' : ''}
      </p>
      <p className="sr-only" aria-live="polite">{complete ? `${label}: all ${size(total)} sent` : `${label} started`}</p>
    </div>
  );
}
