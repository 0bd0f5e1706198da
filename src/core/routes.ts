/**
 * The route table as data, shared by the web app (route modules, prerender list) and the
 * server (which paths get a prerendered page, which get the app shell, which get 404).
 */
export const PUBLIC_PATHS = [
  '/',
  '/call-for-papers',
  '/committee',
  '/submissions',
  '/registration',
  '/technical-workshop',
  '/keynote',
  '/previous-events',
  '/awards',
  '/awards-2019',
  '/awards-2022',
  '/awards-2023',
  '/awards-2025',
  '/awards-2026',
  '/terms',
  '/privacy-policy',
  '/agreement',
  '/program',
] as const;

/** Login-area paths: client-rendered from the one app shell. `:x` is one path segment. */
export const APP_PATHS = [
  '/login',
  '/reset-password',
  '/verify-email',
  '/login-link',
  '/login/second-factor',
  '/login/oidc',
  '/account/security',
  '/account/notifications',
  '/account/nominations',
  '/award-panel',
  '/account/registrations',
  '/account/workshops',
  '/account/visa-letters',
  '/account/agenda',
  '/account/sessions',
  '/account/data',
  '/account/publications',
  '/unsubscribe',
  '/keynote-admin',
  '/author/dashboard',
  '/author/new-paper',
  '/author/paper-details',
  '/paper-details/:id',
  '/editor/dashboard',
  '/editor/view-more/:paperId',
  '/editor/messages',
  '/editor/payments',
  '/editor/program',
  '/editor/assign',
  '/editor/settings',
  '/editor/conference',
  '/editor/reviewers',
  '/editor/decisions',
  '/editor/missing-reviews',
  '/editor/bulk-mail',
  '/editor/audit',
  '/editor/retention',
  '/editor/security',
  '/editor/tracks',
  '/editor/tracks/:trackId/checks',
  '/editor/site',
  '/editor/editions',
  '/editor/review-form',
  '/editor/mail-templates',
  '/editor/exports',
  '/editor/pricing',
  '/editor/workshops',
  '/editor/registrations/new',
  '/editor/registrations/:registrationId',
  '/editor/attendees',
  '/editor/check-in',
  '/editor/visa-letters',
  '/reviewer/dashboard',
  '/reviewer/dashboard/:paperId',
  '/reviewer/bidding',
] as const;

/** Pages the server renders itself (a certificate's verification: an unknown code is a real 404). */
export const VERIFY_PAGE_PREFIX = '/verify/';

/** An accepted paper's public page, rendered by the server (an unknown or unreleased paper is a real 404): decision 0061. */
export const PAPER_PAGE_PREFIX = '/papers/';
/** The public record of every edition (decision 0060): /editions and /editions/YYYY, rendered by the server. */
export const EDITION_PAGE_PREFIX = '/editions';
export const paperPagePath = (paperId: string): string => `${PAPER_PAGE_PREFIX}${encodeURIComponent(paperId)}`;

/** The award years whose pages are written by hand and prerendered (SPEC's); any other year's is served from data (decision 0066). */
export const PRERENDERED_AWARD_YEARS: readonly number[] = PUBLIC_PATHS.flatMap((p) => {
  const m = /^\/awards-(\d{4})$/.exec(p);
  return m ? [Number(m[1])] : [];
});
export const awardsPagePath = (year: number): string => `/awards-${year}`;
/** True for "/awards-YYYY" of a year that is not prerendered: the server renders it from the edition's winners. */
export const isDataAwardsPath = (pathname: string): boolean => {
  const m = /^\/awards-(\d{4})$/.exec(pathname);
  return m !== null && !PRERENDERED_AWARD_YEARS.includes(Number(m[1]));
};

/** Prerendered at build time and served for every path that matches no route, with status 404. */
export const NOT_FOUND_PATH = '/404';

export function matchesAppPath(pathname: string): boolean {
  const parts = trimSlash(pathname).split('/');
  return APP_PATHS.some((pattern) => {
    const want = pattern.split('/');
    return want.length === parts.length && want.every((seg, i) => (seg.startsWith(':') ? parts[i] !== '' : seg === parts[i]));
  });
}

export function trimSlash(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}
