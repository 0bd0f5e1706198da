import type { UserJson } from '../../core/schemas/auth';

const TOKEN_KEY = 'token';
const USER_KEY = 'user';

/** The login token and user, kept in browser storage (SPEC §7). */
export const session = {
  token: (): string | null => (typeof localStorage === 'undefined' ? null : localStorage.getItem(TOKEN_KEY)),
  user: (): UserJson | null => {
    if (typeof localStorage === 'undefined') return null;
    try { return JSON.parse(localStorage.getItem(USER_KEY) ?? 'null') as UserJson | null; } catch { return null; }
  },
  save(token: string, user: UserJson) {
    localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(USER_KEY, JSON.stringify(user));
  },
  saveUser(user: UserJson) { localStorage.setItem(USER_KEY, JSON.stringify(user)); },
  clear() {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
  },
};

/** An API answer that was not 2xx: `message` is the server's message when it sent one. */
export class ApiError extends Error {
  constructor(readonly status: number, message: string, readonly serverMessage: string | undefined) {
    super(message);
  }
}

/** Call /api with the bearer token; JSON in and out, or a FormData body as multipart. */
export async function api<T>(path: string, init: { method?: string; json?: unknown; form?: FormData; signal?: AbortSignal } = {}): Promise<T> {
  const headers: Record<string, string> = {};
  const token = session.token();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.form) {
    body = init.form;
  }
  let res: Response;
  try {
    res = await fetch(`/api${path}`, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body, signal: init.signal });
  } catch {
    throw new ApiError(0, 'Network error: please check your connection', undefined);
  }
  const text = await res.text();
  let data: unknown = undefined;
  try { data = text ? JSON.parse(text) : undefined; } catch { data = undefined; }
  if (!res.ok) {
    const serverMessage = typeof (data as { message?: unknown })?.message === 'string' ? (data as { message: string }).message : undefined;
    throw new ApiError(res.status, serverMessage ?? `Request failed (${res.status})`, serverMessage);
  }
  return data as T;
}

/** The server's message from an error, else the fallback text of SPEC §8. */
export function messageOf(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.serverMessage ? err.serverMessage : fallback;
}
