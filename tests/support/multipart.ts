import type { FastifyInstance } from 'fastify';
import type { PaperJson, PaperSavedResponse } from '../../src/core/schemas/paper';

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

export async function injectMultipart(
  app: FastifyInstance,
  method: 'POST' | 'PATCH',
  url: string,
  parts: Part[],
  headers: Record<string, string> = {},
) {
  const { payload, contentType } = await multipart(parts);
  return app.inject({ method, url, payload, headers: { ...headers, 'content-type': contentType } });
}

/** A small valid-looking PDF with some distinguishing bytes. */
export function pdfBytes(label = 'x', size = 2048): Buffer {
  const head = Buffer.from(`%PDF-1.7\n% ${label}\n`);
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x20), Buffer.from('\n%%EOF\n')]);
}

/** What a test gives of a new paper; the rest is filled in (one topic, AI; a small PDF named paper.pdf). */
export interface NewPaper {
  title?: string;
  abstract?: string;
  track?: string;
  keywords?: string[];
  freeKeywords?: string[];
  /** Sent as the form's JSON list when given. */
  coAuthors?: unknown[];
  pdf?: Buffer;
  filename?: string;
}

/** The new-paper form as the author's browser sends it, in its order. */
function newPaperParts(paper: NewPaper): Part[] {
  const parts: Part[] = [
    ['title', paper.title ?? 'A study of things'],
    ['abstract', paper.abstract ?? 'We study things.'],
  ];
  if (paper.track) parts.push(['track', paper.track]);
  for (const k of paper.keywords ?? ['AI']) parts.push(['keywords', k]);
  for (const k of paper.freeKeywords ?? []) parts.push(['freeKeywords', k]);
  if (paper.coAuthors) parts.push(['coAuthors', JSON.stringify(paper.coAuthors)]);
  parts.push(['file', paper.pdf ?? pdfBytes(), paper.filename ?? 'paper.pdf']);
  return parts;
}

/** POST /api/author/new-paper through the real multipart upload, whatever it answers (for a test of a refusal). */
export function postPaper(app: FastifyInstance, auth: Record<string, string>, paper: NewPaper = {}) {
  return injectMultipart(app, 'POST', '/api/author/new-paper', newPaperParts(paper), auth);
}

/** Submit a paper (anything but 201 fails the test) and read the whole answer: its message and any metadata warning. */
export async function submitPaperAnswer(
  app: FastifyInstance,
  auth: Record<string, string>,
  paper: NewPaper = {},
): Promise<PaperSavedResponse> {
  const res = await postPaper(app, auth, paper);
  // Thrown, not expected: benchmarks import this file outside vitest.
  if (res.statusCode !== 201) throw new Error(`submit failed: ${res.statusCode} ${res.body}`);
  return res.json() as PaperSavedResponse;
}

/** Submit a paper (anything but 201 fails the test): `submitPaper(t.app, author.auth, { title, track, keywords })`. */
export async function submitPaper(app: FastifyInstance, auth: Record<string, string>, paper: NewPaper = {}): Promise<PaperJson> {
  return (await submitPaperAnswer(app, auth, paper)).paper;
}
