/** Bytes sent of the total, as a real progress bar a screen reader announces. */
export function UploadProgress({ sent, total, label }: { sent: number; total: number; label: string }) {
  const pct = total > 0 ? Math.round((sent / total) * 100) : 0;
  const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
  return (
    <div className="space-y-1">
      <progress className="h-2 w-full" max={total || 1} value={sent} aria-label={label} />
      <p className="text-sm text-slate-700" aria-live="polite">{pct}% — {mb(sent)} of {mb(total)} MB sent</p>
    </div>
  );
}
