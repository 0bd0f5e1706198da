import { createSecretKey, type KeyObject } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { newId } from '../../core/ids';
import type { Role } from '../../core/schemas/common';

export interface TokenClaims {
  sub: string;
  role: Role;
  /** When the token was issued, in ms (a reset refuses tokens issued before it; `iat` is only seconds). */
  issuedAt?: number;
  /** Accounts (ids) of the same e-mail this login proved, which the holder may switch to without a password. */
  links?: string[];
  /**
   * The sign-in session the token belongs to (decision 0071): ended, the token is refused on every instance. signToken
   * names a new one when none is given; services/sessions records it (issueSessionToken) or findCaller on first use.
   */
  sid?: string;
}

const ROLES = new Set(['Author', 'Editor', 'Reviewer']);

export type TokenKey = KeyObject | Uint8Array;

/** How long a login token is accepted (seven days); a session older than this has no live token (decision 0071). */
export const TOKEN_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** The signing key, imported once: with raw bytes jose imports the key again on every call (~50 µs). */
export function tokenKey(secret: string): KeyObject {
  return createSecretKey(Buffer.from(secret, 'utf8'));
}

export async function signToken(claims: TokenClaims, key: TokenKey): Promise<string> {
  return new SignJWT({
    role: claims.role,
    iam: Date.now(),
    sid: claims.sid ?? newId(),
    ...(claims.links?.length ? { links: claims.links } : {}),
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(Math.floor((Date.now() + TOKEN_LIFETIME_MS) / 1000))
    .sign(key);
}

/** Tokens already verified with a key: their claims and when they expire (ms). */
const verified = new WeakMap<object, Map<string, { claims: TokenClaims; expiresAt: number }>>();
/** Tokens remembered per key; when full, the oldest half goes (a Map keeps insertion order). */
const VERIFIED_MAX = 20_000;

/**
 * The claims of a valid token, or null for anything else (bad signature, expired or without `exp` (decision 0005), alg
 * none, wrong shape). A token that verified once is remembered until it expires: verifying is a pure function of
 * the token and the key, and the HMAC through WebCrypto cost 6 % of the server's CPU under mixed load (decision 0055).
 * Revocation does not live here: a password reset is checked against the account on every request (findCaller).
 */
export async function verifyToken(token: string, key: TokenKey): Promise<TokenClaims | null> {
  let known = verified.get(key);
  const hit = known?.get(token);
  if (hit) {
    if (hit.expiresAt > Date.now()) return { ...hit.claims, links: [...(hit.claims.links ?? [])] };
    known!.delete(token);
    return null;
  }
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp'] });
    if (typeof payload.sub !== 'string' || typeof payload.role !== 'string' || !ROLES.has(payload.role)) return null;
    const issuedAt = typeof payload.iam === 'number' ? payload.iam : (payload.iat ?? 0) * 1000;
    const links = Array.isArray(payload.links) ? payload.links.filter((l): l is string => typeof l === 'string') : [];
    const sid = typeof payload.sid === 'string' ? payload.sid : undefined;
    const claims: TokenClaims = { sub: payload.sub, role: payload.role as Role, issuedAt, links, ...(sid ? { sid } : {}) };
    if (!known) verified.set(key, (known = new Map()));
    if (known.size >= VERIFIED_MAX) {
      let drop = known.size / 2;
      for (const t of known.keys()) {
        if (drop-- <= 0) break;
        known.delete(t);
      }
    }
    known.set(token, { claims, expiresAt: (payload.exp as number) * 1000 });
    return { ...claims, links: [...links] };
  } catch {
    return null;
  }
}
