import { createHmac, timingSafeEqual } from 'node:crypto';

const TTL_SECONDS = 3600;

function sign(secret: string, fileId: string, expires: number): string {
  return createHmac('sha256', secret).update(`pdf:${fileId}:${expires}`).digest('base64url');
}

/**
 * A link to one PDF file that a plain GET (no header, so it opens in a new tab) answers until it
 * expires. Expiry is rounded up to the next quarter hour so the same link is handed out for a while.
 */
export function signedPdfUrl(secret: string, fileId: string, now = Date.now()): string {
  const expires = Math.ceil((now / 1000 + TTL_SECONDS) / 900) * 900;
  return `/api/files/${fileId}?expires=${expires}&sig=${sign(secret, fileId, expires)}`;
}

export function verifyPdfSignature(secret: string, fileId: string, expires: string, sig: string, now = Date.now()): 'ok' | 'expired' | 'bad' {
  const exp = Number(expires);
  if (!Number.isInteger(exp) || typeof sig !== 'string') return 'bad';
  const expected = Buffer.from(sign(secret, fileId, exp));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'bad';
  return exp * 1000 < now ? 'expired' : 'ok';
}
