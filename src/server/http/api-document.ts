import type { DomainTag } from '../../core/api/endpoint';

/**
 * The OpenAPI document as /api/openapi.json serves it to integrators: made once when the app is ready from
 * what the routes declare (@fastify/swagger), with every operation under its domain's tag and the error
 * answers, all `{message}`, written once under components. The response check in the tests reads the routes'
 * own declarations; this only regroups and names them.
 */

export const API_INFO = {
  title: 'IMSE conference API',
  version: '2.0.0',
  description: [
    'The API behind the conference site and its login area: accounts, paper submissions, the review cycle,',
    "reviewer assignment, the programme and certificates, payments and the site's own content.",
    '',
    '**Signing in.** `POST /api/signup` or `POST /api/login` (e-mail, password and role: Author, Editor or',
    'Reviewer) answers a `token`; send it as `Authorization: Bearer <token>` on every call marked with a lock.',
    'A token lasts 7 days. A person has one account per role; `POST /api/switch-role` moves between them.',
    '',
    '**Errors** are JSON `{"message": "…"}`, a sentence meant to be shown to the user, with the status saying',
    'what kind: 400 the request is not valid, 401 not signed in, 403 not allowed, 404 not found, 409 the state',
    'does not allow it, 413 too large, 429 too many requests and 503 the server is busy or its database out of',
    'reach (both with `Retry-After`, in seconds).',
    '',
    '**Long lists** (papers, payments, reviewers, the audit log) come a page at a time: pass `limit`, then the',
    '`cursor` the answer gives (in the `x-next-cursor` header or the body, as each operation says) for the next.',
  ].join('\n'),
};

/** The domains (every DomainTag, so a new one needs its words here), in the order the docs show them. */
const TAG_DESCRIPTIONS: Record<DomainTag, string> = {
  accounts: 'Signing up and in, passwords, e-mail verification, roles and the profile',
  submissions: 'Papers: an author submits and revises them, the editor lists and reads them',
  tracks: "The call for papers' tracks and their topics; the editor names each track's chairs",
  review: 'The review cycle: reviews, bids, conflicts of interest, decisions, deadlines',
  assignment: 'Finding reviewers for a paper and sending it to them, by hand or automatically',
  programme: 'Sessions, registrations, the published programme and certificates',
  payments: "Registration fees through PayU or Stripe, and the editor's payment list",
  'editor desk': "The editor's messages, mail queue, statistics, audit log and exports",
  site: "The public site's content: news, keynote speakers, the contact form, health",
  files: 'PDFs and photos through signed, time-limited links',
};
const TAGS = Object.entries(TAG_DESCRIPTIONS).map(([name, description]) => ({ name, description }));
const TAG_NAMES = new Set<string>(Object.keys(TAG_DESCRIPTIONS));

/**
 * The domain of an operation that does not name one of the tags above, by its path under /api (first match).
 * Routes declared through defineRoute carry their own tag and keep it.
 */
const TAG_BY_PATH: Array<[RegExp, DomainTag]> = [
  [
    /^\/(program|editor\/program|editor\/registrations|author\/paper-registration|editor\/certificates|me\/certificates|certificates)\b/,
    'programme',
  ],
  [/^\/editor\/papers\/[^/]+\/(reviews|conflicts|person-conflicts|conflicted-reviewers|decision)$/, 'review'],
  [/^\/author\/paper\/[^/]+\/conflicts$/, 'review'],
  [/^\/(reviewer\/(review|bidding|bid|assigned-papers|add-comment|respond)|editor\/settings|editor\/notify|deadlines)\b/, 'review'],
  [/^\/(editor\/suggested-reviewers|send-mail|editor\/send-paper|editor\/auto-assign|reviewer\/status|editor\/reviewers)\b/, 'assignment'],
  [/^\/(signup|login|password|email|switch-role|me)\b/, 'accounts'],
  [/^\/(author|editor\/papers)\b/, 'submissions'],
  [/^\/(payments|payu|card|editor\/payments)\b/, 'payments'],
  [/^\/editor\b/, 'editor desk'],
  [/^\/(files|photos)\b/, 'files'],
];
const DEFAULT_TAG: DomainTag = 'site';

