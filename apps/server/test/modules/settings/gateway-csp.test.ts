import { request as httpRequest } from 'node:http';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { registerParishHost } from '../../../src/modules/parishes/parish-hosts.ts';
import { addParish, createTestApp, inParish, loginAs, type Session, type TestApp } from '../../helpers.ts';

/**
 * The Content-Security-Policy follows the request's parish (issue 28 item 4, decision 0134): a
 * parish whose own Razorpay or Worldline credentials are set gets that gateway's hosts in its
 * pages' policy, a parish without gets none, whatever the environment has; a change of credentials
 * shows at the next request. Over real HTTP (a listening server), each parish by its own host. The
 * health check's payment modes, which the web app's "Test payments" band reads, are the parish's too.
 */

const HOME = 'home.diocese.example';
const RAZORPAY_PARISH = 'rzp.diocese.example';
const WORLDLINE_PARISH = 'wl.diocese.example';
const PLAIN_PARISH = 'plain.diocese.example';
const RAZORPAY_HOSTS = ['https://checkout.razorpay.com', 'https://api.razorpay.com', 'https://lumberjack.razorpay.com'];
const PAYNIMO = 'https://www.paynimo.com';

let t: TestApp;
let port = 0;
const admins = new Map<string, Session>();

/** The Content-Security-Policy of a page of the parish served at `host`, by its directives. */
function cspOf(host: string, path = '/'): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      res.resume();
      res.on('end', () => {
        const header = String(res.headers['content-security-policy'] ?? '');
        const directives = header.split(';').map((d) => d.trim().split(' '));
        resolve(new Map(directives.map(([name = '', ...values]) => [name, values.join(' ')])));
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** Every gateway host a policy names, over all its directives. */
function gatewayHostsOf(csp: Map<string, string>): string[] {
  const hosts = [...csp.values()].flatMap((value) => value.split(' ')).filter((v) => v.startsWith('https://'));
  return [...new Set(hosts)].sort();
}

async function putCredentials(host: string, payload: Record<string, string | null>): Promise<void> {
  const response = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/credentials',
    headers: admins.get(host)?.headers ?? {},
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  // The environment has no gateway credentials (the suites' sandbox only).
  t = await createTestApp({ env: { GATEWAY_RECHECK_SECONDS: '0' } });
  await registerParishHost(t.db, 1, HOME);
  const parishes: [number, string][] = [[1, HOME]];
  for (const host of [RAZORPAY_PARISH, WORLDLINE_PARISH, PLAIN_PARISH]) {
    parishes.push([await addParish(t, host, [host]), host]);
  }
  for (const [id, host] of parishes) admins.set(host, await inParish(id, host, () => loginAs(t.app, 'admin')));
  await putCredentials(RAZORPAY_PARISH, { razorpayKeyId: 'rzp_test_parishA1', razorpayKeySecret: 'secret-of-a' });
  await putCredentials(WORLDLINE_PARISH, {
    worldlineMerchantId: 'T1234',
    worldlineSalt: 'salt-of-b',
    worldlineSchemeCode: 'FIRST',
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await t.close();
});

describe("each parish's pages name only its own gateway's hosts (decision 0134)", () => {
  it('Razorpay for the parish with Razorpay credentials, Paynimo for the Worldline one, none for the others', async () => {
    const razorpay = await cspOf(RAZORPAY_PARISH);
    expect(gatewayHostsOf(razorpay)).toEqual([...RAZORPAY_HOSTS].sort());
    expect(razorpay.get('script-src')).toBe("'self' https://checkout.razorpay.com");
    expect(razorpay.get('form-action')).toBe("'self'");

    const worldline = await cspOf(WORLDLINE_PARISH);
    expect(gatewayHostsOf(worldline)).toEqual([PAYNIMO]);
    expect(worldline.get('script-src')).toBe(`'self' ${PAYNIMO}`);
    expect(worldline.get('form-action')).toBe("'self' https:");

    for (const host of [HOME, PLAIN_PARISH]) {
      const plain = await cspOf(host);
      expect(gatewayHostsOf(plain)).toEqual([]);
      expect(plain.get('form-action')).toBe("'self'");
      expect(plain.get('frame-ancestors')).toBe("'none'");
    }
    // The same policy on every path of the parish, an API answer as a page; the rest of the policy unchanged.
    const api = await cspOf(WORLDLINE_PARISH, '/api/auth/me');
    expect(api).toEqual(worldline);
    expect(worldline.get('frame-ancestors')).toBe("'none'");
    expect(worldline.get('default-src')).toBe("'self'");
  });

  it('follows a change of credentials at the next request, and only in that parish', async () => {
    await putCredentials(PLAIN_PARISH, { razorpayKeyId: 'rzp_live_parishC1', razorpayKeySecret: 'secret-of-c' });
    expect(gatewayHostsOf(await cspOf(PLAIN_PARISH))).toEqual([...RAZORPAY_HOSTS].sort());
    expect(gatewayHostsOf(await cspOf(HOME))).toEqual([]);
    expect(gatewayHostsOf(await cspOf(WORLDLINE_PARISH))).toEqual([PAYNIMO]);

    await putCredentials(PLAIN_PARISH, { razorpayKeyId: null, razorpayKeySecret: null });
    expect(gatewayHostsOf(await cspOf(PLAIN_PARISH))).toEqual([]);
    expect(gatewayHostsOf(await cspOf(RAZORPAY_PARISH))).toEqual([...RAZORPAY_HOSTS].sort());
  });
});

describe("the health check's payment modes (the web app's test-payments band, decision 0134)", () => {
  it("are the parish's at its address, the environment's at an address no parish has", async () => {
    const modesAt = async (host: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/health', headers: { host } })).json<{
        payments: { worldline: string; razorpay: string };
      }>().payments;
    expect(await modesAt(RAZORPAY_PARISH)).toEqual({ worldline: 'sandbox', razorpay: 'test' });
    expect(await modesAt(WORLDLINE_PARISH)).toEqual({ worldline: 'test', razorpay: 'sandbox' });
    expect(await modesAt(PLAIN_PARISH)).toEqual({ worldline: 'sandbox', razorpay: 'sandbox' });
    expect(await modesAt(HOME)).toEqual({ worldline: 'sandbox', razorpay: 'sandbox' });
    expect(await modesAt('203.0.113.7')).toEqual({ worldline: 'sandbox', razorpay: 'sandbox' });
  });
});
