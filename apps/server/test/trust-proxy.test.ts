import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';

import { queryRows } from '../src/db/client.ts';
import { parseTrustProxy } from '../src/config/env.ts';
import { createTestApp, testConfig, type TestApp } from './helpers.ts';

/*
 * TRUST_PROXY (docs/domain.md, "AU-02 Per-address throttle"; docs/deploy.md, "HTTPS with Caddy"):
 * behind a reverse proxy every connection comes from the proxy, so without it one guesser could
 * lock sign-in for the whole parish. The header is believed only from the proxy named.
 */

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** One failed staff sign-in from `remoteAddress`, naming `forwardedFor` in X-Forwarded-For. */
async function failedSignIn(app: TestApp, remoteAddress: string, forwardedFor: string): Promise<void> {
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/auth/admin/login',
    payload: { username: 'nobody-here', password: 'wrong-password-1' },
    headers: { 'x-forwarded-for': forwardedFor },
    remoteAddress,
  });
  expect(response.statusCode).toBe(401);
}

/** The per-address throttle keys with a failure counted. */
async function addressKeys(app: TestApp): Promise<string[]> {
  const rows = await queryRows<{ key: string }>(
    app.db,
    sql`SELECT key FROM login_throttle WHERE key LIKE 'ip:%' ORDER BY key`,
  );
  return rows.map((row) => row.key);
}

describe('TRUST_PROXY', () => {
  it('is off by default: the connection is the client and X-Forwarded-For is ignored', async () => {
    t = await createTestApp();
    await failedSignIn(t, '127.0.0.1', '203.0.113.9');
    expect(await addressKeys(t)).toEqual(['ip:127.0.0.1']);
  });

  it("names the client from the trusted proxy's X-Forwarded-For, and from no one else's", async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
    await failedSignIn(t, '127.0.0.1', '203.0.113.9');
    // Another address cannot name a client of its choice: its own address counts.
    await failedSignIn(t, '198.51.100.7', '203.0.113.10');
    expect(await addressKeys(t)).toEqual(['ip:198.51.100.7', 'ip:203.0.113.9']);
  });

  it('takes addresses, networks and range names, and refuses trusting everyone', () => {
    expect(parseTrustProxy('127.0.0.1, ::1')).toEqual(['127.0.0.1', '::1']);
    expect(parseTrustProxy('loopback,10.0.0.0/8,fd00::/8')).toEqual(['loopback', '10.0.0.0/8', 'fd00::/8']);
    for (const bad of ['true', '*', '10.0.0.0/33', 'proxy.local', ',']) expect(parseTrustProxy(bad), bad).toBeNull();
    expect(() => testConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY must be/);
    expect(testConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
    expect(testConfig().trustProxy).toBe(false);
  });
});
