import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { z } from 'zod';
import { MessageJson } from '../../core/schemas/common';
import type { Role } from '../../core/schemas/common';
import { findCaller, requireCaller } from '../auth/caller';
import type { Caller } from '../permissions';

/** The OpenAPI tag of each domain: /api/docs groups the operations by it. */
export type DomainTag =
  | 'accounts' | 'submissions' | 'review' | 'assignment' | 'programme' | 'payments' | 'site' | 'editor desk' | 'files';

/** Who may call: anyone (the caller, if any, is still read), or signed-in holders of one of these roles. */
export type Access = 'public' | readonly Role[];

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteContext<P, Q, B, A extends Access> {
  req: FastifyRequest;
  reply: FastifyReply;
  /** Checked before the request's input is read or validated: a stranger hears 401/403 whatever they send. */
  caller: A extends 'public' ? Caller | null : Caller;
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
}

export interface RouteSpec<P, Q, B, A extends Access> {
  method: Method;
  url: string;
  tag: DomainTag;
  summary?: string;
  description?: string;
  access: A;
  params?: P;
  query?: Q;
  body?: B;
  /**
   * The body is multipart (an upload): `body` only documents its fields; the handler streams and parses it,
   * after `guard` has refused what must be refused before a byte of the upload is stored.
   */
  multipart?: boolean;
  /** Checks that must refuse before the body is read (a rate limit, "submissions are closed", whose paper it is). */
  guard?: (req: FastifyRequest, caller: A extends 'public' ? Caller | null : Caller) => Promise<void>;
  response: Record<number, unknown>;
  /** Hidden from the OpenAPI document (pages rendered by the server, not API operations). */
  hide?: boolean;
  handler: (ctx: RouteContext<P, Q, B, A>) => unknown;
}

/** What any route can answer besides its own statuses: the error handler answers every failure as {message}. */
const ERRORS = { 400: MessageJson, 404: MessageJson, 429: MessageJson, 500: MessageJson };
const SIGNED_IN_ERRORS = { ...ERRORS, 401: MessageJson, 403: MessageJson };

/** zod's own wording (not a message the schema chose): such a message is read with the field's name in front. */
const ZOD_DEFAULT = /^(Invalid input|Invalid option|Too (big|small)|Unrecognized key|Invalid (key|value) in|Invalid (number|string):)/;

/** The message of a request's first problem: the schema's own words, or zod's prefixed by the field ("tags.2: Invalid option…"). */
export function zodIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const field = issue.path.map(String).join('.');
  return field && ZOD_DEFAULT.test(issue.message) ? `${field}: ${issue.message}` : issue.message;
}

const callers = new WeakMap<FastifyRequest, Caller | null>();

/**
 * Every request's input checked by its zod schema, the schema's own message kept: a failure is the ZodError
 * itself, which the error handler turns into {message} (src/server/app.ts). A multipart body is the
 * handler's to read.
 */
function validatorFor(multipart: boolean) {
  return ({ schema, httpPart }: { schema: unknown; httpPart?: string }) => {
    if (multipart && httpPart === 'body') return (data: unknown) => ({ value: data });
    const zod = schema as z.ZodType;
    return (data: unknown) => {
      const result = zod.safeParse(data);
      return result.success ? { value: result.data } : { error: result.error };
    };
  };
}

/**
 * The one way to declare an API route (issue 29 §2): its schemas (params, query, body, responses) for
 * validation and the OpenAPI document, who may call it, and the handler. Authentication runs in
 * `onRequest`, before the body is read or validated, so an anonymous or wrong-role caller never learns the
 * schema from a 400; `guard` runs next, still before the body.
 */
export function defineRoute<P extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined, A extends Access = Access>(app: FastifyInstance, spec: RouteSpec<P, Q, B, A>): void {
  const roles = spec.access === 'public' ? null : spec.access as readonly Role[];
  const schema: FastifySchema = {
    tags: [spec.tag],
    ...(spec.summary ? { summary: spec.summary } : {}),
    ...(spec.description ? { description: spec.description } : {}),
    ...(roles ? { security: [{ bearer: [] }] } : {}),
    ...(spec.params ? { params: spec.params } : {}),
    ...(spec.query ? { querystring: spec.query } : {}),
    ...(spec.body ? { body: spec.body } : {}),
    ...(spec.multipart ? { consumes: ['multipart/form-data'] } : {}),
    ...(spec.hide ? { hide: true } : {}),
    response: { ...(roles ? SIGNED_IN_ERRORS : ERRORS), ...spec.response },
  };
  type C = A extends 'public' ? Caller | null : Caller;
  app.route({
    method: spec.method,
    url: spec.url,
    schema,
    validatorCompiler: validatorFor(!!spec.multipart),
    onRequest: async (req) => {
      const caller = roles ? await requireCaller(req, ...roles) : await findCaller(req);
      callers.set(req, caller);
      if (spec.guard) await spec.guard(req, caller as C);
    },
    handler: async (req, reply) => spec.handler({
      req, reply, caller: callers.get(req) as C,
      params: req.params as Out<P>, query: req.query as Out<Q>, body: req.body as Out<B>,
    }),
  });
}
