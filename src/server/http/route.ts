import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';
import type { Endpoint } from '../../core/api/endpoint';
import { MessageJson } from '../../core/schemas/common';
import { findCaller, requireCaller } from '../auth/caller';
import type { AccessRole, Caller } from '../permissions';

/**
 * Who may call: anyone (the caller, if any, is still read), or signed-in holders of one of these roles; an
 * Editor account that chairs tracks only is admitted where 'Chair' is listed (decision 0023).
 */
export type Access = 'public' | readonly AccessRole[];

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type CallerFor<A extends Access> = A extends 'public' ? Caller | null : Caller;

export interface RouteContext<E extends Endpoint, A extends Access, G = undefined> {
  req: FastifyRequest;
  reply: FastifyReply;
  /** Checked before the request's input is read or validated: a stranger hears 401/403 whatever they send. */
  caller: CallerFor<A>;
  params: Out<E['params']>;
  query: Out<E['query']>;
  /** The parsed JSON body (a multipart body is the handler's to stream, and a body it reads itself is in `req`: undefined here). */
  body: E['multipart'] extends true ? undefined : E['handlerReadsBody'] extends true ? undefined : Out<E['body']>;
  /** What `guard` found (the paper whose upload it allowed), so the handler need not look it up again. */
  guarded: G;
}

export interface RouteSpec<E extends Endpoint, A extends Access, G> {
  access: A;
  /**
   * Checks that must refuse before the body is read (a rate limit, "submissions are closed", whose paper it is).
   * What it returns reaches the handler as `guarded`.
   */
  guard?: (req: FastifyRequest, caller: CallerFor<A>) => Promise<G>;
  handler: (ctx: RouteContext<E, A, G>) => unknown;
}

/** What any route can answer besides its own statuses: the error handler answers every failure as {message}. */
const ERRORS = { 400: MessageJson, 404: MessageJson, 429: MessageJson, 500: MessageJson };
const SIGNED_IN_ERRORS = { ...ERRORS, 401: MessageJson, 403: MessageJson };

const answerSchema = (answer: Endpoint['response']) =>
  'file' in answer ? { description: answer.description, content: { [answer.file]: { schema: z.string() } } } : answer;

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
const guarded = new WeakMap<FastifyRequest, unknown>();

/**
 * Every request's input checked by its zod schema, the schema's own message kept: a failure is the ZodError
 * itself, which the error handler turns into {message} (src/server/app.ts). A multipart body, or one the
 * endpoint says its handler reads, is the handler's to read.
 */
function validatorFor(handlerReadsBody: boolean) {
  return ({ schema, httpPart }: { schema: unknown; httpPart?: string }) => {
    if (handlerReadsBody && httpPart === 'body') return (data: unknown) => ({ value: data });
    const zod = schema as z.ZodType;
    return (data: unknown) => {
      // A request without a body is read as an empty object, as the handlers always read it.
      const result = zod.safeParse(httpPart === 'body' && (data === null || data === undefined) ? {} : data);
      return result.success ? { value: result.data } : { error: result.error };
    };
  };
}

/**
 * The one way to declare an API route (decision 0018): the endpoint (src/core/api: method, path, schemas, tag,
 * shared with the browser's client), who may call it, and the handler. Authentication runs in `onRequest`,
 * before the body is read or validated, so an anonymous or wrong-role caller never learns the schema from a
 * 400; `guard` runs next, still before the body.
 */
export function defineRoute<E extends Endpoint, A extends Access, G = undefined>(
  app: FastifyInstance,
  endpoint: E,
  spec: RouteSpec<E, A, G>,
): void {
  const roles = spec.access === 'public' ? null : (spec.access as readonly AccessRole[]);
  const schema: FastifySchema = {
    tags: [endpoint.tag],
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    ...(roles ? { security: [{ bearer: [] }] } : {}),
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    ...(endpoint.consumes ? { consumes: [...endpoint.consumes] } : endpoint.multipart ? { consumes: ['multipart/form-data'] } : {}),
    response: {
      ...(roles ? SIGNED_IN_ERRORS : ERRORS),
      ...Object.fromEntries((endpoint.errors ?? []).map((code) => [code, MessageJson])),
      ...Object.fromEntries(Object.entries(endpoint.also ?? {}).map(([code, answer]) => [code, answerSchema(answer)])),
      [endpoint.status ?? 200]: answerSchema(endpoint.response),
    },
  };
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema,
    validatorCompiler: validatorFor(!!endpoint.multipart || !!endpoint.handlerReadsBody),
    onRequest: async (req) => {
      const caller = roles ? await requireCaller(req, ...roles) : await findCaller(req);
      callers.set(req, caller);
      if (spec.guard) guarded.set(req, await spec.guard(req, caller as CallerFor<A>));
    },
    handler: async (req, reply) => {
      if (endpoint.status) reply.code(endpoint.status);
      return spec.handler({
        req,
        reply,
        caller: callers.get(req) as CallerFor<A>,
        params: req.params as Out<E['params']>,
        query: req.query as Out<E['query']>,
        body: (endpoint.multipart || endpoint.handlerReadsBody ? undefined : req.body) as RouteContext<E, A, G>['body'],
        guarded: guarded.get(req) as G,
      });
    },
  });
}
