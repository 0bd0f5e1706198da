import { redirect } from 'react-router';
import type { z } from '../../core/zod';
import { MESSAGES, SERVER_BUSY, uploadServerBusy } from '../../core/messages';
import { pathOf, type CallArgs, type CallInput, type CallOutput, type Endpoint, type FileAnswer } from '../../core/api/endpoint';
import type { UserJson } from '../../core/schemas/auth';

const TOKEN_KEY = 'token';
const USER_KEY = 'user';

/** The login token and user, kept in browser storage (docs/product.md#the-api). */
export const session = {
  token: (): string | null => (typeof localStorage === 'undefined' ? null : localStorage.getItem(TOKEN_KEY)),
  user: (): UserJson | null => {
    if (typeof localStorage === 'undefined') return null;
    try {
      return JSON.parse(localStorage.getItem(USER_KEY) ?? 'null') as UserJson | null;
    } catch {
      return null;
    }
  },
  save(token: string, user: UserJson) {
    localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(USER_KEY, JSON.stringify(user));
  },
  saveUser(user: UserJson) {
    localStorage.setItem(USER_KEY, JSON.stringify(user));
  },
  clear() {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
  },
};

/** An API answer that was not 2xx: `message` is the server's message when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly serverMessage: string | undefined,
  ) {
    super(message);
  }
}

/** Where a visitor whose session has ended is sent: /login saying 'Please login first' (docs/product.md#validation-and-messages). */
export const LOGIN_FIRST = '/login?reason=login';

/**
 * The one place a 401 is handled: when the server refuses the stored token ('Please login first'), the
 * session is forgotten and a redirect to log in is thrown. Screens call the API from their route's
 * clientLoader / clientAction, where React Router follows a thrown redirect (decision 0018).
 */
export function expiredSession(status: number, serverMessage: string | undefined, sentToken: boolean): Response | null {
  if (status !== 401 || !sentToken || serverMessage !== MESSAGES.pleaseLogin) return null;
  session.clear();
  return redirect(LOGIN_FIRST);
}

const NETWORK_ERROR = 'Network error: please check your connection';

export interface ApiInit {
  method?: string;
  json?: unknown;
  form?: FormData;
  signal?: AbortSignal;
}

/** The server's `message` from a refused answer's body, when it sent one. */
const messageIn = (data: unknown): string | undefined =>
  typeof (data as { message?: unknown } | undefined)?.message === 'string' ? (data as { message: string }).message : undefined;

/**
 * The one request to /api: adds the bearer token, sends JSON or a FormData body (multipart), and turns a
 * refused answer into an ApiError with the server's message — or, for a refused token, the redirect to log
 * in. Resolves with the Response when it is 2xx, for the callers that need its headers or bytes.
 */
export async function apiResponse(path: string, init: ApiInit = {}): Promise<Response> {
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
    throw new ApiError(0, NETWORK_ERROR, undefined);
  }
  if (res.ok) return res;
  const serverMessage = messageIn(await res.json().catch(() => undefined));
  throw (
    expiredSession(res.status, serverMessage, Boolean(token)) ??
    new ApiError(res.status, serverMessage ?? `Request failed (${res.status})`, serverMessage)
  );
}

/**
 * Call one endpoint of the contract (src/core/api) with the bearer token: its path parameters, query and body
 * are typed from the endpoint's schemas, and so is the answer (a file endpoint answers the Response).
 */
export async function call<E extends Endpoint>(endpoint: E, ...[input]: CallArgs<E>): Promise<CallOutput<E>> {
  const given = (input ?? {}) as { params?: Record<string, string>; query?: Record<string, unknown>; body?: unknown; form?: FormData };
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(given.query ?? {})) if (v !== undefined && v !== null && v !== '') query.set(k, String(v));
  const path = pathOf(endpoint, given.params) + (query.size ? `?${query}` : '');
  const res = await apiResponse(path, { method: endpoint.method, json: given.body, form: given.form });
  if ('file' in endpoint.response) return res as CallOutput<E>;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as CallOutput<E>;
}

/** The query an endpoint takes, as the caller writes it. */
export type QueryOf<E extends Endpoint> = E['query'] extends z.ZodType ? z.input<E['query']> : never;

