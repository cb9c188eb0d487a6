import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { PublicAddress, WorldlineOrder } from '@parish/shared';

import { runInParish, currentParishId } from '../src/db/parish-scope.ts';
import {
  forgetParishHosts,
  listParishHosts,
  normalizeHost,
  PARISH_HOST_USAGE,
  parishOfHost,
  parseParishHostArgs,
  registerParishHost,
} from '../src/modules/parishes/parish-hosts.ts';
import { publicUrlOf, UNKNOWN_HOST_MSG } from '../src/modules/parishes/request-parish.ts';
import { due } from './gateway-fixtures.ts';
import { addParish, createTestApp, expectError, inParish, loginAs, type Session, type TestApp } from './helpers.ts';

/**
 * A parish is found by its host (issue 28 item 3, decision 0125; `docs/parishes.md`, "Found by
 * host"): the onRequest hook enters the parish of the request's host, an unknown host is a 404 on a
 * diocese's server, a one-parish server answers on any address, Caddy's TLS ask answers 200 only
 * for a host it may get a certificate for, and links made in a request carry the request's parish
 * host. On the engine `TEST_DATABASE_URL` picks (PGlite by default).
 */

/** A test route that tells which parish the hook entered and which address links would start with. */
async function whereRoute(app: FastifyInstance): Promise<void> {
  app.get('/api/test/where', { config: { roles: 'public' } }, async (request) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    return { parishId: currentParishId(), publicUrl: await publicUrlOf(request.ctx) };
  });
}

async function where(app: TestApp, host: string, headers: Record<string, string> = {}, remoteAddress?: string) {
  return app.app.inject({
    method: 'GET',
    url: '/api/test/where',
    headers: { host, ...headers },
    ...(remoteAddress && { remoteAddress }),
  });
}

async function ask(app: TestApp, query: string) {
  return app.app.inject({ method: 'GET', url: `/api/tls/ask${query}`, headers: { host: '127.0.0.1:3000' } });
}

describe('normalizeHost', () => {
  it('lower-cases and drops the port and the trailing dot; refuses what is no DNS name', () => {
    expect(normalizeHost('StMarys.Diocese.Example.:443')).toBe('stmarys.diocese.example');
    expect(normalizeHost(' localhost:3000 ')).toBe('localhost');
    expect(normalizeHost('192.168.1.20:3000')).toBe('192.168.1.20');
    for (const bad of [
      '',
      ':80',
      '[::1]:3000',
      '::1',
      'a b',
      'a/b',
      'a..b',
      '-a.example',
      'a.example:99999x',
      'é.example',
    ]) {
      expect(normalizeHost(bad), bad).toBeNull();
    }
    expect(normalizeHost(`${'a'.repeat(63)}.`.repeat(4) + 'example')).toBeNull();
    expect(normalizeHost(undefined)).toBeNull();
  });

  it('reads the arguments of npm run parish:host', () => {
    expect(parseParishHostArgs(['2', 'StB.Diocese.Example'])).toEqual({
      kind: 'register',
      parishId: 2,
      host: 'StB.Diocese.Example',
    });
    expect(parseParishHostArgs(['--list'])).toEqual({ kind: 'list' });
    for (const bad of [[], ['2'], ['x', 'a.example'], ['0', 'a.example'], ['2', 'a.example', 'b']]) {
      expect(() => parseParishHostArgs(bad), bad.join(' ')).toThrow(PARISH_HOST_USAGE);
    }
    expect(() => parseParishHostArgs(['2', 'a.example:443'])).toThrow(/Not a host name/);
    expect(() => parseParishHostArgs(['2', 'http://a.example'])).toThrow(/Not a host name/);
  });
});

describe('one parish, no host registered', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://dues.stmarys.in' }, extraRoutes: whereRoute });
  });
  afterAll(async () => t.close());

  it('serves the home parish on any address, and links keep PUBLIC_URL', async () => {
    for (const host of ['localhost:3000', '192.168.1.20:3000', '[::1]:3000', 'anything.example', 'dues.stmarys.in']) {
      const response = await where(t, host);
      expect(response.statusCode, host).toBe(200);
      expect(response.json(), host).toEqual({ parishId: 1, publicUrl: 'https://dues.stmarys.in' });
    }
    expect(await parishOfHost(t.db, 'localhost')).toBe(1);
  });

  it("lets Caddy get a certificate for PUBLIC_URL's host only", async () => {
    const allowed = await ask(t, '?domain=Dues.StMarys.in');
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json()).toEqual({ host: 'dues.stmarys.in' });
    expectError(await ask(t, '?domain=other.example'), 404, 'NOT_FOUND');
    expectError(await ask(t, '?domain=localhost'), 404, 'NOT_FOUND');
  });

  it('once a host is registered, answers on registered hosts only (health still anywhere)', async () => {
    await registerParishHost(t.db, 1, 'dues.stmarys.in');
    expect((await where(t, 'dues.stmarys.in')).json()).toEqual({ parishId: 1, publicUrl: 'https://dues.stmarys.in' });
    expectError(await where(t, 'localhost:3000'), 404, 'NOT_FOUND', UNKNOWN_HOST_MSG);
    const health = await t.app.inject({ method: 'GET', url: '/api/health', headers: { host: 'localhost:3000' } });
    expect(health.statusCode).toBe(200);
  });
});

