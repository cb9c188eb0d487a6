import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ErrorCode, MSG } from '@parish/shared';

import { createTestApp, expectError, loginAs, type RoleSession, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: RoleSession;

beforeAll(async () => {
  t = await createTestApp({
    extraRoutes: async (app) => {
      app.get('/api/test/boom', { config: { roles: 'public' } }, async () => {
        throw new Error('secret internal detail: password=hunter2');
      });
    },
  });
  admin = await loginAs(t.app, 'admin');
});
afterAll(async () => {
  await t.close();
});

describe('the one error shape {success:false, error, code}', () => {
  it('malformed JSON is 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "admin", "password": ',
    });
    const body = expectError(response, 400, ErrorCode.VALIDATION_FAILED, MSG.invalidInput);
    expect(Object.keys(body).sort()).toEqual(['code', 'error', 'success']);
  });

  it('an empty JSON body is 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin/login',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expectError(response, 400, ErrorCode.VALIDATION_FAILED);
  });

  it('an unsupported content type is a 4xx in the same shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login><username>admin</username></login>',
    });
    expectError(response, 415, ErrorCode.UNSUPPORTED_MEDIA_TYPE);
  });

  it('an unknown /api path is 404 "Not found", signed in or not, any method', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/does-not-exist' },
      { method: 'POST' as const, url: '/api/does-not-exist', payload: {} },
      { method: 'DELETE' as const, url: '/api/health' },
      { method: 'GET' as const, url: '/api/admin/users/', headers: admin.headers },
      { method: 'GET' as const, url: '/API/health' },
    ]) {
      const body = expectError(await t.app.inject(request), 404, ErrorCode.NOT_FOUND, MSG.notFound);
      expect(Object.keys(body).sort()).toEqual(['code', 'error', 'success']);
    }
  });

  // Issue 27 item 21: the router's own refusals once answered Fastify's body (FST_ERR_BAD_URL, FST_ERR_MAX_PARAM_LENGTH).
  it('a path that is not valid UTF-8 is 400 in the contract’s shape, signed in or not, API or page', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/members/%ED%A0%80', headers: admin.headers },
      { method: 'GET' as const, url: '/api/members/%ED%A0%80' },
      { method: 'DELETE' as const, url: '/api/members/%E0%A4', headers: admin.headers },
      { method: 'GET' as const, url: '/api/members/%' },
      { method: 'GET' as const, url: '/api/no-such-route/%ED%A0%80' },
      { method: 'GET' as const, url: '/%ED%A0%80' },
    ]) {
      const response = await t.app.inject(request);
      const body = expectError(response, 400, ErrorCode.VALIDATION_FAILED, MSG.invalidInput);
      expect(Object.keys(body).sort()).toEqual(['code', 'error', 'success']);
      expect(response.body).not.toContain('FST_ERR');
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('a 300-character id is 414 in the contract’s shape', async () => {
    for (const url of [`/api/members/${'a'.repeat(300)}`, `/api/pay/${'9'.repeat(300)}/token`]) {
      const response = await t.app.inject({ method: 'GET', url, headers: admin.headers });
      const body = expectError(response, 414, ErrorCode.PAYLOAD_TOO_LARGE, MSG.tooLarge);
      expect(Object.keys(body).sort()).toEqual(['code', 'error', 'success']);
      expect(response.body).not.toContain('FST_ERR');
    }
    // At the limit (200 characters) the route runs as usual and answers its own 404.
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/members/${'a'.repeat(200)}`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json<{ success: boolean }>().success).toBe(false);
  });

  it('a path outside /api is a JSON 404 when no web app is built', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/admin/dashboard' }), 404, ErrorCode.NOT_FOUND);
  });

  it('a body over 1 MB is 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'admin', password: 'x'.repeat(1_100_000) }),
    });
    expectError(response, 413, ErrorCode.PAYLOAD_TOO_LARGE, MSG.tooLarge);
  });

  it('the settings route has its own, smaller limit, also 413', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({
        name: 'x',
        address: '',
        contact: '',
        logoUrl: `data:image/png;base64,${'A'.repeat(500_000)}`,
      }),
    });
    expectError(response, 413, ErrorCode.PAYLOAD_TOO_LARGE, MSG.tooLarge);
  });

  it('a validation error names every field in details', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: admin.headers,
      payload: { username: 'x', password: 'y', name: '', role: 'boss' },
    });
    const body = expectError(response, 400, ErrorCode.VALIDATION_FAILED);
    expect(body.details?.map((d) => d.field).sort()).toEqual(['name', 'password', 'role', 'username']);
    expect(body.error).toBe(body.details?.[0]?.message);
  });

  it('an unexpected fault is 500 INTERNAL with the request id and nothing of the fault', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    const body = expectError(response, 500, ErrorCode.INTERNAL);
    expect(body.error).toMatch(/^An error occurred \(request [0-9a-f-]{36}\)$/);
    expect(response.body).not.toMatch(/secret|hunter2|stack|Error:/);
  });

  it('the sign-in rate limit answers 429 in the same shape', async () => {
    let last = await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/login',
      remoteAddress: '10.9.8.7',
      payload: { identifier: '', password: '' },
    });
    for (let i = 0; i < 40 && last.statusCode !== 429; i += 1) {
      last = await t.app.inject({
        method: 'POST',
        url: '/api/auth/customer/login',
        remoteAddress: '10.9.8.7',
        payload: { identifier: '', password: '' },
      });
    }
    expectError(last, 429, ErrorCode.RATE_LIMITED);
    // Another address is not affected.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/login',
      remoteAddress: '10.9.8.6',
      payload: { identifier: '', password: '' },
    });
    expect(other.statusCode).toBe(400);
  });

  it('API answers are not cached and carry the security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });
});
