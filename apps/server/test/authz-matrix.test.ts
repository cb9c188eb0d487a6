import { randomUUID } from 'node:crypto';

import type { HTTPMethods, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ACCOUNTS_ROLES, ErrorCode, MSG } from '@parish/shared';

import type { RouteRoles } from '../src/types.ts';
import { createTestApp, loginAs, loginStaff, type RoleSession, type Session, type TestApp } from './helpers.ts';

type Principal = 'anonymous' | 'customer' | 'cashier' | 'ward_leader' | 'accountant' | 'admin';
const PRINCIPALS: Principal[] = ['anonymous', 'customer', 'cashier', 'ward_leader', 'accountant', 'admin'];

const STAFF = ['admin', 'cashier'] as const;
const SIGNED_IN = ['admin', 'cashier', 'customer'] as const;
const ADMIN = ['admin'] as const;
/**
 * Every signed-in account, the ward leader and the accountant included: who am I, change the
 * password (decision 0129: a ward leader is staff confined to one ward; decision 0145: an
 * accountant is staff who reads the books).
 */
const ANY_SIGNED_IN = ['admin', 'cashier', 'ward_leader', 'accountant', 'customer'] as const;
/** Staff whose second factor the two-step routes manage: every staff role. */
const ALL_STAFF = ['admin', 'cashier', 'ward_leader', 'accountant'] as const;
/**
 * What a ward leader reads besides the staff (decision 0129): their ward's members, a member's
 * dues, their ward, and a member's wa.me reminder; each service answers 404 for another ward's member.
 */
const WARD_READERS = ['admin', 'cashier', 'ward_leader'] as const;
/** The ward-wise report: the ward readers and the accountant (decisions 0136, 0145). */
const WARD_REPORT_READERS = [...WARD_READERS, 'accountant'] as const;
/**
 * What the accountant reads besides the admin and the cashier (decision 0145): the collection
 * reports, their download, and the payments list of the reports' head tab.
 */
const REPORT_READERS = ['admin', 'cashier', 'accountant'] as const;
/** Who reads the parish's books (ACCOUNTS_ROLES, decision 0145): the ledger mapping and the exports. */
const BOOKS = ['admin', 'accountant'] as const;

/**
 * Who may call each route (`docs/domain.md`, "AZ-01"). Every route the app registers must be here: a new route
 * fails this test until someone decides, here, who may call it. A HEAD route without a row of
 * its own is Fastify's automatic twin of a GET route and is checked against the GET row.
 */
