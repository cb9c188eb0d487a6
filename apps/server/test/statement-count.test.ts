import { REPORT_TYPES, paise } from '@parish/shared';
import { forgetParishHosts, parishOfRequestHost } from '../src/modules/parishes/parish-hosts.ts';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { payments } from '../src/db/schema/index.ts';
import { createMember, createTestApp, loginAs, loginMember, type Session, type TestApp } from './helpers.ts';
import { FIXTURE_NOW, insertFixture, type Fixture } from './report-fixture.ts';

/*
 * `docs/domain.md`, "A2": a list, portal, dashboard or report request makes at most 5 SQL statements,
 * and the same number whatever its page size or however many rows it shows (no statement per
 * row). Counted at the driver (PGlite's or the node-postgres pool's `query`), so every statement
 * of the request counts, the caller's account lookup included. Before each request the data
 * versions are renewed, so that nothing is answered from a cache: the worst case is counted.
 */

let t: TestApp;
let fixture: Fixture;
let admin: Session;

beforeAll(async () => {
  t = await createTestApp({ now: FIXTURE_NOW });
  fixture = await insertFixture(t.app);
  admin = await loginAs(t.app, 'admin');
});
afterAll(async () => {
  await t.close();
});

/** The statements one request makes, with nothing cached; the request must answer 200. */
async function statementsOf(request: () => Promise<LightMyRequestResponse>): Promise<number> {
  await t.db.execute(sql`update data_versions set version = gen_random_uuid()`);
  // The host's parish is read at most every 5 s (decision 0125): read it now, so that the request does not.
  forgetParishHosts(t.db);
  await parishOfRequestHost(t.db, 'localhost');
  const driver = t.database.pglite ?? t.database.pool;
  if (!driver) throw new Error('no driver');
  const spy = vi.spyOn(driver, 'query');
  try {
    const response = await request();
    expect(response.statusCode, response.body).toBe(200);
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}

const get = (session: Session, url: string) => () => t.app.inject({ method: 'GET', url, headers: session.headers });

/** A request of a list, made for a page size. */
type ListRequest = [name: string, request: (limit: number) => () => Promise<LightMyRequestResponse>];

const listRequests: ListRequest[] = [
  ['GET /api/members', (limit) => get(admin, `/api/members?limit=${limit}`)],
  ['GET /api/members with a search', (limit) => get(admin, `/api/members?search=a&limit=${limit}`)],
  ['GET /api/payments', (limit) => get(admin, `/api/payments?limit=${limit}`)],
  ['GET /api/cashier/collections', (limit) => get(admin, `/api/cashier/collections?limit=${limit}`)],
  ['GET /api/transactions', (limit) => get(admin, `/api/transactions?limit=${limit}`)],
  ['GET /api/admin/activities', (limit) => get(admin, `/api/admin/activities?limit=${limit}`)],
  [
    'GET /api/admin/activities with every filter (names joined, not read per row)',
    (limit) => get(admin, `/api/admin/activities?limit=${limit}&search=a&actor=staff&from=2020-01-01&to=2099-12-31`),
  ],
  ...REPORT_TYPES.map((type): ListRequest => [
    `POST /api/admin/reports (${type})`,
    (limit) => () =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/reports',
        headers: admin.headers,
        payload: { type, page: 1, limit },
      }),
  ]),
];

describe('statements per request (docs/domain.md A2)', () => {
  it.each(listRequests)('%s: at most 5, the same for 10 rows a page and for 100', async (_name, request) => {
    // The first request may also read what the process then keeps for a while (the parish's time
    // zone, decision 0135): it is held to the bound; the page sizes are compared warm.
    const first = await statementsOf(request(10));
    const large = await statementsOf(request(100));
    const small = await statementsOf(request(10));
    expect(first).toBeLessThanOrEqual(5);
    expect(small).toBeLessThanOrEqual(first);
    expect(large).toBe(small);
  });

  it('GET /api/admin/dashboard and GET /api/payment-heads: at most 5', async () => {
    expect(await statementsOf(get(admin, '/api/admin/dashboard'))).toBeLessThanOrEqual(5);
    expect(await statementsOf(get(admin, '/api/payment-heads'))).toBeLessThanOrEqual(5);
  });

  it('the member portal: at most 5, the same for a member with one due and with four', async () => {
    const one = await createMember(t.app, { name: 'One Due' });
    const four = await createMember(t.app, { name: 'Four Dues' });
    const { arrears, current, misc, old } = fixture.heads;
    await t.db.insert(payments).values([
      { memberId: one.id, paymentHeadId: current, amountPaise: paise(10_000), year: 2027 },
      ...[arrears, current, misc, old].map((head) => ({
        memberId: four.id,
        paymentHeadId: head,
        amountPaise: paise(10_000),
        year: 2027,
      })),
    ]);
    const oneSession = await loginMember(t.app, one.mobile, one.password);
    const fourSession = await loginMember(t.app, four.mobile, four.password);
    for (const url of ['/api/customer/payments', '/api/customer/transactions']) {
      const few = await statementsOf(get(oneSession, url));
      const many = await statementsOf(get(fourSession, url));
      expect(few, url).toBeLessThanOrEqual(5);
      expect(many, url).toBe(few);
    }
  });
});
