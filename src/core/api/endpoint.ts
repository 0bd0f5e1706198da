import type { z } from '../zod';

/** An answer that is a file (a PDF, a CSV, an iCalendar), not JSON: its media type and what it holds. */
export interface FileAnswer {
  file: string;
  description: string;
}

/**
 * One API operation as both sides know it (decision 0018): the server declares its route from it (method, path,
 * the schemas it validates and documents) and the browser's client takes its types from it, so a changed
 * shape fails the typecheck on both sides. Paths are under /api; `:name` marks a path parameter.
 */
export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** The OpenAPI tag: /api/docs groups operations by it. */
  tag: DomainTag;
  summary: string;
  description?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  /** JSON body; with `multipart`, the form's fields (documented, read by the handler as the upload streams). */
  body?: z.ZodType;
  multipart?: boolean;
  /** The body's media types when it is not only JSON (a provider's web form; JSON or a multipart form). */
  consumes?: readonly string[];
  /** The body is documented, not validated before the handler, which reads it itself (a raw body whose signature it checks, a provider's form). */
  handlerReadsBody?: true;
  /** The success status (200 unless said). */
  status?: 200 | 201 | 202;
  response: z.ZodType | FileAnswer;
  /** Error statuses this operation may answer beyond the usual (400, 404, 429, 500; 401 and 403 when signed in), each as {message}. */
  errors?: readonly number[];
  /** Other answers beside `status`, each with its body (a 202 "still queued" beside the usual 200; an error answered as a page, not {message}). */
  also?: Readonly<Record<number, z.ZodType | FileAnswer>>;
}

/** The domains of the API, one tag each. */
export type DomainTag =
  'accounts' | 'submissions' | 'tracks' | 'review' | 'assignment' | 'programme' | 'payments' | 'site' | 'editor desk' | 'files';

/** The operations of one domain, each stamped with the domain's tag unless it names its own (one that clearly belongs elsewhere). */
export function endpoints<const T extends Record<string, Omit<Endpoint, 'tag'> & { tag?: DomainTag }>>(
  tag: DomainTag,
  table: T,
): { [K in keyof T]: T[K] & { tag: DomainTag } } {
  return Object.fromEntries(Object.entries(table).map(([k, e]) => [k, { tag, ...e }])) as { [K in keyof T]: T[K] & { tag: DomainTag } };
}

/** A file answer of this media type. */
export const fileAnswer = (file: string, description: string): FileAnswer => ({ file, description });

type Input<S> = S extends z.ZodType ? z.input<S> : never;
/** What a caller sends: path parameters, query and body, each only when the endpoint has it. */
export type CallInput<E extends Endpoint> = (E['params'] extends z.ZodType ? { params: Input<E['params']> } : unknown) &
  (E['query'] extends z.ZodType ? { query?: Input<E['query']> } : unknown) &
  (E['body'] extends z.ZodType ? (E['multipart'] extends true ? { form: FormData } : { body: Input<E['body']> }) : unknown);
/** What the server answers on success: the parsed JSON, or the Response for a file. */
export type CallOutput<E extends Endpoint> = E['response'] extends z.ZodType ? z.output<E['response']> : Response;

/** The path with its parameters filled in. */
export function pathOf(e: Pick<Endpoint, 'path'>, params: Record<string, string> | undefined): string {
  return e.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params?.[name] ?? ''));
}

/** The JSON body an endpoint takes, as the caller writes it. */
export type BodyOf<E extends Endpoint> = Input<E['body']>;
/** The endpoint's answer on success. */
export type AnswerOf<E extends Endpoint> = CallOutput<E>;
/** The rest arguments of a call: the input may be left out when nothing in it is required. */
export type CallArgs<E extends Endpoint> = object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];