const MATRIX: Record<string, RouteRoles> = {
  'GET /api/health': 'public',
  // Caddy's on-demand TLS ask (parishes/parishes.routes.ts; decision 0125).
  'GET /api/tls/ask': 'public',
  'GET /api/settings': 'public',
  'PUT /api/settings': ADMIN,

  'POST /api/auth/admin/login': 'public',
  'POST /api/auth/customer/login': 'public',
  // Sign-in with a code on WhatsApp and forgot password (sign-in-codes.routes.ts; decision 0138).
  'POST /api/auth/customer/code': 'public',
  'POST /api/auth/customer/code/verify': 'public',
  'GET /api/auth/verify': ANY_SIGNED_IN,
  'POST /api/auth/refresh': 'public',
  'POST /api/auth/logout': 'public',
  'POST /api/auth/change-password': ANY_SIGNED_IN,
  // Two-step sign-in for staff (two-step.routes.ts; docs/domain.md, "Two-step sign-in for staff").
  'POST /api/auth/admin/login/code': 'public',
  'GET /api/auth/two-step': ALL_STAFF,
  'POST /api/auth/two-step/setup': ALL_STAFF,
  'POST /api/auth/two-step/enable': ALL_STAFF,
  'POST /api/auth/two-step/disable': ALL_STAFF,

  'GET /api/admin/users': ADMIN,
  'POST /api/admin/users': ADMIN,
  'PUT /api/admin/users/:id': ADMIN,
  'DELETE /api/admin/users/:id': ADMIN,

  'GET /api/members': WARD_READERS,
  'GET /api/members/:id': WARD_READERS,
  'POST /api/members': ADMIN,
  'POST /api/members/bulk': ADMIN,
  'POST /api/members/bulk/preview': ADMIN,
  'PUT /api/members/:id': ADMIN,
  'DELETE /api/members/:id': ADMIN,
  'GET /api/admin/members/:id/credentials': ADMIN,
  // Wards (members/wards.routes.ts; decision 0126): staff read, admins change; members reach none.
  'GET /api/wards': WARD_READERS,
  'POST /api/wards': ADMIN,
  'PATCH /api/wards/:id': ADMIN,
  'DELETE /api/wards/:id': ADMIN,
  // The new parish checklist (onboarding/onboarding.routes.ts; decision 0132): admins only.
  'GET /api/onboarding': ADMIN,
  'PUT /api/onboarding/steps/:step/choice': ADMIN,
  'DELETE /api/onboarding/steps/:step/choice': ADMIN,
  'POST /api/onboarding/dismiss': ADMIN,
  'POST /api/onboarding/heads': ADMIN,

  // Collection at the office (office/counter.routes.ts); the receipt (receipts/receipts.routes.ts) also for the
  // member who owns it.
  'POST /api/payments/:id/collect': STAFF,
  'PUT /api/payments/:id/reverse': STAFF,
  'GET /api/payments/:id/receipt': SIGNED_IN,
  'GET /api/cashier/collections': STAFF,
  'GET /api/collections/members/:id/payments': WARD_READERS,

  'GET /api/payment-heads': STAFF,
  'GET /api/payment-heads/:id': STAFF,
  'GET /api/payment-heads/:id/stats': STAFF,
  'POST /api/payment-heads': ADMIN,
  'PUT /api/payment-heads/:id': ADMIN,
  'DELETE /api/payment-heads/:id': ADMIN,
  'POST /api/payment-heads/bulk': ADMIN,
  // Year-end tools (year-end.service.ts, payments/commands/grant-concession.ts).
  'GET /api/payment-heads/rollover': ADMIN,
  'POST /api/payment-heads/rollover': ADMIN,
  'POST /api/payments/:id/concession': ADMIN,
  'GET /api/payments': REPORT_READERS,
  'GET /api/payments/:id': STAFF,
  'POST /api/payments/assign': ADMIN,
  'POST /api/payments/revoke': ADMIN,
  'POST /api/payments/upload-csv': ADMIN,
  'POST /api/payments/upload-csv/preview': ADMIN,
  'GET /api/payments/csv-template': ADMIN,

  // WhatsApp reminders (reminders.routes.ts); the webhook is Meta's, checked by its signature.
  'POST /api/admin/send-reminders': ADMIN,
  'POST /api/admin/send-all-reminders': ADMIN,
  'GET /api/admin/reminders/deliveries': ADMIN,
  'POST /api/whatsapp/send-reminders': ADMIN,
  'POST /api/whatsapp/send-bulk-reminders': ADMIN,
  'GET /api/whatsapp/status': ADMIN,
  'POST /api/whatsapp/test': ADMIN,
  'GET /api/whatsapp/webhook': 'public',
  'POST /api/whatsapp/webhook': 'public',

  // Dashboard, reports, transactions, audit trail, export and live updates (issue 6).
  'GET /api/admin/dashboard': STAFF,
  'POST /api/admin/reports': REPORT_READERS,
  // The ward-wise report (reports/ward-report.ts; decision 0126): a ward leader their own ward's row (decision 0136).
  'GET /api/reports/wards': WARD_REPORT_READERS,
  'GET /api/reports/wards/dues': WARD_REPORT_READERS,
  'GET /api/admin/reports/export': REPORT_READERS,
  'GET /api/admin/activities': ADMIN,
  'GET /api/admin/export': ADMIN,
  'GET /api/transactions': STAFF,
  'GET /api/transactions/stats/summary': STAFF,
  'GET /api/transactions/:id': STAFF,
  'POST /api/events/ticket': SIGNED_IN,
  // The single-use ticket in the query is the credential (EventSource cannot send headers).
  'GET /api/subscribe': 'public',

  // Member portal (portal.routes.ts): the signed-in member's own data only.
  'GET /api/customer/payments': ['customer'],
  'GET /api/customer/transactions': ['customer'],
  'PUT /api/customer/language': ['customer'],
  // The member's own consent to WhatsApp messages (decision 0138).
  'GET /api/customer/whatsapp-consent': ['customer'],
  'PUT /api/customer/whatsapp-consent': ['customer'],
  // The receipts' script fonts (fonts.routes.ts): the app's own files, public like any asset.
  'GET /api/fonts/:file': 'public',
  // Online payment (gateways.routes.ts): orders by members; gateway return URLs, verify and webhooks public.
  'GET /api/worldline/config': 'public',
  'POST /api/worldline/create-customer-order': ['customer'],
  'GET /api/worldline/callback': 'public',
  'POST /api/worldline/callback': 'public',
  'POST /api/worldline/verify-payment': 'public',
  'GET /api/worldline/payment-status/:txnId': SIGNED_IN,
  'GET /api/razorpay/config': 'public',
  'POST /api/razorpay/create-order': ['customer'],
  'POST /api/razorpay/verify-payment': ['customer'],
  'POST /api/razorpay/callback': 'public',
  'GET /api/razorpay/payment-status/:id': SIGNED_IN,
  'POST /api/razorpay/webhook': 'public',
  // The sandbox gateways (sandbox.routes.ts; 404 when the gateway is live).
  'GET /api/sandbox/autosubmit.js': 'public',
  'GET /api/sandbox/worldline/checkout.js': 'public',
  'GET /api/sandbox/worldline/bank': 'public',
  'POST /api/sandbox/worldline/bank': 'public',
  'POST /api/sandbox/worldline/api/paynimoV2.req': 'public',
  'GET /api/sandbox/razorpay/checkout.js': 'public',
  'GET /api/sandbox/razorpay/pay': 'public',
  'POST /api/sandbox/razorpay/pay': 'public',
  'POST /api/sandbox/razorpay/v1/orders': 'public',
  'GET /api/sandbox/razorpay/v1/orders/:id': 'public',
  'GET /api/sandbox/razorpay/v1/orders/:id/payments': 'public',
  'GET /api/sandbox/razorpay/v1/payments/:id': 'public',
  'POST /api/sandbox/razorpay/v1/payments/:id/capture': 'public',
  'GET /api/sandbox/razorpay/v1/settlements': 'public',
  'GET /api/sandbox/razorpay/v1/settlements/recon/combined': 'public',

  // The OpenAPI document and Swagger UI (`docs/domain.md`, "§7 API": served at /api/docs, public).
  'GET /api/docs': 'public',
  'HEAD /api/docs/': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',
  'GET /api/docs/static/*': 'public',
  // Online payments that survive real life (issue 13): the Worldline S2S notification, the refunds queue.
  'GET /api/worldline/s2s': 'public',
  'GET /api/admin/refunds': STAFF,
  'GET /api/admin/refunds/summary': STAFF,
  'POST /api/admin/refunds/:id/refunded': ADMIN,
  'POST /api/admin/refunds/:id/apply': ADMIN,
  'POST /api/admin/test-payments/void': ADMIN,
  'POST /api/customer/checkouts/cancel': ['customer'],

  // Password resets (password-resets.routes.ts).
  'POST /api/admin/members/:id/reset-password': ADMIN,
  'POST /api/admin/users/:id/reset-password': ADMIN,
  'POST /api/admin/users/:id/reset-two-step': ADMIN,
  // Backups (backup.routes.ts): the latest backup for the Parish Settings page.
  'GET /api/backups/latest': ADMIN,

  // The office day (office/office.routes.ts): several dues under one receipt, reversal, cheques, day sheets, UPI;
  // a receipt's print (receipts/receipts.routes.ts).
  'POST /api/collections': STAFF,
  'POST /api/receipts/:id/reverse': STAFF,
  'POST /api/receipts/:id/correct': STAFF,
  'GET /api/receipts/:id': STAFF,
  'GET /api/office/inactive-member-dues': STAFF,
  'GET /api/receipts/:id/print': ['admin', 'cashier', 'customer'],
  // The receipt PDF and the yearly statement (decision 0139): a member reads their own only (404 otherwise).
  'GET /api/receipts/:id/pdf': ['admin', 'cashier', 'customer'],
  'GET /api/customer/statement.pdf': ['customer'],
  'GET /api/members/:id/statement.pdf': STAFF,
  'POST /api/receipts/:id/cheque': STAFF,
  'GET /api/cheques': STAFF,
  // Bank deposits (deposits/deposits.routes.ts; decision 0147): admins and accountants record and
  // read slips; a cashier sees their own days not yet deposited.
  'GET /api/deposits/pending': [...ACCOUNTS_ROLES, 'cashier'],
  'POST /api/deposits': ACCOUNTS_ROLES,
  'GET /api/deposits': ACCOUNTS_ROLES,
  'GET /api/deposits/:id': ACCOUNTS_ROLES,
  'GET /api/deposits/:id/print': ACCOUNTS_ROLES,
  'GET /api/day-sheets': STAFF,
  'GET /api/day-sheets/days': STAFF,
  'GET /api/day-sheets/csv': STAFF,
  'GET /api/day-sheets/xlsx': STAFF,
  'GET /api/day-sheets/print': STAFF,
  'POST /api/day-sheets/close': STAFF,
  'POST /api/day-sheets/reopen': ADMIN,
  'GET /api/office/upi': STAFF,
  'PUT /api/office/upi': ADMIN,

  // Bank-statement reconciliation (bank/bank.routes.ts; decision 0149): the admin (and the accountant, issue 30 item 6).
  'GET /api/bank/accounts': ACCOUNTS_ROLES,
  'POST /api/bank/accounts': ACCOUNTS_ROLES,
  'PUT /api/bank/accounts/:id': ACCOUNTS_ROLES,
  'POST /api/bank/presets/:key/confirm': ACCOUNTS_ROLES,
  'POST /api/bank/accounts/:id/preview': ACCOUNTS_ROLES,
  'POST /api/bank/accounts/:id/statements': ACCOUNTS_ROLES,
  'GET /api/bank/accounts/:id/reconciliation': ACCOUNTS_ROLES,
  'POST /api/bank/matches': ACCOUNTS_ROLES,
  'DELETE /api/bank/matches/:lineId': ACCOUNTS_ROLES,

  // The activity log for people (activity-log.ts): its CSV or Excel download.
  'GET /api/admin/activities/export': ADMIN,

  // Payment links and WhatsApp without the Cloud API (whatsapp-links.routes.ts): a signed link is
  // the credential of the pay-only view and of a receipt link.
  'GET /api/pay/:mobile/:token': 'public',
  'POST /api/pay/:mobile/:token/order': 'public',
  'GET /api/pay/:mobile/:token/transactions/:txnId': 'public',
  'GET /api/receipt-links/:token': 'public',
  'GET /api/receipt-links/:token/pdf': 'public',
  'GET /api/statement-links/:token/pdf': 'public',
  'GET /api/receipt-check/:token': 'public',
  'GET /api/members/:id/whatsapp-link': WARD_READERS,
  'GET /api/receipts/:id/whatsapp-link': STAFF,
  'GET /api/admin/reminders/rounds/current': ADMIN,
  'POST /api/admin/reminders/rounds': ADMIN,
  'POST /api/admin/reminders/rounds/:id/items/:deliveryId/sent': ADMIN,
  'GET /api/admin/whatsapp-settings': ADMIN,
  'PUT /api/admin/whatsapp-settings': ADMIN,
  'GET /api/admin/public-address': ADMIN,
  'GET /api/admin/credentials': ADMIN,
  'PUT /api/admin/credentials': ADMIN,
  'GET /api/admin/time-zone': ADMIN,
  'PUT /api/admin/time-zone': ADMIN,
  // Donations under section 80G (donations/donations.routes.ts; decision 0148): the trust's
  // registration, a member's PAN (a cashier reads it masked), Form 10BD and 10BE (ACCOUNTS_ROLES).
  'GET /api/admin/registration-80g': ADMIN,
  'PUT /api/admin/registration-80g': ADMIN,
  'GET /api/members/:id/pan': STAFF,
  'PUT /api/members/:id/pan': ADMIN,
  'GET /api/accounts/form-10bd.csv': ['admin', 'accountant'],
  'GET /api/accounts/form-10be/:id': ['admin', 'accountant'],
  'PUT /api/admin/members/:id/whatsapp-opt-out': ADMIN,
  'GET /api/admin/members/:id/whatsapp-opt-out': ADMIN,
  'POST /api/admin/members/:id/whatsapp-consent': ADMIN,
  'GET /api/admin/reminders/opted-out': ADMIN,
  'POST /api/admin/members/:id/revoke-pay-links': ADMIN,

  // The parish's books (accounts/accounts.routes.ts; decisions 0145, 0146): the ledger mapping, read by
  // the accountant and changed by an admin, the Tally XML and journal CSV exports, and the Receipts and
  // Payments account of a year (decision 0153).
  'GET /api/accounts/ledger-mapping': BOOKS,
  'PUT /api/accounts/ledger-mapping': ADMIN,
  'GET /api/accounts/tally.xml': BOOKS,
  'GET /api/accounts/journal.csv': BOOKS,
  'GET /api/accounts/receipts-and-payments': BOOKS,
  // Gateway settlements (decision 0151): the list, Razorpay's fetch and Worldline's import for the
  // books' readers; the holiday list read by them, changed by an admin.
  'GET /api/accounts/settlements': BOOKS,
  'POST /api/accounts/settlements/fetch': BOOKS,
  'POST /api/accounts/settlements/worldline': BOOKS,
  'GET /api/settings/holidays': BOOKS,
  'PUT /api/settings/holidays': ADMIN,

  // The diocese (diocese.routes.ts, decision 0131): sign-in is public; every other route admits only a
  // diocese administrator's token (401 anonymous, 403 for any parish principal).
  'POST /api/diocese/auth/login': 'public',
  'GET /api/diocese/auth/me': 'diocese',
  'POST /api/diocese/auth/change-password': 'diocese',
  'POST /api/diocese/auth/logout': 'diocese',
  'GET /api/diocese/parishes': 'diocese',
  'POST /api/diocese/parishes': 'diocese',
  'POST /api/diocese/parishes/:id/invite': 'diocese',
  'GET /api/diocese/rollup': 'diocese',
  'GET /api/diocese/rollup/export': 'diocese',
  'PUT /api/diocese/parishes/:id/levies': 'diocese',
  'GET /api/diocese/levies': 'diocese',
};