/**
 * The first `count` rows of a list the server pages with a cursor, at most `pageSize` a call; `query` is the
 * endpoint's own, less the paging. `rows` picks the list out of an answer; the next cursor is the x-next-cursor
 * header unless `cursorOf` reads it from the answer. Resolves with the rows, the cursor when more are left, and
 * the last answer (for its other fields).
 */
export async function callPages<E extends Endpoint & { query: z.ZodType }, R>(
  endpoint: E,
  opts: {
    count: number;
    query?: Omit<QueryOf<E>, 'limit' | 'cursor'>;
    pageSize?: number;
    rows: (answer: CallOutput<E>) => R[];
    cursorOf?: (answer: CallOutput<E>) => string | null;
  },
): Promise<{ rows: R[]; nextCursor: string | null; last: CallOutput<E> | undefined }> {
  const { count, pageSize = 200 } = opts;
  const all: R[] = [];
  let cursor: string | null = null;
  let last: CallOutput<E> | undefined;
  do {
    const params = new URLSearchParams({ limit: String(Math.min(pageSize, count - all.length)) });
    for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
    if (cursor) params.set('cursor', cursor);
    const res = await apiResponse(`${endpoint.path}?${params}`);
    const answer = (await res.json()) as CallOutput<E>;
    last = answer;
    all.push(...opts.rows(answer));
    cursor = opts.cursorOf ? opts.cursorOf(answer) : res.headers.get('x-next-cursor');
  } while (cursor && all.length < count);
  return { rows: all, nextCursor: cursor, last };
}

/**
 * The one way the browser saves a file it holds (a plain link could not send the token): `blob` saved as
 * `fileName` through a temporary link, whose object URL is let go once the download has started.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

/**
 * A file endpoint's answer (a CSV export, a certificate PDF), fetched with the token (a plain link could not
 * send it) and saved by the browser as `fileName`; the rest of the input is the call's.
 */
export async function saveDownload<E extends Endpoint & { response: FileAnswer }>(
  endpoint: E,
  input: CallInput<E> & { fileName: string },
): Promise<void> {
  const { fileName, ...rest } = input;
  saveFile(await ((await call(endpoint, ...([rest] as CallArgs<E>))) as Response).blob(), fileName);
}

/**
 * A file behind a signed link (a paper's PDF, which needs no token), saved as `fileName`; a refusal rejects with an
 * ApiError carrying the server's reason (an expired link, a PDF withheld under blind review).
 */
export async function saveSignedLink(url: string, fileName: string): Promise<void> {
  const res = await fetch(url).catch(() => {
    throw new ApiError(0, NETWORK_ERROR, undefined);
  });
  if (!res.ok) {
    const said = messageIn(await res.json().catch(() => undefined));
    throw new ApiError(res.status, said ?? `Request failed (${res.status})`, said);
  }
  saveFile(await res.blob(), fileName);
}

/**
 * A PDF upload to a multipart endpoint that reports its progress to `onProgress` (bytes sent of total): fetch cannot,
 * XMLHttpRequest's upload events can. Resolves with the endpoint's answer; rejects with ApiError carrying the
 * server's message, or with the redirect to log in when the session has ended (the caller follows it: see
 * `followRedirect`).
 */
export function uploadWithProgress<E extends Endpoint & { multipart: true }>(
  endpoint: E,
  input: CallInput<E> & { onProgress: (sent: number, total: number) => void },
): Promise<CallOutput<E>> {
  const { params, form, onProgress } = input as typeof input & { params?: Record<string, string>; form: FormData };
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(endpoint.method, `/api${pathOf(endpoint, params)}`);
    const token = session.token();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded, e.total);
    };
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR, undefined));
    xhr.onload = () => {
      let data: unknown;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(data as CallOutput<E>);
        return;
      }
      const said = messageIn(data);
      // Too busy to take the upload (decision 0036): say plainly to retry, and when; the form keeps its fields.
      const message = xhr.status === 503 && said === SERVER_BUSY ? uploadServerBusy(Number(xhr.getResponseHeader('retry-after'))) : said;
      reject(
        expiredSession(xhr.status, message, Boolean(token)) ??
          new ApiError(xhr.status, message ?? `Request failed (${xhr.status})`, message),
      );
    };
    xhr.send(form);
  });
}

/** The server's message from an error, else the fallback text of docs/product.md#validation-and-messages. */
export function messageOf(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.serverMessage ? err.serverMessage : fallback;
}
