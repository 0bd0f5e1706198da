import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';

// OpenAPI 3.1 schemas are JSON Schema 2020-12: ajv 8's 2020 build, the one the OpenAPI validator brings
// (the top-level ajv is eslint's ajv 6, which knows only draft-07).
const requireFromValidator = createRequire(createRequire(import.meta.url).resolve('@seriousme/openapi-schema-validator/package.json'));
type AjvLike = {
  addSchema(schema: object, key: string): void;
  getSchema(ref: string): (((data: unknown) => boolean) & { errors?: { instancePath: string; message?: string }[] | null }) | undefined;
};
const Ajv2020 = requireFromValidator('ajv/dist/2020').default as new (opts: object) => AjvLike;

export interface ContractMismatch {
  method: string;
  url: string;
  route: string;
  status: number;
  problem: string;
}

/** A JSON-pointer segment inside a URI fragment. */
const pointer = (s: string) => encodeURIComponent(s.replaceAll('~', '~0').replaceAll('/', '~1'));

/**
 * Check every response the app sends against its own OpenAPI document (GET /api/openapi.json): the status
 * must be one the route declares, and a JSON body must match the declared schema. Routes hidden from the
 * document (the site's pages, the document itself) are not checked. Mismatches are collected; call
 * `assertMatches()` (e.g. in afterEach/afterAll) to fail the test with the list.
 */
export function checkResponsesAgainstOpenApi(app: FastifyInstance): {
  mismatches: ContractMismatch[];
  checked: () => number;
  assertMatches(): void;
} {
  const mismatches: ContractMismatch[] = [];
  let count = 0;
  let ajv: AjvLike | null = null;
  let doc: {
    paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: object }> }> }>>;
  } | null = null;
  const load = () => {
    if (!doc) {
      doc = JSON.parse(JSON.stringify(app.swagger())) as NonNullable<typeof doc>;
      ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
      ajv.addSchema(doc, 'openapi');
    }
    return { doc, ajv: ajv! };
  };

  app.addHook('onSend', async (req, reply, payload) => {
    const route = req.routeOptions.url;
    if (!route || !route.startsWith('/api/') || route === '/api/openapi.json' || route.startsWith('/api/docs')) return payload;
    const { doc: d, ajv: validator } = load();
    const path = route.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const method = req.method.toLowerCase() === 'head' ? 'get' : req.method.toLowerCase();
    const op = d.paths[path]?.[method];
    const fail = (problem: string) => mismatches.push({ method: req.method, url: req.url, route, status: reply.statusCode, problem });
    if (!op) {
      fail('route missing from the OpenAPI document');
      return payload;
    }
    count++;
    const status = String(reply.statusCode);
    const declared = op.responses?.[status]
      ? status
      : op.responses?.[`${status[0]}XX`]
        ? `${status[0]}XX`
        : op.responses?.default
          ? 'default'
          : null;
    if (!declared) {
      fail(`status ${status} is not declared (declared: ${Object.keys(op.responses ?? {}).join(', ')})`);
      return payload;
    }
    const type = String(reply.getHeader('content-type') ?? '')
      .split(';')[0]!
      .trim();
    const content = op.responses![declared]!.content;
    if (!content || reply.statusCode === 204) return payload;
    if (!content[type] && !Object.keys(content).some((k) => k === '*/*' || (k.endsWith('/*') && type.startsWith(k.slice(0, -1))))) {
      fail(`content type ${type || '(none)'} is not declared (declared: ${Object.keys(content).join(', ')})`);
      return payload;
    }
    if (type !== 'application/json' || typeof payload !== 'string' || !content[type]?.schema) return payload;
    const ref = `openapi#/paths/${pointer(path)}/${method}/responses/${pointer(declared)}/content/${pointer(type)}/schema`;
    const validate = validator.getSchema(ref);
    if (!validate) {
      fail(`no schema at ${ref}`);
      return payload;
    }
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      fail('body is not JSON');
      return payload;
    }
    if (!validate(body)) {
      const e = validate.errors?.[0];
      fail(`body does not match: ${e?.instancePath || '/'} ${e?.message ?? ''}`);
    }
    return payload;
  });

  return {
    mismatches,
    checked: () => count,
    assertMatches() {
      if (mismatches.length > 0) {
        const list = mismatches
          .slice(0, 20)
          .map((m) => `${m.method} ${m.route} → ${m.status}: ${m.problem}`)
          .join('\n');
        throw new Error(`${mismatches.length} response(s) do not match the OpenAPI document:\n${list}`);
      }
    },
  };
}