/**
 * Routes that answer 503 by design when an optional integration has no credentials (the test app
 * has none): WhatsApp sends say 'WhatsApp is not configured...' rather than pretend to send.
 */
const UNCONFIGURED_503 = new Set(['POST /api/admin/send-all-reminders', 'POST /api/whatsapp/send-bulk-reminders']);

function isUnconfigured503(route: { method: string; url: string }, response: { statusCode: number; body: string }) {
  return (
    response.statusCode === 503 &&
    UNCONFIGURED_503.has(`${route.method} ${route.url}`) &&
    response.body.includes('not configured')
  );
}

interface CollectedRoute {
  method: string;
  url: string;
  options: RouteOptions;
}

function methodsOf(route: RouteOptions): string[] {
  const methods: HTTPMethods[] = Array.isArray(route.method) ? route.method : [route.method];
  return methods.map((m) => m.toUpperCase());
}

function admits(roles: RouteRoles, principal: Principal): boolean {
  if (roles === 'public') return true;
  // A diocese route admits only a diocese administrator's token, none of these principals (decision 0131).
  if (roles === 'diocese') return false;
  if (principal === 'anonymous') return false;
  return roles.includes(principal);
}

/** A concrete URL for a route pattern: ids become random UUIDs, wildcards a file name. */
function concreteUrl(url: string): string {
  return url
    .replace(/:(\w+)/g, (_m, name: string) => (/id$/i.test(name) ? randomUUID() : 'test'))
    .replace(/\*$/, 'x.css');
}

