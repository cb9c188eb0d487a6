import type { Dashboard, ReportOf } from '@parish/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { registerParishHost } from '../../../src/modules/parishes/parish-hosts.ts';
import { insertPayment } from '../../factories.ts';
import { createHead } from '../../gateway-fixtures.ts';
import {
  addParish,
  createMember,
  createTestApp,
  inParish,
  loginStaff,
  TEST_ADMIN_PASSWORD,
  TEST_ADMIN_USERNAME,
  type Session,
  type TestApp,
} from '../../helpers.ts';

/**
 * Answers kept under the database snapshot (the dashboard's, decision 0055; the member-due totals,
 * decision 0155) are one parish's: the snapshot is the whole database's, so two parishes read back
 * to back, with nothing committed in between, see the same snapshot and must still each get their
 * own figures (issue 28: no answer shows another parish's data).
 */

const HOST_A = 'a.snapshot.test';
const HOST_B = 'b.snapshot.test';

let t: TestApp;
let adminA: Session;
let adminB: Session;

beforeAll(async () => {
  t = await createTestApp();
  await registerParishHost(t.db, 1, HOST_A);
  const parishB = await addParish(t, 'St. B Snapshot Parish', [HOST_B]);
  adminA = await inParish(1, HOST_A, async () => {
    const member = await createMember(t.app, { name: 'Owing A' });
    const head = await createHead(t.app, { type: 'current due', amountPaise: 125_000 });
    await insertPayment(t.db, member, { id: head, amountPaise: 125_000 });
    return loginStaff(t.app, TEST_ADMIN_USERNAME, TEST_ADMIN_PASSWORD);
  });
  adminB = await inParish(parishB, HOST_B, () => loginStaff(t.app, TEST_ADMIN_USERNAME, TEST_ADMIN_PASSWORD));
});
afterAll(async () => {
  await t.close();
});

async function ask<T>(session: Session, host: string, method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await t.app.inject({
    method,
    url,
    headers: { ...session.headers, host },
    ...(payload && { payload }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

describe('answers kept under the database snapshot, per parish', () => {
  it("the dashboard: parish B read right after parish A shows B's figures, not A's", async () => {
    const a = await ask<Dashboard>(adminA, HOST_A, 'GET', '/api/admin/dashboard');
    const b = await ask<Dashboard>(adminB, HOST_B, 'GET', '/api/admin/dashboard');
    expect(a.payments.total).toBe(1);
    expect(a.amounts.totalPending).toBe(1250);
    expect(b.payments.total).toBe(0);
    expect(b.amounts.totalPending).toBe(0);
  });

  it("the member-due report: parish B read right after parish A totals B's members, not A's", async () => {
    const a = await ask<ReportOf<'member-due'>>(adminA, HOST_A, 'POST', '/api/admin/reports', { type: 'member-due' });
    const b = await ask<ReportOf<'member-due'>>(adminB, HOST_B, 'POST', '/api/admin/reports', { type: 'member-due' });
    expect(a.totals).toMatchObject({ members: 1, totalPending: 1250 });
    expect(b.items).toEqual([]);
    expect(b.totals).toEqual({ members: 0, arrears: 0, current: 0, misc: 0, totalPending: 0 });
  });
});
