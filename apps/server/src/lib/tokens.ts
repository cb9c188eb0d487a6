import { createHash, randomBytes, webcrypto } from 'node:crypto';

import type { Role } from '@parish/shared';
import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'parish-dues';
const AUDIENCE = 'parish-dues';
/** Access tokens live 15 minutes; the refresh cookie renews them. */
export const ACCESS_TOKEN_SECONDS = 15 * 60;

/** The claims of an access token. */
export interface AccessClaims {
  /** Staff user id or member id. */
  sub: string;
  role: Role;
  /** The subject's token version at issue; a raised version revokes the token. */
  tv: number;
}

/** Signs an access token (HS256, 15 minutes) for a subject. */
export function signAccessToken(secret: Uint8Array, claims: AccessClaims, now: Date): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ role: claims.role, tv: claims.tv, typ: 'access' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_SECONDS)
    .sign(secret);
}

/**
 * The HS256 verification key of a secret, imported once: jose imports a raw secret into
 * WebCrypto on every verification otherwise (about 0.1 ms a request, measured).
 */
export function accessTokenVerifyKey(secret: Uint8Array): Promise<webcrypto.CryptoKey> {
  return webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
}

/**
 * Verifies an access token: HS256 only, our issuer and audience, not expired, typ `access`.
 * `secret` is the raw secret or its key from `accessTokenVerifyKey`.
 * @returns the claims, or null for any token that does not verify.
 */
export async function verifyAccessToken(
  secret: Uint8Array | webcrypto.CryptoKey,
  token: string,
  now: Date,
): Promise<AccessClaims | null> {
  if (token.length > 4096) return null;
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: now,
      requiredClaims: ['exp', 'sub'],
    });
    const role = payload.role;
    if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.tv !== 'number') {
      return null;
    }
    if (role !== 'admin' && role !== 'cashier' && role !== 'customer') return null;
    return { sub: payload.sub, role, tv: payload.tv };
  } catch {
    return null;
  }
}

/** A new opaque refresh token (256 random bits, base64url). */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The SHA-256 hex digest under which a refresh token is stored. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
