import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A box for a table that may be wider than the screen (wide tables scroll inside their box with a
 * visible cue). It takes the keyboard's focus so it can be scrolled without a mouse; while it is narrower
 * than what it holds, a line above it says so and a shadow on its right edge shows that more is there. It is
 * `relative` so that what hides for screen readers only (absolutely placed) stays inside it, not past the page.
 */
export function ScrollBox({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const check = () => setScrolls(el.scrollWidth > el.clientWidth + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <div className={className}>
      {scrolls ? <p className="text-xs font-medium text-slate-700">Scroll sideways to see every column →</p> : null}
      <div
        ref={box}
        tabIndex={0}
        role="region"
        aria-label={`${label} (scrolls sideways on a narrow screen)`}
        className={`relative overflow-x-auto rounded-md focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700 ${scrolls ? 'mt-1 shadow-[inset_-12px_0_10px_-10px_rgba(15,23,42,0.35)]' : ''}`}
      >
        {children}
      </div>
    </div>
  );
}
