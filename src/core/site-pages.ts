import { APP_PATHS, EDITION_PAGE_PREFIX, NOT_FOUND_PATH, PAPER_PAGE_PREFIX, PUBLIC_PATHS, VERIFY_PAGE_PREFIX } from './routes';

/**
 * The first path segments the site already answers (decision 0064): its prerendered pages, the login area, the pages
 * the server renders, the API and the build's folders. An organiser's page may not take one of them.
 */
const firstSegment = (path: string) => path.split('/').filter(Boolean)[0];
export const RESERVED_ADDRESSES: ReadonlySet<string> = new Set(
  [
    ...PUBLIC_PATHS,
    ...APP_PATHS,
    EDITION_PAGE_PREFIX,
    PAPER_PAGE_PREFIX,
    VERIFY_PAGE_PREFIX,
    NOT_FOUND_PATH,
    // The API, the metrics endpoint and the build's folders of assets, pictures and templates.
    '/api',
    '/metrics',
    '/assets',
    '/images',
    '/templates',
    '/islands',
  ]
    .map(firstSegment)
    .filter((s): s is string => !!s),
);

/** A later edition's awards page, /awards-YYYY, is the server's own (decision 0066). */
const AWARDS_YEAR = /^awards-\d{4}$/;

/** True when the site answers this first segment itself, whether a page has it or not. */
export const isReservedAddress = (address: string): boolean => RESERVED_ADDRESSES.has(address) || AWARDS_YEAR.test(address);

/** The message when an address is taken by the site or by another page. */
export const addressTaken = (address: string): string => `The address /${address} is already taken.`;
