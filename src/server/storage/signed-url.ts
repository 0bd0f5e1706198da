import { createHmac, timingSafeEqual } from 'node:crypto';

const TTL_SECONDS = 3600;

/**
 * `reviewer`: a reviewer's link, answered with what a reviewer may see when it is used: under blind review the
 * copy without the document's metadata (decision 21), else the original.
 */
export const PDF_VARIANTS = ['reviewer'] as const;
export type PdfVariant = (typeof PDF_VARIANTS)[number];

function sign(secret: string, fileId: string, expires: number, variant: PdfVariant | undefined): string {
  // The variant is part of what is signed: a reviewer who drops it from the link does not get the original.
  return createHmac('sha256', secret)
    .update(variant ? `pdf:${fileId}:${expires}:${variant}` : `pdf:${fileId}:${expires}`)
    .digest('base64url');
}

/**
 * A link to one PDF file that a plain GET (no header, so it opens in a new tab) answers until it
 * expires. Expiry is rounded up to the next quarter hour so the same link is handed out for a while.
 */
export function signedPdfUrl(secret: string, fileId: string, opts: { variant?: PdfVariant; now?: number } = {}): string {
  const expires = Math.ceil(((opts.now ?? Date.now()) / 1000 + TTL_SECONDS) / 900) * 900;
  const variant = opts.variant ? `&variant=${opts.variant}` : '';
  return `/api/files/${fileId}?expires=${expires}${variant}&sig=${sign(secret, fileId, expires, opts.variant)}`;
}

/** `variant` as the link carries it (undefined when absent): one that is not a known variant is a bad link. */
export function verifyPdfSignature(
  secret: string,
  link: { fileId: string; expires: string; sig: string; variant?: string },
  now = Date.now(),
): 'ok' | 'expired' | 'bad' {
  const exp = Number(link.expires);
  if (!Number.isInteger(exp) || typeof link.sig !== 'string') return 'bad';
  if (link.variant !== undefined && !(PDF_VARIANTS as readonly string[]).includes(link.variant)) return 'bad';
  const expected = Buffer.from(sign(secret, link.fileId, exp, link.variant as PdfVariant | undefined));
  const given = Buffer.from(link.sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'bad';
  return exp * 1000 < now ? 'expired' : 'ok';
}
