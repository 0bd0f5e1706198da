import { Fragment, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { menuMarker, type MenuSlot } from '../../../core/site-menu-html';
import { holdMenuOverlay } from './menu-overlay';

/** `children`: the pages under this item (the yearly awards under AWARDS): on them the item is marked as the section. */
interface NavItem {
  label: string;
  to: string;
  children?: string[];
}

const AWARDS: NavItem = { label: 'AWARDS', to: '/awards', children: ['/awards-2019', '/awards-2022', '/awards-2023', '/awards-2025'] };

/** 'page' on the item's own page, 'true' on a page under it (the item is the visitor's section), else nothing. */
export function navCurrent(item: NavItem, pathname: string): 'page' | 'true' | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === item.to) return 'page';
  return item.children?.includes(path) ? 'true' : undefined;
}

/** docs/product.md#public-pages: wide bar order, no workshop link. */
export const WIDE_LINKS: NavItem[] = [
  { label: 'HOME', to: '/' },
  { label: 'CALL FOR PAPERS', to: '/call-for-papers' },
  { label: 'COMMITTEE', to: '/committee' },
  { label: 'SUBMISSIONS', to: '/submissions' },
  { label: 'REGISTRATION', to: '/registration' },
  { label: 'KEYNOTE', to: '/keynote' },
  { label: 'PREVIOUS EVENTS', to: '/previous-events' },
  AWARDS,
];

/** docs/product.md#public-pages: the small-screen overlay has the workshop link and no HOME. */
export const MENU_LINKS: NavItem[] = [
  { label: 'CALL FOR PAPERS', to: '/call-for-papers' },
  { label: 'COMMITTEE', to: '/committee' },
  { label: 'SUBMISSIONS', to: '/submissions' },
  { label: 'REGISTRATION', to: '/registration' },
  { label: 'TECHNICAL WORKSHOP', to: '/technical-workshop' },
  { label: 'KEYNOTE', to: '/keynote' },
  { label: 'PREVIOUS EVENTS', to: '/previous-events' },
  AWARDS,
  { label: 'LOGIN', to: '/login' },
];

/** `account`: the logged-in user's dashboard; the LOGIN button then leads there, in the same place and style. */
function loginPlace(account: string | undefined) {
  return account ? { loginLabel: 'DASHBOARD', loginTo: account } : { loginLabel: 'LOGIN', loginTo: '/login' };
}

/** The login area's bar: React opens and closes the overlay. */
export function NavBar({ extra, account }: { extra?: React.ReactNode; account?: string }) {
  const [open, setOpen] = useState(false);
  const overlayRef = useRef<HTMLDivElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    return holdMenuOverlay(overlayRef.current, menuButtonRef.current, () => setOpen(false));
  }, [open]);

  return (
    <>
      <NavHeader
        extra={extra}
        account={account}
        menuButton={{
          ref: menuButtonRef,
          'aria-expanded': open,
          'aria-controls': open ? 'mobile-menu' : undefined,
          onClick: () => setOpen(true),
        }}
      />
      {open ? <MenuOverlay account={account} overlay={{ ref: overlayRef }} onChoose={() => setOpen(false)} /> : null}
    </>
  );
}

/**
 * The public pages' bar: the same markup, rendered once at build time with the overlay waiting in a <template>;
 * the page's island (nav-bar.island.ts) puts it in the page and takes it out again, as the login area's bar does.
 */
export function StaticNavBar() {
  return (
    <>
      <NavHeader siteMenu menuButton={{ 'aria-expanded': false, 'data-menu-open': '' }} />
      <template data-menu-overlay>
        <MenuOverlay siteMenu overlay={{}} />
      </template>
    </>
  );
}

type DataAttributes = { [name: `data-${string}`]: string };

/**
 * Where the server writes the organiser's pages that are in the menu (decision 0064): hidden and empty as built,
 * replaced by their links when the page is served (src/server/page-menu.ts). Public bar only. On a wide screen they
 * are a row of their own under the bar, which has no room left at 1280 px; in the small-screen menu, items of it.
 */
function SiteMenuSlot({ slot }: { slot: MenuSlot }) {
  const Tag = slot === 'wide' ? 'div' : 'li';
  return (
    <Tag hidden data-site-menu={slot}>
      {menuMarker(slot)}
    </Tag>
  );
}

