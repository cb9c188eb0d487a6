import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from './helpers.ts';

/**
 * Plain http on an office network (`docs/ARCHITECTURE.md`, "Security headers"): the browser is
 * told to upgrade to https, and pinned to it, only when PUBLIC_URL is https.
 */
describe('security headers and the scheme of PUBLIC_URL', () => {
  let http: TestApp;
  let https: TestApp;
  beforeAll(async () => {
    http = await createTestApp({ env: { PUBLIC_URL: 'http://192.168.1.20:3000' } });
    https = await createTestApp({ env: { PUBLIC_URL: 'https://dues.example.org' } });
  });
  afterAll(async () => {
    await http?.close();
    await https?.close();
  });

  it('over http: no upgrade-insecure-requests and no HSTS, the rest of the policy kept', async () => {
    const response = await http.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('over https: upgrade-insecure-requests and HSTS are sent', async () => {
    const response = await https.app.inject({ method: 'GET', url: '/api/health' });
    expect(String(response.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    expect(String(response.headers['strict-transport-security'])).toMatch(/max-age=\d+/);
  });
});
