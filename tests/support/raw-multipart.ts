import { randomBytes } from 'node:crypto';

export interface RawPart {
  name: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}

/**
 * multipart/form-data written byte for byte, as a hostile client would: names and file names go into
 * the headers unescaped (quotes, CR/LF, path separators) and values are not normalised. FormData would
 * percent-encode those and rewrite line breaks, hiding exactly what these tests are about.
 */
export function rawMultipart(
  parts: RawPart[],
  boundary = `----raw${randomBytes(16).toString('hex')}`,
): { payload: Buffer; contentType: string } {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename}"`;
    head += '\r\n';
    if (p.filename !== undefined || p.contentType) head += `Content-Type: ${p.contentType ?? 'application/octet-stream'}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`, 'utf8'), Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value, 'utf8'), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
