/**
 * The visible pause/play control that moving content needs (WCAG 2.2.2). Both faces are in the markup: the
 * page's island flips `data-paused` and the label (setPlayPause in play-pause.ts), and CSS shows the right one.
 */
export function PlayPauseButton({ what, tone, ...data }: { what: string; tone: 'dark' | 'light' } & { [name: `data-${string}`]: string }) {
  const colours =
    tone === 'dark'
      ? 'bg-brand-900/80 text-white hover:bg-brand-900 border-white/60'
      : 'bg-white text-brand-800 hover:bg-brand-50 border-brand-100';
  return (
    <button
      type="button"
      aria-label={`Pause ${what}`}
      {...data}
      className={`group inline-flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-xs font-semibold ${colours}`}
    >
      <svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24" fill="currentColor" className="hidden group-data-paused:block">
        <path d="M7 4l13 8-13 8z" />
      </svg>
      <svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24" fill="currentColor" className="group-data-paused:hidden">
        <path d="M6 4h4v16H6zM14 4h4v16h-4z" />
      </svg>
      <span aria-hidden="true" className="hidden group-data-paused:inline">
        Play
      </span>
      <span aria-hidden="true" className="group-data-paused:hidden">
        Pause
      </span>
    </button>
  );
}
