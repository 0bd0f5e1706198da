import { createSecretKey, type KeyObject } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Role } from '../../core/schemas/common';

export interface TokenClaims {
  sub: string;
  role: Role;
  /** When the token was issued, in ms (a reset refuses tokens issued before it; `iat` is only seconds). */
  issuedAt?: number;
  /** Accounts (ids) of the same e-mail this login proved, which the holder may switch to without a password. */
  links?: string[];
}

const ROLES = new Set(['Author', 'Editor', 'Reviewer']);

export type TokenKey = KeyObject | Uint8Array;

/** The signing key, imported once: with raw bytes jose imports the key again on every call (~50 µs). */
export function tokenKey(secret: string): KeyObject {
  return createSecretKey(Buffer.from(secret, 'utf8'));
}

export async function signToken(claims: TokenClaims, key: TokenKey): Promise<string> {
  return new SignJWT({ role: claims.role, iam: Date.now(), ...(claims.links?.length ? { links: claims.links } : {}) })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime('7d')
    .sign(key);
}

/** The claims of a valid token, or null for anything else (bad signature, expired or without `exp` (issue 16.9), alg none, wrong shape). */
export async function verifyToken(token: string, key: TokenKey): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp'] });
    if (typeof payload.sub !== 'string' || typeof payload.role !== 'string' || !ROLES.has(payload.role)) return null;
    const issuedAt = typeof payload.iam === 'number' ? payload.iam : (payload.iat ?? 0) * 1000;
    const links = Array.isArray(payload.links) ? payload.links.filter((l): l is string => typeof l === 'string') : [];
    return { sub: payload.sub, role: payload.role as Role, issuedAt, links };
  } catch {
    return null;
  }
}
