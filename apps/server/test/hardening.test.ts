import { request as httpRequest } from 'node:http';
import { Writable } from 'node:stream';

import { ErrorCode, MSG } from '@parish/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { connectionStringOf, queryRows } from '../src/db/client.ts';
import { newTxnId } from '../src/modules/gateways/orders.service.ts';
import {
  bearer,
  createMember,
  createTestApp,
  expectError,
  loginAs,
  loginMember,
  loginStaff,
  refreshCookieOf,
  TEST_ADMIN_PASSWORD,
  TEST_ADMIN_USERNAME,
  type TestApp,
} from './helpers.ts';
import { TEST_DATABASE_URL } from './test-database.ts';

/*
 * Hardening from the outside (issue "Hardening from the outside"): text the database cannot hold,
 * database faults, logs without the query's values, sessions that end on logout, the error shape
 * of answers Fastify or Node give before any route, the `__Secure-` cookie, unguessable txnIds.
 * `docs/domain.md`, §11 "ER-03", "ER-04", "ER-05", "TK-03", "PG-14".
 */

/** Every line the app logged, as text. */
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString('utf8'));
    done();
  },
});

const SECRET_VALUE = 'Mariamma Secret-Kurian 919876543210';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    logger: { level: 'error', stream: logStream },
    extraRoutes: async (app) => {
      app.get('/api/test/bad-cast', { config: { roles: 'public' } }, async () => {
        // PostgreSQL's message repeats the value: "invalid input syntax for type integer: «value»".
        await app.db.execute(sql`select ${SECRET_VALUE}::int as n`);
        return { ok: true };
      });
      // A driver error with this SQLSTATE, wrapped as Drizzle wraps it (DrizzleQueryError's cause).
      app.get<{ Params: { sqlstate: string } }>(
        '/api/test/sqlstate/:sqlstate',
        { config: { roles: 'public' } },
        async (request) => {
          const driverError = Object.assign(new Error('the database said no'), {
            code: request.params.sqlstate,
            severity: 'FATAL',
          });
          throw new Error('Failed query: select 1', { cause: driverError });
        },
      );
    },
  });
});
afterAll(async () => {
  await t.close();
});

const NUL = 'AB\u0000';
const LONE_HIGH = 'AB\uD800';
const LONE_LOW = '\uDC00AB';

describe('ER-03 text the database cannot hold answers 400 naming the field', () => {
  it.each([
    ['NUL', NUL],
    ['a lone high surrogate', LONE_HIGH],
    ['a lone low surrogate', LONE_LOW],
  ])('%s in the sign-in forms, verify-payment and the Razorpay callback, signed out', async (_name, text) => {
    const cases = [
      { url: '/api/auth/customer/login', payload: { identifier: text, password: 'x' }, field: 'identifier' },
      { url: '/api/auth/customer/login', payload: { identifier: '9876543210', password: text }, field: 'password' },
      { url: '/api/auth/admin/login', payload: { username: text, password: 'x' }, field: 'username' },
      { url: '/api/worldline/verify-payment', payload: { txnId: text }, field: 'txnId' },
      {
        url: '/api/razorpay/callback',
        payload: { razorpay_order_id: text, razorpay_payment_id: 'pay_1', razorpay_signature: 'x' },
        field: 'razorpay_order_id',
      },
    ];
    for (const { url, payload, field } of cases) {
      const response = await t.app.inject({ method: 'POST', url, payload });
      const body = expectError(response, 400, ErrorCode.VALIDATION_FAILED, MSG.unstorableText);
      expect(body.details, url).toEqual([{ field, message: MSG.unstorableText }]);
    }
  });

  it('in a query string, a path parameter and a nested body field of a signed-in route', async () => {
    const admin = await loginAs(t.app, 'admin');
    const search = await t.app.inject({
      method: 'GET',
      url: `/api/members?search=${encodeURIComponent(NUL)}`,
      headers: admin.headers,
    });
    expect(expectError(search, 400, ErrorCode.VALIDATION_FAILED, MSG.unstorableText).details).toEqual([
      { field: 'search', message: MSG.unstorableText },
    ]);
    const param = await t.app.inject({
      method: 'GET',
      url: `/api/members/${encodeURIComponent(NUL)}`,
      headers: admin.headers,
    });
    expectError(param, 400, ErrorCode.VALIDATION_FAILED, MSG.unstorableText);
    const member = await t.app.inject({
      method: 'POST',
      url: '/api/members',
      headers: admin.headers,
      payload: { name: `Thomas${NUL}`, mobile: '919812345678', parishNumber: 'NUL1' },
    });
    expect(expectError(member, 400, ErrorCode.VALIDATION_FAILED, MSG.unstorableText).details).toEqual([
      { field: 'name', message: MSG.unstorableText },
    ]);
    const rows = await queryRows<{ count: number }>(
      t.db,
      sql`select count(*)::int as count from members where parish_number = 'NUL1'`,
    );
    expect(rows[0]?.count).toBe(0);
  });

  it('a surrogate pair (an emoji) is text like any other', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/login',
      payload: { identifier: 'AB😀', password: 'x' },
    });
    expectError(response, 401, ErrorCode.INVALID_CREDENTIALS);
  });
});