let t: TestApp;
const routes: CollectedRoute[] = [];
const sessions: Partial<Record<Principal, RoleSession | Session>> = {};

/** A ward leader's session (decision 0129): a ward, then the leader created by the admin, signed in. */
async function loginWardLeader(admin: Session): Promise<Session> {
  const headers = { ...admin.headers, 'x-requested-with': 'fetch' };
  const ward = await t.app.inject({ method: 'POST', url: '/api/wards', headers, payload: { name: 'Matrix ward' } });
  const password = 'Leader-Test-Password-1';
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/admin/users',
    headers,
    payload: {
      username: 'matrix.leader',
      name: 'Matrix Leader',
      role: 'ward_leader',
      password,
      wardId: ward.json<{ id: string }>().id,
    },
  });
  expect(created.statusCode).toBe(201);
  return loginStaff(t.app, 'matrix.leader', password);
}

/** An accountant's session (decision 0145): created by the admin with `role: 'accountant'`, signed in. */
async function loginAccountant(admin: Session): Promise<Session> {
  const password = 'Accountant-Test-Password-1';
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/admin/users',
    headers: { ...admin.headers, 'x-requested-with': 'fetch' },
    payload: { username: 'matrix.accountant', name: 'Matrix Accountant', role: 'accountant', password },
  });
  expect(created.statusCode, created.body).toBe(201);
  return loginStaff(t.app, 'matrix.accountant', password);
}

