import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { asc, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { paise, type CollectResult } from '@parish/shared';

import { MIGRATIONS_FOLDER, PGLITE_EXTENSIONS, queryRows } from '../../../src/db/client.ts';
import { payments, receiptItems, receipts } from '../../../src/db/schema/index.ts';
import { markPaid, type MarkPaidInput } from '../../../src/modules/payments/ledger/mark-paid.ts';
import { insertHead, insertPayment } from '../../factories.ts';
import { createMember, createTestApp, loginAs, type Session, type TestApp } from '../../helpers.ts';

let t: TestApp;
let admin: Session;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
});
afterAll(() => t.close());

/** Online settlement's facts for `markPaid`, for a member's lines. */
function onlineInput(memberId: string | null, lines: MarkPaidInput['lines']): MarkPaidInput {
  return {
    memberId,
    lines,
    issuedAt: t.clock.now(),
    paymentMethod: 'online',
    paymentGateway: 'worldline',
    collectionMode: 'online',
    collectedBy: null,
    transactionId: 'WL-TEST-1',
    pgTransactionId: 'TPSL-1',
    notes: null,
    enforceDueAmount: false,
  };
}

async function receiptOf(paymentId: string) {
  const [row] = await t.db
    .select({ receipt: receipts, payment: payments })
    .from(payments)
    .innerJoin(receipts, eq(receipts.id, payments.receiptId))
    .where(eq(payments.id, paymentId));
  return row;
}