describe('ER-04 database faults', () => {
  it('a query error answers 500 without detail, and the log holds no parameter or value', async () => {
    logLines.length = 0;
    const response = await t.app.inject({ method: 'GET', url: '/api/test/bad-cast' });
    const body = expectError(response, 500, ErrorCode.INTERNAL);
    expect(response.body).not.toContain('Mariamma');
    expect(body.error).toMatch(/^An error occurred \(request [0-9a-f-]+\)$/);
    const log = logLines.join('\n');
    expect(log).toContain('request failed');
    expect(log).toContain('22P02'); // the SQLSTATE is kept: invalid_text_representation
    expect(log).not.toContain('Mariamma');
    expect(log).not.toContain('9876543210');
  });

  it('a database that does not answer is 503 UNAVAILABLE with Retry-After, not 500', async () => {
    const down = await createTestApp();
    try {
      const admin = await loginAs(down.app, 'admin');
      // The outage: PGlite closed, or the PostgreSQL pool ended (every later query fails to connect).
      if (down.database.pglite) await down.database.pglite.close();
      else await down.database.pool?.end();
      const response = await down.app.inject({ method: 'GET', url: '/api/members', headers: admin.headers });
      expectError(response, 503, ErrorCode.UNAVAILABLE);
      expect(response.headers['retry-after']).toBe('5');
      const signIn = await down.app.inject({
        method: 'POST',
        url: '/api/auth/admin/login',
        payload: { username: 'admin', password: 'whatever-it-is' },
      });
      expectError(signIn, 503, ErrorCode.UNAVAILABLE);
    } finally {
      await down.close().catch(() => undefined);
    }
  });
});

