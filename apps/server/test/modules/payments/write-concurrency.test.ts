import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { PaymentHead } from '@parish/shared';

import { createMember, createTestApp, loginAs, type RoleSession, type TestApp } from '../../helpers.ts';

/*
 * Writers of members and payments running at once all finish: none is chosen as a deadlock
 * victim (PostgreSQL; on PGlite everything is serialised anyway). The `data_versions` triggers
 * (migration 0006) add a lock per table to every such write, so the order of locks matters.
 */

let t: TestApp;
let admin: RoleSession;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
});
afterAll(async () => {
  await t.close();
});

describe('members and payments written at once', () => {
  it('deleting a member while a head is tagged to them: both answer, every time', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/payment-heads',
      headers: admin.headers,
      payload: { name: 'Race Fund 2026', amount: 500, type: 'current due', year: 2026 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const head = created.json<PaymentHead>();
    for (let round = 0; round < 40; round += 1) {
      const member = await createMember(t.app);
      const [deleted, tagged] = await Promise.all([
        t.app.inject({ method: 'DELETE', url: `/api/members/${member.id}`, headers: admin.headers }),
        t.app.inject({
          method: 'POST',
          url: '/api/payments/assign',
          headers: admin.headers,
          payload: { paymentHeadId: head._id, assignments: [{ memberId: member.id }] },
        }),
      ]);
      expect([round, deleted.statusCode, deleted.body]).toEqual([round, 200, deleted.body]);
      expect([round, tagged.statusCode, tagged.body]).toEqual([round, 200, tagged.body]);
    }
  });

  it('deleting a member while the account-head CSV tags them and an admin edits another: all answer', async () => {
    for (let round = 0; round < 20; round += 1) {
      const gone = await createMember(t.app);
      const other = await createMember(t.app);
      const [deleted, uploaded, edited] = await Promise.all([
        t.app.inject({ method: 'DELETE', url: `/api/members/${gone.id}`, headers: admin.headers }),
        t.app.inject({
          method: 'POST',
          url: '/api/payments/upload-csv',
          headers: admin.headers,
          payload: {
            csvData: [
              ['ParishNumber', 'Name', 'Phone', 'Race Matrix 2026'],
              [gone.parishNumber, gone.name, gone.mobile, '300'],
              [other.parishNumber, other.name, other.mobile, '300'],
            ],
          },
        }),
        t.app.inject({
          method: 'PUT',
          url: `/api/members/${other.id}`,
          headers: admin.headers,
          payload: { name: `${other.name} Edited`, mobile: other.mobile, parishNumber: other.parishNumber },
        }),
      ]);
      expect([round, deleted.statusCode, deleted.body]).toEqual([round, 200, deleted.body]);
      expect([round, uploaded.statusCode, uploaded.body]).toEqual([round, 200, uploaded.body]);
      expect([round, edited.statusCode, edited.body]).toEqual([round, 200, edited.body]);
    }
  });
});