beforeAll(async () => {
  t = await createTestApp({
    onRouteRegistered(route) {
      for (const method of methodsOf(route)) routes.push({ method, url: route.url, options: route });
    },
  });
  sessions.customer = await loginAs(t.app, 'customer');
  sessions.cashier = await loginAs(t.app, 'cashier');
  sessions.admin = await loginAs(t.app, 'admin');
  sessions.ward_leader = await loginWardLeader(sessions.admin);
  sessions.accountant = await loginAccountant(sessions.admin);
});
afterAll(async () => {
  await t.close();
});

function entryFor(route: CollectedRoute): RouteRoles | undefined {
  const own = MATRIX[`${route.method} ${route.url}`];
  if (own !== undefined || route.method !== 'HEAD') return own;
  return MATRIX[`GET ${route.url}`];
}

describe('authorization matrix (AZ-01)', () => {
  it('collects the routes', () => {
    expect(routes.length).toBeGreaterThan(10);
    expect(routes.some((r) => r.method === 'HEAD')).toBe(true);
  });

  it('every registered route is in the matrix', () => {
    const missing = routes.filter((route) => entryFor(route) === undefined).map((r) => `${r.method} ${r.url}`);
    expect(missing, 'routes without a row in MATRIX: decide who may call them').toEqual([]);
  });

  it('every row of the matrix is a registered route (no stale rows)', () => {
    const registered = new Set(routes.map((r) => `${r.method} ${r.url}`));
    const stale = Object.keys(MATRIX).filter((key) => !registered.has(key));
    expect(stale).toEqual([]);
  });

  it('every route declares exactly the roles of its row', () => {
    for (const route of routes) {
      const declared = route.options.config?.roles;
      const expected = entryFor(route);
      const label = `${route.method} ${route.url}`;
      if (expected === 'public' || declared === 'public' || expected === 'diocese' || declared === 'diocese') {
        expect(declared, label).toBe(expected);
      } else {
        expect([...(declared ?? [])].sort(), label).toEqual([...(expected ?? [])].sort());
      }
    }
  });

  it('each principal gets exactly what the matrix says on every /api route, and never a 5xx', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      if (!route.url.startsWith('/api')) continue;
      const roles = entryFor(route);
      if (roles === undefined) continue; // reported by the test above
      const url = concreteUrl(route.url);
      const hasBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
      for (const principal of PRINCIPALS) {
        const session = principal === 'anonymous' ? undefined : sessions[principal];
        const response = await t.app.inject({
          method: route.method as HTTPMethods,
          url,
          headers: { 'x-requested-with': 'fetch', ...(session && session.headers) },
          ...(hasBody && { payload: {} }),
        });
        const label = `${principal} ${route.method} ${url} -> ${response.statusCode} ${response.body.slice(0, 120)}`;
        if (response.statusCode >= 500 && !isUnconfigured503(route, response)) {
          failures.push(`5xx: ${label}`);
          continue;
        }
        // A HEAD answer has no body: its status alone tells.
        const isJson = /^application\/json/.test(String(response.headers['content-type'] ?? ''));
        const body = route.method !== 'HEAD' && isJson ? response.json<{ code?: string; error?: string }>() : undefined;
        const isGuard = (code: string, message: string) =>
          route.method === 'HEAD' || (body?.code === code && body.error === message);
        const deniedAnonymous = response.statusCode === 401 && isGuard(ErrorCode.UNAUTHORIZED, MSG.unauthorized);
        const deniedRole =
          response.statusCode === 403 &&
          isGuard(ErrorCode.FORBIDDEN, route.options.config?.forbiddenMessage ?? MSG.forbidden);
        if (admits(roles, principal)) {
          if (deniedAnonymous || deniedRole) failures.push(`should admit: ${label}`);
        } else if (principal === 'anonymous' ? !deniedAnonymous : !deniedRole) {
          failures.push(`should deny: ${label}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // Every route × six principals: about 2,000 requests, longer than the server project's 30 s default.
  }, 120_000);
});

describe('default deny (AZ-02)', () => {
  it('an /api route without config.roles stops the app from starting', async () => {
    await expect(
      createTestApp({
        extraRoutes: async (app) => {
          app.get('/api/unguarded', async () => ({ secret: true }));
        },
      }),
    ).rejects.toThrow(/GET \/api\/unguarded does not declare config\.roles/);
  });

  it('the same route with roles starts and is guarded', async () => {
    const guarded = await createTestApp({
      extraRoutes: async (app) => {
        app.get('/api/guarded', { config: { roles: ['admin'] } }, async () => ({ secret: true }));
      },
    });
    try {
      const anonymous = await guarded.app.inject({ method: 'GET', url: '/api/guarded' });
      expect(anonymous.statusCode).toBe(401);
      const admin = await loginAs(guarded.app, 'admin');
      const allowed = await guarded.app.inject({ method: 'GET', url: '/api/guarded', headers: admin.headers });
      expect(allowed.json()).toEqual({ secret: true });
    } finally {
      await guarded.close();
    }
  });
});
