import type { FastifyInstance } from 'fastify';

export type Part = [name: string, value: string | Buffer, filename?: string];

/** Encode parts as multipart/form-data the way a browser does (via the platform's FormData). */
export async function multipart(parts: Part[]): Promise<{ payload: Buffer; contentType: string }> {
  const fd = new FormData();
  for (const [name, value, filename] of parts) {
    if (typeof value === 'string') fd.append(name, value);
    else fd.append(name, new Blob([new Uint8Array(value)], { type: 'application/pdf' }), filename ?? 'paper.pdf');
  }
  const req = new Request('http://localhost/', { method: 'POST', body: fd });
  return { payload: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type')! };
}

export async function injectMultipart(app: FastifyInstance, method: 'POST' | 'PATCH', url: string, parts: Part[], headers: Record<string, string> = {}) {
  const { payload, contentType } = await multipart(parts);
  return app.inject({ method, url, payload, headers: { ...headers, 'content-type': contentType } });
}

/** A small valid-looking PDF with some distinguishing bytes. */
export function pdfBytes(label = 'x', size = 2048): Buffer {
  const head = Buffer.from(`%PDF-1.7\n% ${label}\n`);
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x20), Buffer.from('\n%%EOF\n')]);
}

export async function submitPaper(app: FastifyInstance, auth: Record<string, string>, opts: { title?: string; abstract?: string; keywords?: string[]; pdf?: Buffer } = {}) {
  const parts: Part[] = [['title', opts.title ?? 'A study of things'], ['abstract', opts.abstract ?? 'We study things.']];
  for (const k of opts.keywords ?? ['AI']) parts.push(['keywords', k]);
  parts.push(['file', opts.pdf ?? pdfBytes(), 'paper.pdf']);
  const res = await injectMultipart(app, 'POST', '/api/author/new-paper', parts, auth);
  if (res.statusCode !== 201) throw new Error(`submit failed: ${res.statusCode} ${res.body}`);
  return res.json().paper as import('../../src/core/schemas/paper').PaperJson;
}
