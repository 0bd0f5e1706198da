/** The visible pause/play control that moving content needs (WCAG 2.2.2). */
export function PlayPauseButton({ paused, onToggle, what, tone }: { paused: boolean; onToggle: () => void; what: string; tone: 'dark' | 'light' }) {
  const colours = tone === 'dark'
    ? 'bg-brand-900/80 text-white hover:bg-brand-900 border-white/60'
    : 'bg-white text-brand-800 hover:bg-brand-50 border-brand-100';
  return (
    <button type="button" onClick={onToggle} aria-label={paused ? `Play ${what}` : `Pause ${what}`}
      className={`inline-flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-xs font-semibold ${colours}`}>
      {paused ? (
        <svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24" fill="currentColor"><path d="M7 4l13 8-13 8z" /></svg>
      ) : (
        <svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24" fill="currentColor"><path d="M6 4h4v16H6zM14 4h4v16h-4z" /></svg>
      )}
      <span aria-hidden="true">{paused ? 'Play' : 'Pause'}</span>
    </button>
  );
}