describe('markPaid: one receipt for one act of paying', () => {
  it('marks several dues paid under ONE receipt whose lines and total add up to the paisa', async () => {
    const member = await createMember(t.app);
    const church = await insertHead(t.db, { name: 'Church Tax', amountPaise: 150_050 });
    const building = await insertHead(t.db, {
      name: 'Building Fund',
      amountPaise: 200_000,
      type: 'arrear',
      year: 2025,
    });
    const p1 = await insertPayment(t.db, member, church);
    const p2 = await insertPayment(t.db, member, building);

    const result = await t.db.transaction((tx) =>
      markPaid(
        tx,
        t.config.parishTimezone,
        onlineInput(member.id, [
          { paymentId: p2.id, amountPaise: paise(200_000) },
          { paymentId: p1.id, amountPaise: paise(150_050) },
        ]),
      ),
    );

    expect(result.notPaid).toEqual([]);
    expect(result.paid.map((line) => line.paymentId).sort()).toEqual([p1.id, p2.id].sort());
    expect(result.receipt?.number).toMatch(/^2026-27\/\d{6}$/);
    const first = await receiptOf(p1.id);
    const second = await receiptOf(p2.id);
    expect(first?.receipt.id).toBe(result.receipt?.id);
    expect(second?.receipt.id).toBe(result.receipt?.id);
    expect(first?.payment.receiptNumber).toBe(result.receipt?.number);
    expect(first?.receipt).toMatchObject({ totalPaise: 350_050, memberId: member.id, paymentGateway: 'worldline' });
    const lines = await t.db
      .select()
      .from(receiptItems)
      .where(eq(receiptItems.receiptId, result.receipt?.id ?? ''))
      .orderBy(asc(receiptItems.line));
    expect(lines.map((line) => [line.line, line.headName, line.headYear, line.amountPaise])).toEqual(
      [p1, p2]
        .sort((a, b) => (a.id < b.id ? -1 : 1))
        .map((p, index) =>
          p.id === p1.id ? [index + 1, 'Church Tax', 2026, 150_050] : [index + 1, 'Building Fund', 2025, 200_000],
        ),
    );
    expect(lines.reduce((sum, line) => sum + line.amountPaise, 0)).toBe(first?.receipt.totalPaise);
  });

  it('a receipt of two dues prints both lines and the total, whichever due it is opened from', async () => {
    const member = await createMember(t.app);
    const church = await insertHead(t.db, { name: 'Church Tax', amountPaise: 150_050 });
    const carol = await insertHead(t.db, { name: 'Carol Dues', amountPaise: 50_000, type: 'miscellaneous' });
    const p1 = await insertPayment(t.db, member, church);
    const p2 = await insertPayment(t.db, member, carol);
    const issued = await t.db.transaction((tx) =>
      markPaid(
        tx,
        t.config.parishTimezone,
        onlineInput(member.id, [
          { paymentId: p1.id, amountPaise: paise(150_050) },
          { paymentId: p2.id, amountPaise: paise(50_000) },
        ]),
      ),
    );
    for (const payment of [p1, p2]) {
      const printed = await t.app.inject({
        method: 'GET',
        url: `/api/payments/${payment.id}/receipt`,
        headers: admin.headers,
      });
      expect(printed.statusCode, printed.body).toBe(200);
      const html = printed.body;
      expect(html).toContain(issued.receipt?.number ?? 'no number');
      expect(html).toContain('<bdi>Church Tax 2026</bdi></td><td class="num">₹1,500.50</td>');
      expect(html).toContain('<bdi>Carol Dues 2026</bdi></td><td class="num">₹500.00</td>');
      expect(html).toContain('<div class="figure">₹2,000.50</div>');
      expect(html).toContain('Two Thousand Rupees And Fifty Paise Only');
      expect(html).not.toContain('<th scope="row">Payment Head</th>');
    }
  });

  it('leaves out a due no longer pending and a due of another member; the rest share one receipt', async () => {
    const member = await createMember(t.app);
    const other = await createMember(t.app);
    const head = await insertHead(t.db, { amountPaise: 50_000 });
    const mine = await insertPayment(t.db, member, head);
    const alreadyPaid = await insertPayment(t.db, member, await insertHead(t.db, { amountPaise: 10_000 }));
    const theirs = await insertPayment(t.db, other, head);
    await t.db.update(payments).set({ status: 'paid' }).where(eq(payments.id, alreadyPaid.id));

    const result = await t.db.transaction((tx) =>
      markPaid(
        tx,
        t.config.parishTimezone,
        onlineInput(member.id, [
          { paymentId: mine.id, amountPaise: paise(50_000) },
          { paymentId: alreadyPaid.id, amountPaise: paise(10_000) },
          { paymentId: theirs.id, amountPaise: paise(50_000) },
        ]),
      ),
    );

    expect(result.paid).toEqual([{ paymentId: mine.id, amountPaise: 50_000 }]);
    expect(result.notPaid.map((line) => line.paymentId).sort()).toEqual([alreadyPaid.id, theirs.id].sort());
    expect((await receiptOf(mine.id))?.receipt.totalPaise).toBe(50_000);
    const [theirRow] = await t.db.select().from(payments).where(eq(payments.id, theirs.id));
    expect(theirRow).toMatchObject({ status: 'pending', receiptId: null, paidAt: null });
  });

  it('issues no receipt when nothing was paid, and takes no number', async () => {
    const member = await createMember(t.app);
    const head = await insertHead(t.db);
    const payment = await insertPayment(t.db, member, head);
    await t.db.update(payments).set({ status: 'paid' }).where(eq(payments.id, payment.id));
    const [before] = await queryRows<{ count: number }>(t.db, receiptCountSql());
    const result = await t.db.transaction((tx) =>
      markPaid(
        tx,
        t.config.parishTimezone,
        onlineInput(null, [{ paymentId: payment.id, amountPaise: head.amountPaise }]),
      ),
    );
    expect(result).toEqual({
      receipt: null,
      paid: [],
      notPaid: [{ paymentId: payment.id, amountPaise: head.amountPaise }],
    });
    const [after] = await queryRows<{ count: number }>(t.db, receiptCountSql());
    expect(Number(after?.count)).toBe(Number(before?.count));
  });

  it('a reversal voids the receipt: it keeps its number and lines, the payment loses it, the next gets a new one', async () => {
    const member = await createMember(t.app);
    const head = await insertHead(t.db, { amountPaise: 120_000 });
    const payment = await insertPayment(t.db, member, head);
    const collect = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/payments/${payment.id}/collect`,
        headers: admin.headers,
        payload: { collectionAmount: 1200, paymentMethod: 'cash', notes: 'Sunday' },
      });
    const first = (await collect()).json<CollectResult>().payment;
    const issued = await receiptOf(payment.id);
    expect(issued?.receipt).toMatchObject({ number: first.receiptNumber, notes: 'Sunday', paymentMethod: 'cash' });

    const reversed = await t.app.inject({
      method: 'PUT',
      url: `/api/payments/${payment.id}/reverse`,
      headers: admin.headers,
      payload: { reason: 'wrong_amount' },
    });
    expect(reversed.statusCode).toBe(200);
    const [voided] = await t.db
      .select()
      .from(receipts)
      .where(eq(receipts.id, issued?.receipt.id ?? ''));
    expect(voided).toMatchObject({ number: first.receiptNumber, voidedBy: admin.user.id, totalPaise: 120_000 });
    expect(voided?.voidedAt).not.toBeNull();
    const kept = await t.db
      .select()
      .from(receiptItems)
      .where(eq(receiptItems.receiptId, voided?.id ?? ''));
    expect(kept).toMatchObject([{ line: 1, paymentId: payment.id, amountPaise: 120_000 }]);
    const [pendingAgain] = await t.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(pendingAgain).toMatchObject({ status: 'pending', receiptId: null, receiptNumber: null });

    const second = (await collect()).json<CollectResult>().payment;
    expect(second.receiptNumber).not.toBe(first.receiptNumber);
    expect((await receiptOf(payment.id))?.receipt.voidedAt).toBeNull();
  });
});

function receiptCountSql() {
  return sql`select count(*)::int as count from receipts`;
}

describe('markPaid under concurrency', () => {
  it('an online settlement of two dues racing a cash collection of one of them: no deadlock, each paid once', async () => {
    const cashier = await loginAs(t.app, 'cashier');
    for (let round = 0; round < 8; round += 1) {
      const member = await createMember(t.app);
      const first = await insertPayment(t.db, member, await insertHead(t.db, { amountPaise: 10_000 }));
      const second = await insertPayment(t.db, member, await insertHead(t.db, { amountPaise: 20_000 }));
      const [online, cash] = await Promise.all([
        t.db.transaction((tx) =>
          markPaid(
            tx,
            t.config.parishTimezone,
            onlineInput(member.id, [
              { paymentId: first.id, amountPaise: paise(10_000) },
              { paymentId: second.id, amountPaise: paise(20_000) },
            ]),
          ),
        ),
        t.app.inject({
          method: 'POST',
          url: `/api/payments/${second.id}/collect`,
          headers: cashier.headers,
          payload: { collectionAmount: 200, paymentMethod: 'cash' },
        }),
      ]);
      expect([200, 409]).toContain(cash.statusCode);
      const cashPaid = cash.statusCode === 200;
      expect(online.paid.map((line) => line.paymentId)).toEqual(cashPaid ? [first.id] : [first.id, second.id].sort());
      expect(online.notPaid.map((line) => line.paymentId)).toEqual(cashPaid ? [second.id] : []);
      const [row] = await t.db.select().from(payments).where(eq(payments.id, second.id));
      expect(row).toMatchObject({ status: 'paid', paymentGateway: cashPaid ? 'manual' : 'worldline' });
    }
  });
});

describe('migration 0007: receipts of earlier releases', () => {
  it(
    'gives every numbered paid payment a receipt of one line under its own number, and nothing else',
    { timeout: 120_000 },
    async () => {
      // A database at the schema before receipts (migrations up to 0006), with a ledger in it.
      const folder = mkdtempSync(path.join(os.tmpdir(), 'parish-migrations-'));
      try {
        cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
        const journalFile = path.join(folder, 'meta', '_journal.json');
        const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
        const upTo = journal.entries.findIndex((entry) => entry.tag.startsWith('0007_'));
        expect(upTo).toBeGreaterThan(0);
        writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }));
        const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
        const db = drizzle({ client, casing: 'snake_case' });
        await migrate(db, { migrationsFolder: folder });
        await client.exec(`
        insert into members (id, name, mobile, parish_number) values
          ('00000000-0000-4000-8000-000000000001', 'Thomas Mathew', '9847000001', 'SM001');
        insert into payment_heads (id, name, description, amount_paise, type, year) values
          ('00000000-0000-4000-8000-0000000000a1', 'Church Tax', 'x', 150000, 'current due', 2026),
          ('00000000-0000-4000-8000-0000000000a2', 'Carol', 'x', 50050, 'miscellaneous', 2026),
          ('00000000-0000-4000-8000-0000000000a3', 'Building', 'x', 200000, 'arrear', 2025);
        insert into payments (id, member_id, payment_head_id, amount_paise, paid_amount_paise, status, year, paid_at,
                              payment_method, payment_gateway, collection_mode, transaction_id, notes, receipt_number) values
          ('00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-000000000001',
           '00000000-0000-4000-8000-0000000000a1', 150000, 175000, 'paid', 2026, '2026-11-01T05:00:00Z',
           'cash', 'manual', 'manual', null, 'Thank you', '2026-27/000007'),
          ('00000000-0000-4000-8000-0000000000b2', '00000000-0000-4000-8000-000000000001',
           '00000000-0000-4000-8000-0000000000a2', 50050, 50050, 'paid', 2026, '2026-11-02T05:00:00Z',
           'online', 'worldline', 'online', 'WL1', null, '2026-27/000008'),
          ('00000000-0000-4000-8000-0000000000b3', '00000000-0000-4000-8000-000000000001',
           '00000000-0000-4000-8000-0000000000a3', 200000, null, 'pending', 2025, null,
           null, null, null, null, null, null);
      `);
        // Then today's migrations.
        await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
        const { rows } = await client.query<Record<string, unknown>>(`
        select p.id as payment, r.number, r.total_paise, r.payment_method, r.payment_gateway, r.notes,
               r.issued_at, r.voided_at, i.line, i.head_name, i.head_year, i.amount_paise
          from payments p left join receipts r on r.id = p.receipt_id left join receipt_items i on i.receipt_id = r.id
         order by p.id`);
        expect(rows).toEqual([
          {
            payment: '00000000-0000-4000-8000-0000000000b1',
            number: '2026-27/000007',
            total_paise: 175000,
            payment_method: 'cash',
            payment_gateway: 'manual',
            notes: 'Thank you',
            issued_at: new Date('2026-11-01T05:00:00Z'),
            voided_at: null,
            line: 1,
            head_name: 'Church Tax',
            head_year: 2026,
            amount_paise: 175000,
          },
          {
            payment: '00000000-0000-4000-8000-0000000000b2',
            number: '2026-27/000008',
            total_paise: 50050,
            payment_method: 'online',
            payment_gateway: 'worldline',
            notes: null,
            issued_at: new Date('2026-11-02T05:00:00Z'),
            voided_at: null,
            line: 1,
            head_name: 'Carol',
            head_year: 2026,
            amount_paise: 50050,
          },
          {
            payment: '00000000-0000-4000-8000-0000000000b3',
            number: null,
            total_paise: null,
            payment_method: null,
            payment_gateway: null,
            notes: null,
            issued_at: null,
            voided_at: null,
            line: null,
            head_name: null,
            head_year: null,
            amount_paise: null,
          },
        ]);
        const count = await client.query<{ count: number }>('select count(*)::int as count from receipts');
        expect(count.rows[0]?.count).toBe(2);
        await client.close();
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  );
});
