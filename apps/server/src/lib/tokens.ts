import { createHash, randomBytes } from 'node:crypto';

import { ROLES, type Role } from '@parish/shared';
import { createSigner, createVerifier } from 'fast-jwt';

const ISSUER = 'parish-dues';
const AUDIENCE = 'parish-dues';
/** Access tokens live 15 minutes; the refresh cookie renews them. */
export const ACCESS_TOKEN_SECONDS = 15 * 60;

/** Whether a claim names a role of the product (`ROLES`, the ward leader included: decision 0129). */
function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** The claims of an access token. */
export interface AccessClaims {
  /** Staff user id or member id. */
  sub: string;
  role: Role;
  /** The subject's token version at issue; a raised version revokes the token. */
  tv: number;
  /**
   * The session: the refresh-token family the sign-in started. Signing out revokes the family,
   * and with it every access token of the session (`docs/domain.md`, "TK-03").
   */
  sid?: string;
}

/**
 * Signs an access token (HS256, JWT, RFC 7519) for a subject: `iat` is `now`, `exp` 15 minutes
 * later, issuer and audience `parish-dues`, `typ: 'access'`. Synchronous (fast-jwt with
 * node:crypto's HMAC).
 * @returns the compact JWT.
 */
export function signAccessToken(secret: Uint8Array, claims: AccessClaims, now: Date): string {
  const sign = createSigner({
    key: Buffer.from(secret),
    algorithm: 'HS256',
    clockTimestamp: now.getTime(),
    expiresIn: ACCESS_TOKEN_SECONDS * 1000,
    sub: claims.sub,
    iss: ISSUER,
    aud: AUDIENCE,
  });
  return sign({ role: claims.role, tv: claims.tv, typ: 'access', ...(claims.sid && { sid: claims.sid }) });
}

/**
 * Verifies an access token: HS256 only, our issuer and audience (both required), `exp` present and
 * after `now`,
 * `nbf` (when present) not after `now`, typ `access`, a known role and a numeric token version.
 * `now` is the app's clock (tests move it), so the verifier is made for each call (about 30 µs of
 * CPU; fast-jwt fixes its clock when a verifier is made). Synchronous on purpose: WebCrypto's
 * asynchronous HMAC (jose) cost about 0.15 ms of CPU on every signed-in request (measured).
 * @returns the claims, or null for any token that does not verify.
 */
export function verifyAccessToken(secret: Uint8Array, token: string, now: Date): AccessClaims | null {
  if (token.length > 4096) return null;
  try {
    const verify = createVerifier({
      key: Buffer.from(secret),
      algorithms: ['HS256'],
      allowedIss: ISSUER,
      allowedAud: AUDIENCE,
      // fast-jwt checks iss and aud only when present: required here, as jose did.
      requiredClaims: ['exp', 'sub', 'iss', 'aud'],
      clockTimestamp: now.getTime(),
    });
    const payload = verify(token) as Record<string, unknown>;
    const role = payload.role;
    if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.tv !== 'number') {
      return null;
    }
    if (!isRole(role)) return null;
    const sid = typeof payload.sid === 'string' ? payload.sid : undefined;
    return { sub: payload.sub, role, tv: payload.tv, ...(sid && { sid }) };
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
