import { randomUUID } from 'node:crypto';

import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ErrorCode } from '@parish/shared';

import { ACCESS_TOKEN_SECONDS, signAccessToken } from '../../../src/lib/tokens.ts';
import { TEST_JWT_SECRET, createTestApp, expectError, loginAs, type RoleSession, type TestApp } from '../../helpers.ts';

const KEY = new TextEncoder().encode(TEST_JWT_SECRET);
const OTHER_KEY = new TextEncoder().encode('another-secret-that-is-also-long-enough-000');

const b64url = (value: object | string) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

function parts(token: string): [string, string, string] {
  const [header = '', payload = '', signature = ''] = token.split('.');
  return [header, payload, signature];
}

function payloadOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(parts(token)[1], 'base64url').toString()) as Record<string, unknown>;
}

/** Signs a token with the given claims and options, defaulting to a valid admin token's claims. */
async function sign(
  claims: Record<string, unknown>,
  options: {
    key?: Uint8Array;
    alg?: string;
    iat: number;
    exp?: number | null;
    /** null: no issuer claim at all. */
    iss?: string | null;
    /** null: no audience claim at all. */
    aud?: string | null;
    sub: string;
  },
): Promise<string> {
  let jwt = new SignJWT(claims)
    .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT' })
    .setSubject(options.sub)
    .setIssuedAt(options.iat);
  if (options.iss !== null) jwt = jwt.setIssuer(options.iss ?? 'parish-dues');
  if (options.aud !== null) jwt = jwt.setAudience(options.aud ?? 'parish-dues');
  if (options.exp !== null) jwt = jwt.setExpirationTime(options.exp ?? options.iat + ACCESS_TOKEN_SECONDS);
  return jwt.sign(options.key ?? KEY);
}

let t: TestApp;
let admin: RoleSession;
let cashier: RoleSession;
let member: RoleSession;
let iat: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  cashier = await loginAs(t.app, 'cashier');
  member = await loginAs(t.app, 'member');
  iat = Math.floor(t.clock.now().getTime() / 1000);
});
afterAll(async () => {
  await t.close();
});

async function call(url: string, authorization: string) {
  return t.app.inject({ method: 'GET', url, headers: { authorization } });
}

/** Asserts 401 (never a 500, never data) on a signed-in route and on an admin-only route. */
async function expectRejected(authorization: string): Promise<void> {
  for (const url of ['/api/auth/verify', '/api/admin/users']) {
    const response = await call(url, authorization);
    expectError(response, 401, ErrorCode.UNAUTHORIZED, 'Authentication required');
  }
}

