import { createSecretKey, type KeyObject } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Role } from '../../core/schemas/common';

export interface TokenClaims { sub: string; role: Role }

const ROLES = new Set(['Author', 'Editor', 'Reviewer']);

export type TokenKey = KeyObject | Uint8Array;

/** The signing key, imported once: with raw bytes jose imports the key again on every call (~50 µs). */
export function tokenKey(secret: string): KeyObject {
  return createSecretKey(Buffer.from(secret, 'utf8'));
}

export async function signToken(claims: TokenClaims, key: TokenKey): Promise<string> {
  return new SignJWT({ role: claims.role })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime('7d')
    .sign(key);
}

/** The claims of a valid token, or null for anything else (bad signature, expired, alg none, wrong shape). */
export async function verifyToken(token: string, key: TokenKey): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.role !== 'string' || !ROLES.has(payload.role)) return null;
    return { sub: payload.sub, role: payload.role as Role };
  } catch {
    return null;
  }
}