function NavHeader({
  extra,
  account,
  menuButton,
  siteMenu,
}: {
  extra?: React.ReactNode;
  account?: string;
  menuButton: React.ComponentProps<'button'> & DataAttributes;
  siteMenu?: boolean;
}) {
  const { loginLabel, loginTo } = loginPlace(account);
  // DASHBOARD is wider than LOGIN: in the login area the wide bar's links sit a little closer so that none
  // of them breaks onto two lines at 1280 px; the public bar keeps its spacing.
  const [linkPad, buttonGap] = account ? ['px-2', 'ml-2'] : ['px-2.5', 'ml-3'];
  const { pathname } = useLocation();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white shadow-sm">
      <nav aria-label="Main" className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-2">
        <Link to="/" className="flex shrink-0 items-center gap-2 rounded" aria-label="IMSE conference home">
          <img src="/logo.svg" alt="" width="148" height="44" className="h-11 w-auto" />
        </Link>
        <ul className="hidden items-center gap-0.5 xl:flex" data-testid="wide-nav">
          {WIDE_LINKS.map((item) => {
            const current = navCurrent(item, pathname);
            return (
              <li key={item.to}>
                <Link
                  to={item.to}
                  aria-current={current}
                  className={`block whitespace-nowrap rounded ${linkPad} py-2 text-[13px] font-semibold tracking-wide hover:bg-brand-50 hover:text-brand-600 ${current ? 'text-brand-600 underline decoration-accent-500 decoration-2 underline-offset-8' : 'text-slate-800'}`}
                >
                  {item.label}
                </Link>
              </li>
            );
          })}
          <li>
            <Link
              to={loginTo}
              className={`${buttonGap} block whitespace-nowrap rounded-md bg-brand-700 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-800`}
            >
              {loginLabel}
            </Link>
          </li>
        </ul>
        <div className="flex items-center gap-2">
          {extra}
          <button
            type="button"
            className="rounded-md p-2 text-slate-800 hover:bg-slate-100 xl:hidden"
            aria-label="Open menu"
            {...menuButton}
          >
            <svg aria-hidden="true" width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M3 6h18M3 12h18M3 18h18" />
            </svg>
          </button>
        </div>
      </nav>
      {siteMenu ? <SiteMenuSlot slot="wide" /> : null}
    </header>
  );
}

/** Outside the header: a fixed overlay inside a sticky, filtered parent would not cover the screen. */
function MenuOverlay({
  account,
  overlay,
  onChoose,
  siteMenu,
}: {
  account?: string;
  overlay: React.ComponentProps<'div'>;
  onChoose?: () => void;
  siteMenu?: boolean;
}) {
  const { loginLabel, loginTo } = loginPlace(account);
  const { pathname } = useLocation();
  return (
    <div
      id="mobile-menu"
      role="dialog"
      aria-modal="true"
      aria-label="Menu"
      className="fixed inset-0 z-50 flex h-dvh flex-col overflow-y-auto overscroll-contain bg-brand-900 px-6 py-4 text-white"
      {...overlay}
    >
      <div className="flex items-center justify-between">
        <p className="text-lg font-bold tracking-wide text-accent-400">IMSE</p>
        <button type="button" aria-label="Close menu" className="rounded-md p-2 hover:bg-white/10" onClick={onChoose}>
          <svg aria-hidden="true" width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      </div>
      <ul className="mt-4 flex flex-col gap-1">
        {MENU_LINKS.map((item) => (
          <Fragment key={item.to}>
            {siteMenu && item.to === '/login' ? <SiteMenuSlot slot="overlay" /> : null}
            <li>
              <Link
                to={item.to === '/login' ? loginTo : item.to}
                onClick={onChoose}
                aria-current={item.to === '/login' ? undefined : navCurrent(item, pathname)}
                className={`block rounded px-3 py-3 text-lg font-semibold tracking-wide hover:bg-white/10 ${item.to === '/login' ? 'mt-4 bg-accent-400 text-center text-brand-900 hover:bg-white' : navCurrent(item, pathname) ? 'text-accent-400 underline decoration-2 underline-offset-8' : ''}`}
              >
                {item.to === '/login' ? loginLabel : item.label}
              </Link>
            </li>
          </Fragment>
        ))}
      </ul>
    </div>
  );
}
