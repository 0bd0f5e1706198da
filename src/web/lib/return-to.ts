/**
 * The login-area page a logged-out visitor asked for, so that logging in after 'Please login first'
 * returns there (docs/product.md#roles-and-the-login-area). Kept for the browser tab only; only same-site paths are accepted.
 */
const KEY = 'imse.returnTo';

export function rememberReturnTo(url: URL): void {
  if (url.pathname === '/login' || typeof sessionStorage === 'undefined') return;
  sessionStorage.setItem(KEY, url.pathname + url.search);
}

export function takeReturnTo(): string | null {
  if (typeof sessionStorage === 'undefined') return null;
  const path = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  return path && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') ? path : null;
}

/** The page asked for, left in place (a provider sign-in carries it through the server: decision 0070). */
export function peekReturnTo(): string | null {
  if (typeof sessionStorage === 'undefined') return null;
  const path = sessionStorage.getItem(KEY);
  return path && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') ? path : null;
}