describe('a diocese: two parishes, each with its hosts', () => {
  let t: TestApp;
  let admin: Session;
  let member: Session & { account: { id: string } };
  let misc: string;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        TRUST_PROXY: '127.0.0.1',
        WORLDLINE_MERCHANT_ID: 'L1000',
        WORLDLINE_SALT: 'live-salt',
        WORLDLINE_SCHEME_CODE: 'SCH1',
        GATEWAY_RECHECK_SECONDS: '0',
      },
      extraRoutes: whereRoute,
    });
    await registerParishHost(t.db, 1, 'a.diocese.example');
    await addParish(t, 'St. B', ['b.diocese.example', 'StB.org']);
    // Parish B's own admin and member, signed in at its host; the member owes a due of parish B.
    await inParish(2, 'b.diocese.example', async () => {
      admin = await loginAs(t.app, 'admin');
      member = await loginAs(t.app, 'customer');
      misc = await due(t.app, member.account.id, 'miscellaneous', 25_000);
    });
  });
  afterAll(async () => t.close());

  it('enters the parish of each host, requests of both parishes at once', async () => {
    const hosts = ['a.diocese.example', 'b.diocese.example', 'STB.ORG.:443', 'a.diocese.example:3000', 'stb.org'];
    const answers = await Promise.all(hosts.map((host) => where(t, host)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((answer) => answer.json<{ parishId: number }>().parishId)).toEqual([1, 2, 2, 1, 2]);
    expect(await parishOfHost(t.db, 'B.diocese.example')).toBe(2);
    expect(await parishOfHost(t.db, 'c.diocese.example')).toBeNull();
  });

  it('answers an unknown host 404 in the error shape, the web app included; health and the TLS ask answer', async () => {
    for (const host of ['c.diocese.example', 'localhost:3000', '192.168.1.20', '[::1]:3000']) {
      expectError(await where(t, host), 404, 'NOT_FOUND', UNKNOWN_HOST_MSG);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/admin/login',
        headers: { host },
        payload: { username: 'admin', password: 'x' },
      });
      expectError(login, 404, 'NOT_FOUND');
    }
    expectError(
      await t.app.inject({ method: 'GET', url: '/', headers: { host: 'c.diocese.example' } }),
      404,
      'NOT_FOUND',
    );
    const health = await t.app.inject({ method: 'GET', url: '/api/health', headers: { host: 'c.diocese.example' } });
    expect(health.statusCode).toBe(200);
  });

  it('takes X-Forwarded-Host from the trusted proxy only', async () => {
    const proxied = await where(t, 'c.diocese.example', { 'x-forwarded-host': 'b.diocese.example' }, '127.0.0.1');
    expect(proxied.json<{ parishId: number }>().parishId).toBe(2);
    const forged = await where(t, 'a.diocese.example', { 'x-forwarded-host': 'b.diocese.example' }, '198.51.100.7');
    expect(forged.json<{ parishId: number }>().parishId).toBe(1);
  });

  it('answers Caddy: 200 for a registered host, 404 for any other, 400 without one or over-long, never 5xx', async () => {
    for (const domain of ['a.diocese.example', 'B.Diocese.Example', 'stb.org.']) {
      const response = await ask(t, `?domain=${encodeURIComponent(domain)}`);
      expect(response.statusCode, domain).toBe(200);
    }
    expect((await ask(t, '?domain=B.Diocese.Example')).json()).toEqual({ host: 'b.diocese.example' });
    const refused = [
      'c.diocese.example',
      'localhost',
      '127.0.0.1',
      '../etc/passwd',
      'a b',
      '<script>',
      '%00',
      'é.example',
      '[::1]',
    ];
    for (const domain of refused) expectError(await ask(t, `?domain=${encodeURIComponent(domain)}`), 404, 'NOT_FOUND');
    for (const query of [
      '',
      '?domain=',
      `?domain=${'a'.repeat(300)}`,
      '?domain=a.example&domain=b.example',
      '?other=1',
    ]) {
      const response = await ask(t, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ code: string }>().code).toBe('VALIDATION_FAILED');
    }
    // Asked by Caddy at an address no parish has: the ask answers whatever the request's host.
    const direct = await t.app.inject({
      method: 'GET',
      url: '/api/tls/ask?domain=stb.org',
      headers: { host: 'x.example' },
    });
    expect(direct.statusCode).toBe(200);
  });

  it("makes links with the request's parish host: pay links, the public address, a live gateway's return URL", async () => {
    expect((await where(t, 'b.diocese.example')).json()).toEqual({
      parishId: 2,
      publicUrl: 'https://b.diocese.example',
    });
    expect((await where(t, 'stb.org')).json()).toEqual({ parishId: 2, publicUrl: 'https://stb.org' });
    expect((await where(t, 'a.diocese.example')).json()).toEqual({
      parishId: 1,
      publicUrl: 'https://a.diocese.example',
    });

    const address = await t.app.inject({
      method: 'GET',
      url: '/api/admin/public-address',
      headers: { ...admin.headers, host: 'b.diocese.example' },
    });
    expect(address.json<PublicAddress>()).toEqual({ publicUrl: 'https://b.diocese.example', problem: null });

    const link = await t.app.inject({
      method: 'GET',
      url: `/api/members/${member.account.id}/whatsapp-link`,
      headers: { ...admin.headers, host: 'stb.org' },
    });
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json<{ payLink: string }>().payLink).toMatch(/^https:\/\/stb\.org\//);

    // PUBLIC_URL is localhost (a live checkout would be refused, decision 0117); parish B's host is public.
    expect(t.app.config.publicUrl).toBe('http://localhost:3000');
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/worldline/create-customer-order',
      headers: { ...member.headers, host: 'b.diocese.example' },
      payload: { paymentIds: [misc] },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const checkout = opened.json<WorldlineOrder>().worldlineOrder;
    expect(checkout.consumerData.returnUrl).toBe('https://b.diocese.example/api/worldline/callback');
  });

  it("refreshes a session from the parish host's own origin behind Caddy (https from X-Forwarded-Proto)", async () => {
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin/login',
      headers: { host: 'stb.org', 'x-forwarded-proto': 'https' },
      payload: { username: 'admin', password: 'Admin-Test-Password-1' },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const cookie = signedIn.cookies.find((c) => c.name === 'parish_refresh')?.value;
    expect(cookie).toBeDefined();
    const refresh = (origin: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        headers: { host: 'stb.org', origin, 'x-forwarded-proto': 'https', 'x-requested-with': 'fetch' },
        cookies: { parish_refresh: cookie ?? '' },
      });
    expectError(await refresh('https://b.diocese.example'), 403, 'FORBIDDEN');
    const ok = await refresh('https://stb.org');
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it("outside a request, links name the parish's oldest host, else PUBLIC_URL", async () => {
    const deps = t.app.deps;
    expect(await runInParish(2, () => publicUrlOf(deps))).toBe('https://b.diocese.example');
    expect(await runInParish(1, () => publicUrlOf(deps))).toBe('https://a.diocese.example');
    expect(await runInParish(null, () => publicUrlOf(deps))).toBe('http://localhost:3000');
  });

  it('registers, moves and lists hosts; the change shows at once in this process', async () => {
    expectError(await where(t, 'c.diocese.example'), 404, 'NOT_FOUND');
    expect(await registerParishHost(t.db, 2, 'C.Diocese.Example')).toEqual({
      host: 'c.diocese.example',
      previousParishId: null,
    });
    expect((await where(t, 'c.diocese.example')).json<{ parishId: number }>().parishId).toBe(2);
    expect(await registerParishHost(t.db, 1, 'c.diocese.example')).toEqual({
      host: 'c.diocese.example',
      previousParishId: 2,
    });
    expect((await where(t, 'c.diocese.example')).json<{ parishId: number }>().parishId).toBe(1);
    await expect(registerParishHost(t.db, 99, 'd.diocese.example')).rejects.toThrow(/No parish with the id 99/);
    await expect(registerParishHost(t.db, 1, 'd.diocese.example:443')).rejects.toThrow(/Not a host name/);
    // The table holds its form whoever writes it.
    await expect(
      t.db.execute(sql`INSERT INTO parish_hosts (host, parish_id) VALUES ('Upper.Example', 1)`),
    ).rejects.toThrow();
    const listed = await listParishHosts(t.db);
    expect(listed.map((row) => [row.host, row.parishId])).toEqual([
      ['a.diocese.example', 1],
      ['c.diocese.example', 1],
      ['b.diocese.example', 2],
      ['stb.org', 2],
    ]);
    expect(listed[2]?.parishName).toBe('St. B');
    expect(listed[0]?.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });
});