describe('ER-04 PostgreSQL saying "not now" (issue 27 item 21)', () => {
  it.each([
    ['55000', 'database not accepting connections (ALLOW_CONNECTIONS false)'],
    ['55006', 'object in use'],
    ['55P03', 'lock not available'],
    ['57P01', 'admin shutdown'],
    ['57P02', 'crash shutdown'],
    ['57P03', 'cannot connect now (starting up)'],
    ['57P05', 'idle session timeout'],
    ['57014', 'statement timeout'],
    ['53300', 'too many connections'],
    ['53100', 'disk full'],
    ['08006', 'connection failure'],
    ['08001', 'cannot establish a connection'],
    ['40001', 'serialization failure'],
    ['40P01', 'deadlock'],
  ])('SQLSTATE %s (%s) is 503 UNAVAILABLE with Retry-After', async (sqlstate) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/test/sqlstate/${sqlstate}` });
    const body = expectError(response, 503, ErrorCode.UNAVAILABLE);
    expect(body.error).toMatch(/^An error occurred \(request [0-9a-f-]+\)$/);
    expect(response.headers['retry-after']).toBe('5');
  });

  it.each(['22P02', '23505', '42P01', '3D000', '28P01'])(
    'SQLSTATE %s, a fault that waiting does not mend, stays 500',
    async (sqlstate) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/test/sqlstate/${sqlstate}` });
      expectError(response, 500, ErrorCode.INTERNAL);
      expect(response.headers['retry-after']).toBeUndefined();
    },
  );

  it('a real PostgreSQL database that stops accepting connections answers 503, not 500', async (context) => {
    if (!TEST_DATABASE_URL) return context.skip('PostgreSQL only: run with TEST_DATABASE_URL');
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const app = await createTestApp({ logger: { level: 'error', stream } });
    const name = new URL(connectionStringOf(app.database) ?? '').pathname.slice(1);
    const server = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await server.connect();
    try {
      const admin = await loginAs(app.app, 'admin');
      await server.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
      await server.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
      // The pool's connections are gone; every new one is refused with FATAL 55000.
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const response = await app.app.inject({ method: 'GET', url: '/api/members', headers: admin.headers });
        expectError(response, 503, ErrorCode.UNAVAILABLE);
        expect(response.headers['retry-after']).toBe('5');
      }
      expect(lines.join('\n')).toContain('55000');
      const health = await app.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.headers['retry-after']).toBe('5');
    } finally {
      await server.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS true`).catch(() => undefined);
      await server.end();
      await app.close().catch(() => undefined);
    }
  });
});

describe('TK-03 logout ends the session’s access token too', () => {
  it('the access token of the session signed out is refused; another session goes on', async () => {
    const member = await createMember(t.app);
    const first = await loginMember(t.app, member.mobile, member.password);
    const second = await loginMember(t.app, member.mobile, member.password);
    const verify = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(token) });
    expect((await verify(first.token)).statusCode).toBe(200);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'x-requested-with': 'fetch' },
      cookies: { parish_refresh: first.refreshToken },
    });
    expect(logout.statusCode).toBe(200);
    expectError(await verify(first.token), 401, ErrorCode.UNAUTHORIZED);
    expect((await verify(second.token)).statusCode).toBe(200);
  });

  it('a refreshed token belongs to the same session and ends with it', async () => {
    const staff = await loginStaff(t.app, TEST_ADMIN_USERNAME, TEST_ADMIN_PASSWORD);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { 'x-requested-with': 'fetch' },
      cookies: { parish_refresh: staff.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    const token = refreshed.json<{ token: string }>().token;
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'x-requested-with': 'fetch' },
      cookies: { parish_refresh: refreshCookieOf(refreshed) ?? '' },
    });
    for (const old of [staff.token, token]) {
      expectError(
        await t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(old) }),
        401,
        'UNAUTHORIZED',
      );
    }
  });

  it('a password change ends every other session (access and refresh) and keeps the one that changed it', async () => {
    const member = await createMember(t.app, { password: 'first-chosen-1' });
    const here = await loginMember(t.app, member.mobile, member.password);
    const elsewhere = await loginMember(t.app, member.mobile, member.password);
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: here.headers,
      payload: { currentPassword: 'first-chosen-1', newPassword: 'second-chosen-2' },
    });
    expect(change.statusCode, change.body).toBe(200);
    const verify = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(token) });
    expectError(await verify(elsewhere.token), 401, ErrorCode.UNAUTHORIZED);
    expect((await verify(change.json<{ token: string }>().token)).statusCode).toBe(200);
    const refreshElsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { 'x-requested-with': 'fetch' },
      cookies: { parish_refresh: elsewhere.refreshToken },
    });
    expectError(refreshElsewhere, 401, ErrorCode.SESSION_EXPIRED);
  });

  it('the check costs no statement: verify makes exactly one (the account lookup)', async () => {
    const admin = await loginAs(t.app, 'admin');
    const driver = t.database.pglite ?? t.database.pool;
    if (!driver) throw new Error('no driver');
    // On PostgreSQL, let what the sign-in left running (its pooled clients) finish first, so the
    // count below is the verify's own and not a late write of the sign-in on a loaded machine.
    const pool = t.database.pool;
    if (pool) await vi.waitFor(() => expect(pool.idleCount).toBe(pool.totalCount), { timeout: 10_000 });
    const spy = vi.spyOn(driver, 'query');
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: admin.headers });
      expect(response.statusCode).toBe(200);
      expect(spy.mock.calls.length).toBe(1);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('ER-05 the error shape of answers given before any route', () => {
  it('a 50 KB header answers 431 in the contract’s shape', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, path: '/api/health', headers: { 'x-padding': 'p'.repeat(50_000) } },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toEqual({ success: false, error: MSG.tooLarge, code: ErrorCode.PAYLOAD_TOO_LARGE });
  });
});

describe('the refresh cookie on https', () => {
  it('is __Secure- prefixed, Secure, scoped to /api/auth, and refreshes and logs out under that name', async () => {
    const https = await createTestApp({ env: { PUBLIC_URL: 'https://dues.parish.example' } });
    try {
      const login = await https.app.inject({
        method: 'POST',
        url: '/api/auth/admin/login',
        payload: { username: TEST_ADMIN_USERNAME, password: TEST_ADMIN_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      const cookie = login.cookies.find((c) => c.name === '__Secure-parish_refresh');
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, path: '/api/auth', sameSite: 'Strict' });
      expect(login.cookies.some((c) => c.name === 'parish_refresh')).toBe(false);
      const refreshed = await https.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        headers: { 'x-requested-with': 'fetch', origin: 'https://dues.parish.example' },
        cookies: { '__Secure-parish_refresh': cookie?.value ?? '' },
      });
      expect(refreshed.statusCode, refreshed.body).toBe(200);
      expect(refreshed.cookies.find((c) => c.name === '__Secure-parish_refresh')?.value).toBeTruthy();
    } finally {
      await https.close();
    }
  });
});

describe('PG-14 transaction ids carry at least 96 random bits', () => {
  it('two ids of the same second differ in 24 random hex digits, 40 characters at most', () => {
    const now = new Date('2026-11-22T05:30:00.000Z');
    const ids = Array.from({ length: 2000 }, () => newTxnId('WL', now));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(id).toMatch(/^WL20261122053000[0-9A-F]{24}$/);
      expect(id.length).toBeLessThanOrEqual(40);
    }
    // Every random digit varies: the 96 bits are not a counter or a narrow range.
    for (let position = 16; position < 40; position += 1) {
      expect(new Set(ids.map((id) => id[position])).size).toBeGreaterThan(8);
    }
    expect(newTxnId('RP', now)).toMatch(/^RP20261122053000[0-9A-F]{24}$/);
  });
});
