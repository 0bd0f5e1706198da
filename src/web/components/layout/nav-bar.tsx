import { useEffect, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';

interface NavItem { label: string; to: string }

/** SPEC §2: wide bar order, no workshop link. */
export const WIDE_LINKS: NavItem[] = [
  { label: 'HOME', to: '/' },
  { label: 'CALL FOR PAPERS', to: '/call-for-papers' },
  { label: 'COMMITTEE', to: '/committee' },
  { label: 'SUBMISSIONS', to: '/submissions' },
  { label: 'REGISTRATION', to: '/registration' },
  { label: 'KEYNOTE', to: '/keynote' },
  { label: 'PREVIOUS EVENTS', to: '/previous-events' },
  { label: 'AWARDS', to: '/awards' },
];

/** SPEC §2: the small-screen overlay has the workshop link and no HOME. */
export const MENU_LINKS: NavItem[] = [
  { label: 'CALL FOR PAPERS', to: '/call-for-papers' },
  { label: 'COMMITTEE', to: '/committee' },
  { label: 'SUBMISSIONS', to: '/submissions' },
  { label: 'REGISTRATION', to: '/registration' },
  { label: 'TECHNICAL WORKSHOP', to: '/technical-workshop' },
  { label: 'KEYNOTE', to: '/keynote' },
  { label: 'PREVIOUS EVENTS', to: '/previous-events' },
  { label: 'AWARDS', to: '/awards' },
  { label: 'LOGIN', to: '/login' },
];

/** Where the wide bar replaces the menu button (Tailwind's xl). */
const WIDE_QUERY = '(min-width: 80rem)';

/** `account`: the logged-in user's dashboard; the LOGIN button then leads there, in the same place and style. */
export function NavBar({ extra, account }: { extra?: React.ReactNode; account?: string }) {
  const [open, setOpen] = useState(false);
  const [loginLabel, loginTo] = account ? ['DASHBOARD', account] : ['LOGIN', '/login'];
  // DASHBOARD is wider than LOGIN: in the login area the wide bar's links sit a little closer so that none
  // of them breaks onto two lines at 1280 px; the public bar keeps its spacing.
  const [linkPad, buttonGap] = account ? ['px-2', 'ml-2'] : ['px-2.5', 'ml-3'];
  const overlayRef = useRef<HTMLDivElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const overlay = overlayRef.current;
    // The page behind must not scroll while the overlay covers it.
    const html = document.documentElement;
    const previous = { html: html.style.overflow, body: document.body.style.overflow };
    html.style.overflow = 'hidden';
    document.body.style.overflow = 'hidden';
    overlay?.querySelector<HTMLElement>('button')?.focus();
    const focusables = () => Array.from(overlay?.querySelectorAll<HTMLElement>('a[href], button') ?? []);
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') { e.preventDefault(); setOpen(false); return; }
      if (e.key !== 'Tab' || !overlay) return;
      // Focus stays inside the overlay: Tab from the last control wraps to the first, Shift+Tab the other way.
      const list = focusables();
      const first = list[0];
      const last = list[list.length - 1];
      const active = document.activeElement;
      if (!overlay.contains(active)) { e.preventDefault(); first?.focus(); }
      else if (e.shiftKey && active === first) { e.preventDefault(); last?.focus(); }
      else if (!e.shiftKey && active === last) { e.preventDefault(); first?.focus(); }
    };
    const wide = window.matchMedia(WIDE_QUERY);
    const onWide = () => { if (wide.matches) setOpen(false); };
    document.addEventListener('keydown', onKey);
    wide.addEventListener('change', onWide);
    const button = menuButtonRef.current;
    return () => {
      html.style.overflow = previous.html;
      document.body.style.overflow = previous.body;
      document.removeEventListener('keydown', onKey);
      wide.removeEventListener('change', onWide);
      if (!wide.matches) button?.focus();
    };
  }, [open]);

  return (
    <>
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white shadow-sm">
        <nav aria-label="Main" className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-2">
          <Link to="/" className="flex shrink-0 items-center gap-2 rounded" aria-label="IMSE conference home">
            <img src="/logo.svg" alt="" width="148" height="44" className="h-11 w-auto" />
          </Link>
          <ul className="hidden items-center gap-0.5 xl:flex" data-testid="wide-nav">
            {WIDE_LINKS.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end
                  className={({ isActive }) =>
                    `block whitespace-nowrap rounded ${linkPad} py-2 text-[13px] font-semibold tracking-wide hover:bg-brand-50 hover:text-brand-600 ${isActive ? 'text-brand-600 underline decoration-accent-500 decoration-2 underline-offset-8' : 'text-slate-800'}`}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
            <li>
              <Link to={loginTo} className={`${buttonGap} block whitespace-nowrap rounded-md bg-brand-700 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-800`}>
                {loginLabel}
              </Link>
            </li>
          </ul>
          <div className="flex items-center gap-2">
            {extra}
            <button
              ref={menuButtonRef}
              type="button"
              className="rounded-md p-2 text-slate-800 hover:bg-slate-100 xl:hidden"
              aria-label="Open menu"
              aria-expanded={open}
              aria-controls={open ? 'mobile-menu' : undefined}
              onClick={() => setOpen(true)}
            >
              <svg aria-hidden="true" width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M3 6h18M3 12h18M3 18h18" />
              </svg>
            </button>
          </div>
        </nav>
      </header>
      {/* Outside the header: a fixed overlay inside a sticky, filtered parent would not cover the screen. */}
      {open ? (
        <div
          id="mobile-menu"
          ref={overlayRef}
          role="dialog"
          aria-modal="true"
          aria-label="Menu"
          className="fixed inset-0 z-50 flex h-dvh flex-col overflow-y-auto overscroll-contain bg-brand-900 px-6 py-4 text-white"
        >
          <div className="flex items-center justify-between">
            <p className="text-lg font-bold tracking-wide text-accent-400">IMSE</p>
            <button type="button" aria-label="Close menu" className="rounded-md p-2 hover:bg-white/10" onClick={() => setOpen(false)}>
              <svg aria-hidden="true" width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </button>
          </div>
          <ul className="mt-4 flex flex-col gap-1">
            {MENU_LINKS.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to === '/login' ? loginTo : item.to}
                  onClick={() => setOpen(false)}
                  className={`block rounded px-3 py-3 text-lg font-semibold tracking-wide hover:bg-white/10 ${item.to === '/login' ? 'mt-4 bg-accent-400 text-center text-brand-900 hover:bg-white' : ''}`}
                >
                  {item.to === '/login' ? loginLabel : item.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}
