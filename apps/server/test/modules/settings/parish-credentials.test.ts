import { createHmac } from 'node:crypto';

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Credentials, RazorpayOrder } from '@parish/shared';

import { SANDBOX_SECRETS } from '../../../src/config/gateways.ts';
import { queryRows } from '../../../src/db/client.ts';
import { runAsOwner, runInParish } from '../../../src/db/parish-scope.ts';
import { settingsKeyOf } from '../../../src/lib/settings-key.ts';
import { registerParishHost } from '../../../src/modules/parishes/parish-hosts.ts';
import {
  clearSecretsSealedUnderAnotherKey,
  parishGatewaySettings,
  parishWhatsAppConfig,
} from '../../../src/modules/settings/parish-credentials.ts';
import { due } from '../../gateway-fixtures.ts';
import {
  addParish,
  createTestApp,
  expectError,
  inParish,
  loginAs,
  loginStaff,
  TEST_ADMIN_PASSWORD,
  TEST_ADMIN_USERNAME,
  type Session,
  type TestApp,
} from '../../helpers.ts';
import { WhatsAppStandIn } from '../../whatsapp-stand-in.ts';

/**
 * Per-parish settings and secrets (issue 28 item 4, decision 0130): the credentials routes never
 * answer a secret back, are audited without values and refuse wrong input changing nothing; the
 * webhooks find their parish from the gateway's or Meta's own ids and check the signature with that
 * parish's secret; a value sealed under another key is cleared and named for re-entry.
 */

const A = 'a.diocese.example';
const B = 'b.diocese.example';
const HOME_APP_SECRET = 'home-parish-app-secret';
const HOME_PHONE_ID = '1000001';
const B_PHONE_ID = '2000002';
const B_SECRETS = {
  razorpayKeySecret: 'parish-b-razorpay-key-secret',
  razorpayWebhookSecret: 'parish-b-razorpay-webhook-secret',
  whatsappAccessToken: 'parish-b-whatsapp-access-token',
  whatsappAppSecret: 'parish-b-whatsapp-app-secret',
  whatsappVerifyToken: 'parish-b-verify-token',
};

let t: TestApp;
let standIn: WhatsAppStandIn;
let admin: Session;
let adminB: Session;
let cashier: Session;
let member: Session;
let misc = '';
let memberId = '';

/** Copies the row of `table` matching `where`, with some columns set to SQL expressions (test data of parish B). */
async function copyRow(table: string, where: string, set: Record<string, string>): Promise<void> {
  const columns = await asOwner(() =>
    queryRows<{ name: string }>(
      t.db,
      sql`SELECT column_name AS name FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name = ${table} AND is_generated = 'NEVER' ORDER BY ordinal_position`,
    ),
  );
  const names = columns.map((column) => `"${column.name}"`).join(', ');
  const values = columns.map((column) => set[column.name] ?? `"${column.name}"`).join(', ');
  await asOwner(async () => {
    await t.db.execute(sql.raw(`INSERT INTO ${table} (${names}) SELECT ${values} FROM ${table} WHERE ${where}`));
  });
}

/** A query as the owner, over every parish (the test's own checks). */
function asOwner<T>(work: () => Promise<T>): Promise<T> {
  return runAsOwner(work);
}

/** The admin of the parish served at `host`. */
function adminOf(host: string): Session {
  return host === B ? adminB : admin;
}

function on(host: string, session?: Session) {
  return { ...(session?.headers ?? {}), host };
}

async function putCredentials(host: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'PUT', url: '/api/admin/credentials', headers: on(host, adminOf(host)), payload });
}

