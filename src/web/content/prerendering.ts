/**
 * True only in the build that prerenders the public pages (vite.config.ts's `imse:fact-tokens` plugin replaces this
 * module there): the pages are then written with the conference's facts as tokens the server fills in
 * (decision 0050). False in the browser, the dev server and tests.
 */
export const PRERENDERING: boolean = false;