describe('JWT forgery matrix (TK-01): every forged token is a 401, never a 500', () => {
  it('control: the genuine tokens work', async () => {
    expect((await call('/api/admin/users', admin.headers.authorization)).statusCode).toBe(200);
    expect((await call('/api/auth/verify', cashier.headers.authorization)).statusCode).toBe(200);
    expect((await call('/api/auth/verify', member.headers.authorization)).statusCode).toBe(200);
    // A token the test signs itself with the server key is accepted, so the cases below differ only in the forgery.
    const own = await sign({ role: 'admin', tv: 0, typ: 'access' }, { iat, sub: admin.user.id });
    expect((await call('/api/admin/users', `Bearer ${own}`)).statusCode).toBe(200);
  });

  it('alg "none" without a signature', async () => {
    const payload = payloadOf(admin.token);
    for (const alg of ['none', 'None', 'NONE']) {
      const token = `${b64url({ alg, typ: 'JWT' })}.${b64url(payload)}.`;
      await expectRejected(`Bearer ${token}`);
      await expectRejected(`Bearer ${token.slice(0, -1)}`);
    }
  });

  it('signed with another key', async () => {
    const token = await sign({ role: 'admin', tv: 0, typ: 'access' }, { key: OTHER_KEY, iat, sub: admin.user.id });
    await expectRejected(`Bearer ${token}`);
  });

  it('signed with the right key but another algorithm (HS512, HS384)', async () => {
    for (const alg of ['HS384', 'HS512']) {
      const token = await sign({ role: 'admin', tv: 0, typ: 'access' }, { alg, iat, sub: admin.user.id });
      await expectRejected(`Bearer ${token}`);
    }
  });

  it('payload edited with the original signature kept (role raised, subject swapped)', async () => {
    const [header, payload, signature] = parts(cashier.token);
    const claims = payloadOf(cashier.token);
    expect(payload).toBe(b64url(claims));
    const raised = `${header}.${b64url({ ...claims, role: 'admin' })}.${signature}`;
    const swapped = `${header}.${b64url({ ...claims, sub: admin.user.id, role: 'admin' })}.${signature}`;
    await expectRejected(`Bearer ${raised}`);
    await expectRejected(`Bearer ${swapped}`);
    const memberAsAdmin = `${parts(member.token)[0]}.${b64url({ ...payloadOf(member.token), role: 'admin' })}.${parts(member.token)[2]}`;
    await expectRejected(`Bearer ${memberAsAdmin}`);
  });

  it('signature stripped, truncated or flipped', async () => {
    const [header, payload, signature] = parts(admin.token);
    await expectRejected(`Bearer ${header}.${payload}.`);
    await expectRejected(`Bearer ${header}.${payload}`);
    await expectRejected(`Bearer ${header}.${payload}.${signature.slice(0, -4)}`);
    const flipped = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    await expectRejected(`Bearer ${header}.${payload}.${flipped}`);
  });

  it('expired: accepted just before 15 minutes, refused after (the app clock moves)', async () => {
    const session = await loginAs(t.app, 'cashier');
    t.clock.advance((ACCESS_TOKEN_SECONDS - 5) * 1000);
    expect((await call('/api/auth/verify', session.headers.authorization)).statusCode).toBe(200);
    t.clock.advance(10_000);
    await expectRejected(session.headers.authorization);
    t.clock.advance(-(ACCESS_TOKEN_SECONDS + 5) * 1000);
  });

  it('with the right key: missing exp, future nbf, wrong or missing issuer or audience, wrong typ, missing tv', async () => {
    const sub = admin.user.id;
    const tokens = [
      await sign({ role: 'admin', tv: 0, typ: 'access' }, { iat, sub, exp: null }),
      await sign({ role: 'admin', tv: 0, typ: 'access', nbf: iat + 3600 }, { iat, sub }),
      await sign({ role: 'admin', tv: 0, typ: 'access' }, { iat, sub, iss: 'someone-else' }),
      await sign({ role: 'admin', tv: 0, typ: 'access' }, { iat, sub, aud: 'someone-else' }),
      await sign({ role: 'admin', tv: 0, typ: 'access' }, { iat, sub, iss: null }),
      await sign({ role: 'admin', tv: 0, typ: 'access' }, { iat, sub, aud: null }),
      await sign({ role: 'admin', tv: 0, typ: 'refresh' }, { iat, sub }),
      await sign({ role: 'admin', tv: 0 }, { iat, sub }),
      await sign({ role: 'admin', typ: 'access' }, { iat, sub }),
      await sign({ role: 'superuser', tv: 0, typ: 'access' }, { iat, sub }),
    ];
    for (const token of tokens) await expectRejected(`Bearer ${token}`);
  });

  it('with the right key: a stale token version, an unknown subject, a role the account does not have', async () => {
    const tokens = [
      await sign({ role: 'admin', tv: 1, typ: 'access' }, { iat, sub: admin.user.id }),
      await sign({ role: 'admin', tv: 0, typ: 'access' }, { iat, sub: randomUUID() }),
      await sign({ role: 'admin', tv: 0, typ: 'access' }, { iat, sub: 'not-a-uuid' }),
      await sign({ role: 'admin', tv: 0, typ: 'access' }, { iat, sub: cashier.user.id }),
      await sign({ role: 'customer', tv: 0, typ: 'access' }, { iat, sub: admin.user.id }),
      await sign({ role: 'admin', tv: 0, typ: 'access' }, { iat, sub: member.user.id }),
    ];
    for (const token of tokens) await expectRejected(`Bearer ${token}`);
  });

  it('the refresh token presented as an access token', async () => {
    await expectRejected(`Bearer ${admin.refreshToken}`);
  });

  it('garbage and malformed headers', async () => {
    for (const authorization of [
      'Bearer garbage',
      'Bearer a.b.c',
      'Bearer ...',
      'Bearer eyJ.eyJ.eyJ',
      `Bearer ${b64url('{not json')}.${b64url('{}')}.sig`,
      'Bearer ',
      'Bearer',
      `Basic ${Buffer.from('admin:password').toString('base64')}`,
      `bearer ${admin.token}x`,
      `Bearer ${admin.token} ${admin.token}`,
      `Bearer ${admin.token}\u00e9`,
      'Bearer %00%00',
    ]) {
      await expectRejected(authorization);
    }
  });

  it('a 50 KB token', async () => {
    const [header, , signature] = parts(admin.token);
    const huge = `${header}.${b64url({ ...payloadOf(admin.token), pad: 'x'.repeat(50_000) })}.${signature}`;
    expect(huge.length).toBeGreaterThan(50_000);
    await expectRejected(`Bearer ${huge}`);
    await expectRejected(`Bearer ${'a'.repeat(50 * 1024)}`);
  });

  it('tokens the server signs for the same subject with signAccessToken still verify (sanity of the helper)', async () => {
    const token = signAccessToken(KEY, { sub: admin.user.id, role: 'admin', tv: 0 }, t.clock.now());
    expect((await call('/api/admin/users', `Bearer ${token}`)).statusCode).toBe(200);
  });
});