beforeAll(async () => {
  standIn = await new WhatsAppStandIn().start();
  t = await createTestApp({
    env: {
      WHATSAPP_BASE_URL: standIn.url,
      GATEWAY_RECHECK_SECONDS: '0',
      WHATSAPP_APP_SECRET: HOME_APP_SECRET,
      WHATSAPP_PHONE_NUMBER_ID: HOME_PHONE_ID,
      WHATSAPP_ACCESS_TOKEN: 'home-access-token',
      WHATSAPP_VERIFY_TOKEN: 'home-verify-token',
      WHATSAPP_WORKER: 'false',
    },
  });
  // Signed in and given a due while the server is still a one-parish one (any address).
  admin = await loginAs(t.app, 'admin');
  cashier = await loginAs(t.app, 'cashier');
  const customer = await loginAs(t.app, 'customer');
  member = customer;
  misc = await due(t.app, customer.account.id, 'miscellaneous', 10_000);
  memberId = customer.account.id;
  await registerParishHost(t.db, 1, A);
  await addParish(t, 'St. B', [B]);
  adminB = await inParish(2, B, () => loginStaff(t.app, TEST_ADMIN_USERNAME, TEST_ADMIN_PASSWORD));
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

describe('credentials routes', () => {
  it('answer only whether each secret is set, never its value; the plain ids as they are', async () => {
    const saved = await putCredentials(B, {
      razorpayKeyId: 'rzp_test_parishB123',
      razorpayAccountId: 'acc_parishB12345',
      whatsappPhoneNumberId: B_PHONE_ID,
      whatsappBusinessAccountId: '3000003',
      ...B_SECRETS,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const answer = saved.json<Credentials>();
    expect(answer.fields.razorpayKeySecret).toMatchObject({ set: true, needsReentry: false });
    expect(answer.fields.razorpayKeySecret.updatedAt).toEqual(expect.any(String));
    expect(answer.fields.worldlineSalt).toEqual({ set: false, updatedAt: null, needsReentry: false });
    expect(answer.fields.razorpayKeyId).toMatchObject({ set: true, value: 'rzp_test_parishB123' });
    expect(answer.fields.whatsappPhoneNumberId.value).toBe(B_PHONE_ID);
    expect(answer.homeEnvFallback).toBe(false);
    const read = await t.app.inject({ method: 'GET', url: '/api/admin/credentials', headers: on(B, adminB) });
    expect(read.json<Credentials>()).toEqual(answer);
    for (const body of [saved.body, read.body]) {
      for (const secret of Object.values(B_SECRETS)) expect(body).not.toContain(secret);
    }
    // Stored sealed, with the key's id; nothing of parish B shows in parish A.
    const rows = await asOwner(() =>
      queryRows<{ field: string; value: string; sealed: boolean; key_id: string | null }>(
        t.db,
        sql`SELECT field, value, sealed, key_id FROM parish_credentials WHERE parish_id = 2`,
      ),
    );
    for (const row of rows.filter((r) => r.sealed)) {
      expect(row.value).toMatch(/^v1\./);
      expect(row.key_id).toBe(t.config.settingsKey.id);
      for (const secret of Object.values(B_SECRETS)) expect(row.value).not.toContain(secret);
    }
    const home = await t.app.inject({ method: 'GET', url: '/api/admin/credentials', headers: on(A, admin) });
    expect(home.json<Credentials>().fields.razorpayKeyId).toMatchObject({ set: false, value: '' });
    expect(home.json<Credentials>().homeEnvFallback).toBe(true);
  });

  it('are audited with the fields changed, never a secret value', async () => {
    const events = await asOwner(() =>
      queryRows<{ before: unknown; after: unknown }>(
        t.db,
        sql`SELECT before, after FROM audit_events WHERE action = 'settings.credentials_updated' ORDER BY occurred_at`,
      ),
    );
    expect(events.length).toBeGreaterThan(0);
    const text = JSON.stringify(events);
    for (const secret of Object.values(B_SECRETS)) expect(text).not.toContain(secret);
    expect(events[0]?.after).toMatchObject({
      razorpayKeyId: 'rzp_test_parishB123',
      razorpayKeySecret: true,
      changed: expect.arrayContaining(['Razorpay key secret', 'WhatsApp access token']),
    });
  });

  it('refuse wrong input and change nothing: shapes, half a gateway, another parish’s id, unknown fields, non-admins', async () => {
    const count = () =>
      asOwner(() => queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM parish_credentials`));
    const before = await count();
    expectError(await putCredentials(A, { razorpayKeyId: 'not-a-key' }), 400, 'VALIDATION_FAILED');
    expectError(await putCredentials(A, { whatsappPhoneNumberId: '+91 98470 12345' }), 400, 'VALIDATION_FAILED');
    expectError(await putCredentials(A, { razorpayKeySecret: 'has a space' }), 400, 'VALIDATION_FAILED');
    expectError(await putCredentials(A, { somethingElse: 'x' }), 400, 'VALIDATION_FAILED');
    expectError(
      await putCredentials(A, { razorpayKeyId: 'rzp_live_homeparish1' }),
      400,
      'VALIDATION_FAILED',
      'Razorpay needs both the key id and the key secret',
    );
    expectError(
      await putCredentials(A, { whatsappPhoneNumberId: B_PHONE_ID, whatsappAccessToken: 'token-of-a' }),
      400,
      'VALIDATION_FAILED',
      'Another parish already uses this id: each parish has its own',
    );
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/credentials',
      headers: on(A, cashier),
      payload: { worldlineSalt: 'x' },
    });
    expect(refused.statusCode).toBe(403);
    const after = await count();
    expect(after).toEqual(before);
  });

  it("the parish's own credentials win; the environment's serve the home parish only", async () => {
    const b = await runInParish(2, () => parishGatewaySettings(t.app.deps, 2));
    expect(b.razorpay).toMatchObject({
      mode: 'test',
      keyId: 'rzp_test_parishB123',
      keySecret: B_SECRETS.razorpayKeySecret,
      webhookSecret: B_SECRETS.razorpayWebhookSecret,
    });
    expect(b.worldline.mode).toBe('sandbox');
    const home = await runInParish(1, () => parishGatewaySettings(t.app.deps, 1));
    expect(home.razorpay).toBe(t.app.config.razorpay);
    const whatsApp = (parishId: number) => runInParish(parishId, () => parishWhatsAppConfig(t.app.deps, parishId));
    expect((await whatsApp(2)).appSecret).toBe(B_SECRETS.whatsappAppSecret);
    expect((await whatsApp(1)).appSecret).toBe(HOME_APP_SECRET);
    expect((await whatsApp(3)).configured).toBe(false);
  });
});

describe('Razorpay webhook: the parish from the order it names, the signature with that parish’s secret', () => {
  const hmac = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('hex');
  const webhook = (body: string, signature: string, eventId: string, host = A) =>
    t.app.inject({
      method: 'POST',
      url: '/api/razorpay/webhook',
      headers: {
        host,
        'content-type': 'application/json',
        'x-razorpay-signature': signature,
        'x-razorpay-event-id': eventId,
      },
      payload: body,
    });
  const refundEvent = (orderId: string) =>
    JSON.stringify({
      event: 'refund.processed',
      payload: { payment: { entity: { id: 'pay_x1', order_id: orderId } } },
    });

  let homeOrderId = '';
  let parishBOrderId = '';

  beforeAll(async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/razorpay/create-order',
      headers: on(A, member),
      payload: { paymentIds: [misc] },
    });
    expect(created.statusCode, created.body).toBe(200);
    homeOrderId = created.json<RazorpayOrder>().order.id;
    // A transaction of parish B: a copy of the home one (its member copied too) under parish 2.
    parishBOrderId = `${homeOrderId}B`;
    await copyRow('members', `id = '${memberId}'`, { parish_id: '2' });
    await copyRow('transactions', `gateway_order_id = '${homeOrderId}'`, {
      parish_id: '2',
      id: 'gen_random_uuid()',
      transaction_id: "transaction_id || 'B'",
      gateway_order_id: `'${parishBOrderId}'`,
    });
  });

  it("refuses parish B's order signed with the home parish's secret, whatever the host says", async () => {
    const body = refundEvent(parishBOrderId);
    for (const host of [A, B]) {
      expectError(
        await webhook(body, hmac(SANDBOX_SECRETS.razorpayWebhookSecret, body), `evt_a_${host}`, host),
        401,
        'UNAUTHORIZED',
      );
    }
    const ok = await webhook(body, hmac(B_SECRETS.razorpayWebhookSecret, body), 'evt_b_1', A);
    expect(ok.statusCode, ok.body).toBe(200);
    const events = await asOwner(() =>
      queryRows<{ parish_id: number }>(
        t.db,
        sql`SELECT parish_id FROM gateway_events WHERE provider = 'razorpay' AND event_id = 'evt_b_1'`,
      ),
    );
    expect(events).toEqual([{ parish_id: 2 }]);
  });

  it("refuses the home parish's order signed with parish B's secret, whatever the host says", async () => {
    const body = refundEvent(homeOrderId);
    for (const host of [A, B]) {
      expectError(
        await webhook(body, hmac(B_SECRETS.razorpayWebhookSecret, body), `evt_c_${host}`, host),
        401,
        'UNAUTHORIZED',
      );
    }
    const ok = await webhook(body, hmac(SANDBOX_SECRETS.razorpayWebhookSecret, body), 'evt_a_ok', B);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it("finds the parish by Razorpay's account id when the order is not ours", async () => {
    const body = JSON.stringify({ event: 'account.updated', account_id: 'acc_parishB12345', payload: {} });
    expectError(
      await webhook(body, hmac(SANDBOX_SECRETS.razorpayWebhookSecret, body), 'evt_acc_a'),
      401,
      'UNAUTHORIZED',
    );
    expect((await webhook(body, hmac(B_SECRETS.razorpayWebhookSecret, body), 'evt_acc_b')).statusCode).toBe(200);
  });
});

describe("WhatsApp webhook: the parish from Meta's phone_number_id, the signature with its app secret", () => {
  const statusBody = (...phoneIds: string[]) =>
    JSON.stringify({
      object: 'whatsapp_business_account',
      entry: phoneIds.map((id) => ({
        id: 'WABA',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '919800000000', phone_number_id: id },
              statuses: [{ id: `wamid.${id}`, status: 'delivered', timestamp: '1700000000', recipient_id: '91' }],
            },
          },
        ],
      })),
    });
  const sign = (secret: string, body: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
  const post = (body: string, signature: string, host = A) =>
    t.app.inject({
      method: 'POST',
      url: '/api/whatsapp/webhook',
      headers: { host, 'content-type': 'application/json', 'x-hub-signature-256': signature },
      payload: body,
    });

  it("checks parish B's number with B's app secret and the home number with the environment's", async () => {
    const b = statusBody(B_PHONE_ID);
    expectError(await post(b, sign(HOME_APP_SECRET, b)), 401, 'UNAUTHORIZED');
    expectError(await post(b, sign(HOME_APP_SECRET, b), B), 401, 'UNAUTHORIZED');
    expect((await post(b, sign(B_SECRETS.whatsappAppSecret, b))).statusCode).toBe(200);
    const home = statusBody(HOME_PHONE_ID);
    expectError(await post(home, sign(B_SECRETS.whatsappAppSecret, home), B), 401, 'UNAUTHORIZED');
    expect((await post(home, sign(HOME_APP_SECRET, home), B)).statusCode).toBe(200);
  });

  it('refuses a number no parish has, and a body naming two parishes', async () => {
    const unknown = statusBody('9999999');
    expectError(await post(unknown, sign(HOME_APP_SECRET, unknown)), 401, 'UNAUTHORIZED');
    const both = statusBody(HOME_PHONE_ID, B_PHONE_ID);
    expectError(await post(both, sign(HOME_APP_SECRET, both)), 401, 'UNAUTHORIZED');
    expectError(await post(both, sign(B_SECRETS.whatsappAppSecret, both)), 401, 'UNAUTHORIZED');
  });

  it("sends with the request's parish's own number and token, the home parish with the environment's", async () => {
    for (const [host, phoneId, token] of [
      [B, B_PHONE_ID, B_SECRETS.whatsappAccessToken],
      [A, HOME_PHONE_ID, 'home-access-token'],
    ] as const) {
      standIn.reset();
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/whatsapp/test',
        headers: on(host, adminOf(host)),
        payload: { to: '919847012345' },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(standIn.requests).toHaveLength(1);
      expect(standIn.requests[0]?.path).toContain(`/${phoneId}/messages`);
      expect(standIn.requests[0]?.authorization).toBe(`Bearer ${token}`);
      const status = await t.app.inject({
        method: 'GET',
        url: '/api/whatsapp/status',
        headers: on(host, adminOf(host)),
      });
      expect(status.json<{ phoneNumberId: string }>().phoneNumberId).toMatch(new RegExp(`${phoneId.slice(-4)}$`));
      expect(status.body).not.toContain(token);
    }
  });

  it("answers Meta's handshake with the verify token of the request's parish", async () => {
    const handshake = (host: string, token: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=42`,
        headers: { host },
      });
    expect((await handshake(B, B_SECRETS.whatsappVerifyToken)).body).toBe('42');
    expect((await handshake(B, 'home-verify-token')).statusCode).toBe(403);
    expect((await handshake(A, 'home-verify-token')).body).toBe('42');
    expect((await handshake(A, B_SECRETS.whatsappVerifyToken)).statusCode).toBe(403);
  });
});

describe('a settings key other than the one that sealed the secrets', () => {
  it('clears the sealed values and names them; plain ids and everything else stay; re-entered they work again', async () => {
    const plain = () =>
      runInParish(2, () =>
        queryRows<{ field: string; value: string }>(
          t.db,
          sql`SELECT field, value FROM parish_credentials WHERE NOT sealed ORDER BY parish_id, field`,
        ),
      );
    const plainBefore = await plain();
    const other = settingsKeyOf('another server’s settings key, at least 32 characters');
    expect(other.id).not.toBe(t.config.settingsKey.id);
    const cleared = await asOwner(() => clearSecretsSealedUnderAnotherKey(t.db, other));
    expect(cleared.map((item) => `${item.parishId} ${item.label}`)).toEqual([
      '2 Razorpay key secret',
      '2 Razorpay webhook secret',
      '2 WhatsApp access token',
      '2 WhatsApp app secret',
      '2 WhatsApp verify token',
    ]);
    expect(await plain()).toEqual(plainBefore);
    expect(plainBefore).toHaveLength(4);
    const answer = await t.app.inject({ method: 'GET', url: '/api/admin/credentials', headers: on(B, adminB) });
    expect(answer.json<Credentials>().fields.whatsappAppSecret).toMatchObject({ set: false, needsReentry: true });
    expect((await asOwner(() => clearSecretsSealedUnderAnotherKey(t.db, other))).length).toBe(0);
    const reentered = await putCredentials(B, { whatsappAppSecret: B_SECRETS.whatsappAppSecret });
    expect(reentered.json<Credentials>().fields.whatsappAppSecret).toMatchObject({ set: true, needsReentry: false });
  });
});
