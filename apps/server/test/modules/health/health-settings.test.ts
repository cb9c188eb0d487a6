import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ErrorCode, MSG } from '@parish/shared';

import { auditEvents } from '../../../src/db/schema/index.ts';
import { APP_VERSION } from '../../../src/lib/app-version.ts';
import {
  TEST_PARISH_NAME,
  createTestApp,
  expectError,
  loginAs,
  type RoleSession,
  type TestApp,
} from '../../helpers.ts';

describe('GET /api/health', () => {
  it('answers 200 {status, db, version} while the database answers, and 503 once it is gone', async () => {
    const t = await createTestApp();
    try {
      const ok = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({
        status: 'ok',
        db: 'ok',
        version: APP_VERSION,
        payments: { worldline: 'sandbox', razorpay: 'sandbox' },
        lastBackupAt: null,
      });
      expect(ok.headers['cache-control']).toBe('no-store');

      await t.database.close();
      const down = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(down.statusCode).toBe(503);
      // An outage like any other (issue 27 item 21): Retry-After, and the error contract's fields too.
      expect(down.headers['retry-after']).toBe('5');
      const body = expectError(down, 503, ErrorCode.UNAVAILABLE);
      expect(body).toEqual({
        success: false,
        error: expect.stringMatching(/^An error occurred \(request [0-9a-f-]+\)$/) as string,
        code: ErrorCode.UNAVAILABLE,
        status: 'error',
        db: 'error',
        version: APP_VERSION,
        payments: { worldline: 'sandbox', razorpay: 'sandbox' },
      });
    } finally {
      await t.close();
    }
  });
});

describe('parish settings', () => {
  let t: TestApp;
  let admin: RoleSession;
  let cashier: RoleSession;
  let member: RoleSession;
  const update = {
    name: 'St. Thomas Church, Kottayam',
    address: 'Church Road, Kottayam 686001',
    contact: '+91 481 256 0000',
    logoUrl: 'https://example.org/logo.png',
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAs(t.app, 'admin');
    cashier = await loginAs(t.app, 'cashier');
    member = await loginAs(t.app, 'member');
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET is public and starts from PARISH_NAME with empty fields and INR', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      name: TEST_PARISH_NAME,
      address: '',
      contact: '',
      logoUrl: '',
      currency: 'INR',
      receiptLanguage: '',
      // The bound on one line, one crore until the parish lowers it (decision 0105).
      maxLineAmount: 1_00_00_000,
      // What the parish calls its wards, 'ward' until it chooses 'family_unit' (decision 0126).
      wardLabel: 'ward',
      memberLanguages: ['en', 'ml', 'hi', 'ta'],
      defaultLanguage: 'en',
      // No WhatsApp in the test's environment: no code sign-in offered (decision 0138).
      whatsAppSignIn: false,
    });
  });

  it('PUT needs a signed-in admin: 401 anonymous, 403 cashier and member, and nothing changes', async () => {
    expectError(
      await t.app.inject({ method: 'PUT', url: '/api/settings', payload: update }),
      401,
      ErrorCode.UNAUTHORIZED,
      MSG.unauthorized,
    );
    for (const session of [cashier, member]) {
      expectError(
        await t.app.inject({ method: 'PUT', url: '/api/settings', payload: update, headers: session.headers }),
        403,
        ErrorCode.FORBIDDEN,
        MSG.forbidden,
      );
    }
    const after = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(after.json().name).toBe(TEST_PARISH_NAME);
  });

  it.each([
    ['javascript:alert(1)'],
    ['http://example.org/logo.png'],
    ['https://example.org/a logo.png'],
    ['https://example.org/"onerror="x'],
    ['data:text/html;base64,PHNjcmlwdD4='],
    ['data:image/svg+xml;base64,PHN2Zz4='],
  ])('PUT refuses the logo URL %j with 400', async (logoUrl) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      payload: { ...update, logoUrl },
      headers: admin.headers,
    });
    const body = expectError(response, 400, ErrorCode.VALIDATION_FAILED);
    expect(body.details?.some((d) => d.field === 'logoUrl')).toBe(true);
  });

  it('PUT refuses a blank name', async () => {
    expectError(
      await t.app.inject({
        method: 'PUT',
        url: '/api/settings',
        payload: { ...update, name: '  ' },
        headers: admin.headers,
      }),
      400,
      ErrorCode.VALIDATION_FAILED,
    );
  });

  it('an admin PUT changes the settings, GET shows them, and an audit event holds before and after', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      payload: update,
      headers: admin.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      ...update,
      currency: 'INR',
      receiptLanguage: '',
      maxLineAmount: 1_00_00_000,
      wardLabel: 'ward',
      memberLanguages: ['en', 'ml', 'hi', 'ta'],
      defaultLanguage: 'en',
    });

    const read = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(read.json()).toEqual({
      ...update,
      currency: 'INR',
      receiptLanguage: '',
      maxLineAmount: 1_00_00_000,
      wardLabel: 'ward',
      memberLanguages: ['en', 'ml', 'hi', 'ta'],
      defaultLanguage: 'en',
      whatsAppSignIn: false,
    });

    const events = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'settings.updated'), eq(auditEvents.entityType, 'parish_settings')));
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event?.actorType).toBe('staff');
    expect(event?.actorId).toBe(admin.user.id);
    expect(event?.before).toMatchObject({ name: TEST_PARISH_NAME });
    expect(event?.after).toMatchObject({ name: update.name, logoUrl: update.logoUrl });
  });

  it('accepts an uploaded PNG logo as a data URL', async () => {
    const logoUrl =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      payload: { ...update, logoUrl },
      headers: admin.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().logoUrl).toBe(logoUrl);
  });
});