export function tagFor(apiPath: string): DomainTag {
  const rest = apiPath.replace(/^\/api/, '');
  return TAG_BY_PATH.find(([re]) => re.test(rest))?.[1] ?? DEFAULT_TAG;
}

/** The error answers, each described once for every operation that may give it. */
const ERROR_RESPONSES: Record<string, [name: string, description: string]> = {
  400: ['BadRequest', 'The request is not valid; the message says what to change.'],
  401: ['Unauthorized', 'Not signed in, or the token has expired: sign in again.'],
  403: ['Forbidden', 'Signed in, but this account may not do this.'],
  404: ['NotFound', 'There is no such thing, or it is not yours to see.'],
  409: ['Conflict', 'The state of things does not allow it now; the message says why.'],
  410: ['Gone', 'It was there but is no longer (an expired or used link).'],
  413: ['PayloadTooLarge', 'The body or the uploaded file is larger than allowed.'],
  415: ['UnsupportedMediaType', 'The body is not of a type this operation takes.'],
  422: ['UnprocessableContent', 'The request is well formed but cannot be carried out; the message says why.'],
  429: ['TooManyRequests', 'Too many requests: wait the seconds in Retry-After.'],
  500: ['InternalError', 'The server failed; nothing was changed by a failed write.'],
  502: ['BadGateway', 'A service the server depends on (mail, payments) did not answer properly.'],
  503: ['ServiceUnavailable', 'The server is busy or its database is out of reach: try again after Retry-After seconds.'],
};
const SUCCESS: Record<string, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No content' };

type Json = Record<string, unknown>;
interface Operation {
  tags?: string[];
  responses?: Record<string, Json>;
}
interface Document {
  openapi: string;
  info?: Json;
  tags?: unknown;
  components?: Json & { responses?: Json };
  paths: Record<string, Record<string, Operation>>;
}

/** `{message}` and nothing else: the one shape every error answer has. */
function isMessageOnly(response: Json): boolean {
  const content = response.content as Record<string, { schema?: Json }> | undefined;
  const keys = content ? Object.keys(content) : [];
  if (keys.length !== 1 || keys[0] !== 'application/json') return false;
  const schema = content!['application/json']!.schema;
  const props = schema?.properties as Json | undefined;
  return schema?.type === 'object' && !!props && Object.keys(props).length === 1 && (props.message as Json | undefined)?.type === 'string';
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** The served document from @fastify/swagger's: API paths only, tagged by domain, errors by reference. */
export function apiDocument(raw: object): Document {
  const doc = JSON.parse(JSON.stringify(raw)) as Document;
  const used = new Set<string>();
  const paths: Document['paths'] = {};
  for (const [p, item] of Object.entries(doc.paths)) {
    if (!p.startsWith('/api/')) continue; // the site's pages: not part of the API
    paths[p] = item;
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const own = op.tags?.find((t) => TAG_NAMES.has(t));
      op.tags = [own ?? tagFor(p)];
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        const error = ERROR_RESPONSES[status];
        if (error && isMessageOnly(response)) {
          op.responses![status] = { $ref: `#/components/responses/${error[0]}` };
          used.add(status);
        } else if (response.description === 'Default Response') {
          response.description = SUCCESS[status] ?? (Number(status) >= 400 ? 'Error' : 'OK');
        }
      }
    }
  }
  const responses: Json = { ...(doc.components?.responses ?? {}) };
  for (const status of [...used].sort()) {
    const [name, description] = ERROR_RESPONSES[status]!;
    responses[name] = {
      description,
      content: { 'application/json': { schema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] } } },
    };
  }
  return { ...doc, info: API_INFO, tags: TAGS, paths, components: { ...doc.components, responses } };
}
