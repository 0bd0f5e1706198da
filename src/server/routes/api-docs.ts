import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MessageJson } from '../../core/schemas/common';
import { DOCS_POLICY } from '../csp';
import { AppError } from '../errors';
import { apiDocument } from '../http/api-document';

/**
 * Readable API docs at /api/docs: Swagger UI's own files (shipped in @fastify/swagger-ui) over the
 * document at /api/openapi.json. Served as plain routes rather than through the plugin, whose
 * static wildcard routes Fastify's route tree prints ambiguously (the route list the tests read).
 * The document is made once, when every route is registered, and each file is kept with its gzip form:
 * made per request, the document took 200–700 ms to build and Swagger UI seconds to read (docs/benchmarks.md).
 */
const STATIC_DIR = path.join(path.dirname(createRequire(import.meta.url).resolve('@fastify/swagger-ui/package.json')), 'static');
const FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'index.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
};
// The start-up script is a file too: the page's policy allows no inline script.
const INITIALIZER = `window.onload = function () {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true, validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset], layout: 'StandaloneLayout',
  });
};
`;
const PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>IMSE conference API</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
<link rel="stylesheet" href="/api/docs/index.css">
<link rel="icon" type="image/png" href="/api/docs/favicon-32x32.png" sizes="32x32">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/swagger-ui-standalone-preset.js"></script>
<script src="/api/docs/swagger-initializer.js"></script>
</body>
</html>
`;

interface Prepared {
  body: Buffer;
  gzip: Buffer;
  etag: string;
}
const prepare = (body: Buffer): Prepared => ({
  body,
  gzip: gzipSync(body, { level: 9 }),
  etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
});
const files = new Map<string, Prepared>();
const read = (name: string) => {
  let f = files.get(name);
  if (!f) files.set(name, (f = prepare(readFileSync(path.join(STATIC_DIR, name)))));
  return f;
};

function sendPrepared(req: FastifyRequest, reply: FastifyReply, file: Prepared, type: string, cacheControl: string) {
  reply.type(type).header('cache-control', cacheControl).header('etag', file.etag).header('vary', 'accept-encoding');
  if (req.headers['if-none-match'] === file.etag) return reply.code(304).send();
  if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) return reply.header('content-encoding', 'gzip').send(file.gzip);
  return reply.send(file.body);
}

const routes: FastifyPluginAsync = async (app) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  let openapi: Prepared | undefined;
  const document = () => (openapi ??= prepare(Buffer.from(JSON.stringify(apiDocument(app.swagger())))));
  app.addHook('onReady', async () => {
    document();
  });
  api.get('/openapi.json', { schema: { hide: true } }, async (req, reply) =>
    sendPrepared(req, reply, document(), 'application/json; charset=utf-8', 'no-cache'),
  );

  api.get(
    '/docs',
    {
      schema: {
        description: 'The API docs page (Swagger UI).',
        response: { 200: { description: 'HTML', content: { 'text/html': { schema: z.string() } } } },
      },
    },
    async (_req, reply) =>
      reply.type('text/html; charset=utf-8').header('content-security-policy', DOCS_POLICY).header('cache-control', 'no-cache').send(PAGE),
  );

  api.get(
    '/docs/:file',
    {
      schema: {
        description: 'The files of the API docs page.',
        params: z.object({ file: z.string() }),
        response: {
          200: {
            description: 'A script, style sheet or icon',
            content: { 'text/javascript': { schema: z.string() }, 'text/css': { schema: z.string() }, 'image/png': { schema: z.string() } },
          },
          400: MessageJson,
          404: MessageJson,
        },
      },
    },
    async (req, reply) => {
      const { file } = req.params;
      if (file === 'swagger-initializer.js')
        return reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(INITIALIZER);
      const type = Object.hasOwn(FILES, file) ? FILES[file] : undefined;
      if (!type) throw new AppError('not_found', 'No such file of the API docs');
      return sendPrepared(req, reply, read(file), type, 'public, max-age=86400');
    },
  );
};

export default routes;
