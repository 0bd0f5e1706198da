import { useCallback, useEffect, useState } from 'react';
import {
  isRouteErrorResponse,
  useNavigate,
  useRevalidator,
  useRouteError,
  useSearchParams,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { messageOf } from '../api/client';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';

/**
 * Login-area data, the one way (decision 0018): a route's `clientLoader` reads through
 * `loadOr` (`loadPart` for a panel that may fail beside the page), its `clientAction` writes through `actOr`, and
 * its `ErrorBoundary` is `RouteError`. A panel gets its data from its host route's loader and posts to its action;
 * polling is `useRevalidateEvery`, or a fetcher loading a route with no screen when only one panel needs reading
 * again (the discussion's). The API client throws the redirect to log in on a 401, so neither a loader nor a screen
 * handles it.
 */

/** For a clientLoader: the data, or an Error whose message is for the user (the route's ErrorBoundary shows it). */
export async function loadOr<T>(work: Promise<T>, fallback: string): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof Response) throw err;
    console.error(err);
    throw new Error(messageOf(err, fallback));
  }
}

/**
 * For a part of a page that may fail without hiding the page (a side panel, a badge): `data` is the answer, or
 * `empty` when the read failed; `error` is then the message to show (the failure is logged: docs/product.md#validation-and-messages logs only
 * failed list loads). The redirect to log in passes through.
 */
export async function loadPart<T>(work: Promise<T>, empty: T, fallback = ''): Promise<{ data: T; error: string | null }> {
  try {
    return { data: await work, error: null };
  } catch (err) {
    if (err instanceof Response) throw err;
    console.error(err);
    return { data: empty, error: messageOf(err, fallback) };
  }
}

/** What a clientAction returns: the server's answer, or the message to show. */
export type ActionResult<T> = { ok: true; intent?: string; data: T } | { ok: false; intent?: string; error: string };

/** For a clientAction: the answer, or the message (the redirect to log in passes through). */
export async function actOr<T>(work: Promise<T>, fallback: string, intent?: string): Promise<ActionResult<T>> {
  try {
    return { ok: true, intent, data: await work };
  } catch (err) {
    if (err instanceof Response) throw err;
    return { ok: false, intent, error: messageOf(err, fallback) };
  }
}

/**
 * A route's shouldRevalidate: after a refused write the loader is not run again, so the form keeps what the
 * user typed beside the message; after a successful one the screen shows the server's new state.
 */
export function revalidateAfterSuccess({
  actionResult,
  defaultShouldRevalidate,
}: {
  actionResult?: unknown;
  defaultShouldRevalidate: boolean;
}): boolean {
  if ((actionResult as ActionResult<unknown> | undefined)?.ok === false) return false;
  return defaultShouldRevalidate;
}

/**
 * A shouldRevalidate for a route whose action also answers questions that change nothing (a preview, a quote):
 * after those intents the loaders are not run again; otherwise as `revalidateAfterSuccess`.
 */
export function revalidateExceptAfter(...intents: string[]) {
  // A preview answered while the loaders run again after a save cancels that reading; skipping the loaders then
  // would leave the old data on screen. So shortly after a save, a preview reads them again too (it costs one read).
  let reloadedAt = -Infinity;
  return (args: ShouldRevalidateFunctionArgs): boolean => {
    const intent = (args.actionResult as ActionResult<unknown> | undefined)?.intent;
    if (intent !== undefined && intents.includes(intent)) return Date.now() - reloadedAt < RELOAD_OVERLAP_MS;
    const again = revalidateAfterSuccess(args);
    if (again) reloadedAt = Date.now();
    return again;
  };
}

/** How long after a save's reading a preview's answer may still have cancelled it. */
const RELOAD_OVERLAP_MS = 10_000;

/**
 * Polling, the one way: the page's loaders run again every `ms` while `active`, so the screen shows the server's
 * new state; with `pauseWhenHidden`, not while the browser tab is hidden. The wait starts again after each reading.
 */
export function useRevalidateEvery(
  ms: number,
  { active = true, pauseWhenHidden = false }: { active?: boolean; pauseWhenHidden?: boolean } = {},
) {
  const { revalidate, state } = useRevalidator();
  const idle = state === 'idle';
  useEffect(() => {
    if (!active || !idle) return undefined;
    const timer = setInterval(() => {
      if (!pauseWhenHidden || document.visibilityState === 'visible') void revalidate();
    }, ms);
    return () => clearInterval(timer);
  }, [ms, active, pauseWhenHidden, idle, revalidate]);
}

/** A JSON body posted with `fetcher.submit(body, { method: 'post', encType: 'application/json' })`. */
export const jsonBody = async <T,>(request: Request): Promise<T> => (await request.json()) as T;

/** For calls outside a loader or action (an upload that reports progress): follow the redirect to log in. */
export function useFollowRedirect() {
  const navigate = useNavigate();
  // One function for the component's life: an effect may name it among its dependencies without running on every render.
  return useCallback(
    (err: unknown): boolean => {
      if (!(err instanceof Response)) return false;
      navigate(err.headers.get('Location') ?? '/login');
      return true;
    },
    [navigate],
  );
}

/**
 * A file fetched with the login token (a plain link would be refused): one download at a time, which one is under
 * way (`busy`), the server's message if it fails (`error`), the redirect to log in followed.
 */
export function useDownload<K extends string>(save: (kind: K) => Promise<void>, failed: string) {
  const followRedirect = useFollowRedirect();
  const [busy, setBusy] = useState<K | null>(null);
  const [error, setError] = useState<string | null>(null);
  const download = async (kind: K) => {
    setBusy(kind);
    setError(null);
    try {
      await save(kind);
    } catch (err) {
      if (!followRedirect(err)) setError(err instanceof Error ? err.message : failed);
    } finally {
      setBusy(null);
    }
  };
  return { busy, error, download };
}

/** How many pages of a long list the URL asks for (?pages=, at least 1): "Load more" adds one. */
export const pagesShown = (params: URLSearchParams): number => Math.max(1, Math.floor(Number(params.get('pages'))) || 1);

/** "Load more": one more page in the URL, the other parameters kept, no history entry, no jump to the top. */
export function useShowMore(pages: number) {
  const [, setSearchParams] = useSearchParams();
  return () =>
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('pages', String(pages + 1));
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
}

/** A login-area route's ErrorBoundary: the loader's message and a way to try again, inside the layout. */
export function RouteError() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`.trim()
    : error instanceof Error
      ? error.message
      : 'Something went wrong.';
  return (
    <div className="max-w-2xl space-y-3">
      <Alert>{message}</Alert>
      <Button variant="quiet" size="sm" onClick={() => revalidator.revalidate()} disabled={revalidator.state !== 'idle'}>
        {revalidator.state === 'idle' ? 'Try again' : 'Loading…'}
      </Button>
    </div>
  );
}
