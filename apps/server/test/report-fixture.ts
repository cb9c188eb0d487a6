import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

import { queryRows } from '../src/db/client.ts';
import { createCashier, createMember, type TestStaff } from './helpers.ts';

/**
 * The small fixed data set of the dashboard and report tests (issue 6), in Asia/Kolkata
 * (UTC+05:30). "Now" is Sunday 3 January 2027, 12:00 parish time. Collections sit on either side
 * of a day, a week (Saturday → Sunday) and a year boundary at 23:50 and 00:10 parish time:
 *
 * | key | member | head | assigned | paid | when (parish time) | method / gateway | by |
 * |---|---|---|---|---|---|---|---|
 * | A | Anna | Arrears 2026 | 100 | 100 | Thu 31/12/2026 23:50 | cash / manual | cashier1 |
 * | B | Ben | Current 2027 | 200 | 200 | Fri 01/01/2027 00:10 | upi / manual | cashier1 |
 * | C | Cara | Misc 2027 | 300 | 300 | Sat 02/01/2027 23:50 | cheque / manual | cashier2 |
 * | D | Dev | Arrears 2026 | 350 | 400 | Sun 03/01/2027 00:10 | cash / manual | cashier1 |
 * | E | Esa | Current 2027 | 500.50 | 500.50 | Sun 03/01/2027 10:00 | upi / manual | cashier2 |
 * | F | Finn | Misc 2027 | 600 | 600 | Sun 03/01/2027 09:00 | online / worldline | - |
 * | G | Gita | Current 2027 | 700 | (null) | Sat 02/01/2027 12:00 | card / razorpay | - |
 * | P1 | =Pal | Arrears 2026 | 1000 | pending | | | |
 * | P2 | +Quin | Current 2027 | 50 | pending | | | |
 * | P3 | -Ravi | Misc 2027 | 25.25 | pending | | | |
 * | F1 | @Sara | Current 2027 | 10 | failed | | | |
 *
 * Plus an inactive member without payments ("Zed Inactive") and an inactive head without
 * payments ("Old Head", 2025). The pending members' names start with = + - @ (CSV injection).
 */
export const FIXTURE_NOW = '2027-01-03T06:30:00.000Z';

/** Ids of the fixture's people and heads. */
export interface Fixture {
  cashier1: TestStaff;
  cashier2: TestStaff;
  members: Record<string, string>;
  heads: { arrears: string; current: string; misc: string; old: string };
  payments: Record<string, string>;
}

/** Parish time (UTC+05:30) to an ISO instant: `ist('2026-12-31 23:50')`. */
export function ist(local: string): string {
  return new Date(`${local.replace(' ', 'T')}:00+05:30`).toISOString();
}

/** Inserts the fixture straight into the database (the summary triggers keep the summaries). */
export async function insertFixture(app: FastifyInstance): Promise<Fixture> {
  const cashier1 = await createCashier(app, { name: 'Cashier One' });
  const cashier2 = await createCashier(app, { name: 'Cashier Two' });
  const names = ['Anna', 'Ben', 'Cara', 'Dev', 'Esa', 'Finn', 'Gita', '=Pal', '+Quin', '-Ravi', '@Sara'];
  const keys = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'P1', 'P2', 'P3', 'F1'];
  const members: Record<string, string> = {};
  for (const [i, name] of names.entries()) {
    const member = await createMember(app, { name, parishNumber: `FX${String(i + 1).padStart(3, '0')}` });
    members[keys[i] as string] = member.id;
  }
  await createMember(app, { name: 'Zed Inactive', isActive: false });
  const head = async (name: string, type: string, year: number, amountPaise: number, active = true) => {
    const [row] = await queryRows<{ id: string }>(
      app.db,
      sql`INSERT INTO payment_heads (name, amount_paise, type, year, is_active)
          VALUES (${name}, ${amountPaise}, ${type}, ${year}, ${active}) RETURNING id`,
    );
    return (row as { id: string }).id;
  };
  const heads = {
    arrears: await head('Arrears 2026', 'arrear', 2026, 10_000),
    current: await head('Current 2027', 'current due', 2027, 20_000),
    misc: await head('Misc 2027', 'miscellaneous', 2027, 30_000),
    old: await head('Old Head', 'current due', 2025, 5_000, false),
  };
  const rows: {
    key: string;
    head: string;
    amount: number;
    paid?: number | null;
    status: 'paid' | 'pending' | 'failed';
    at?: string;
    method?: string;
    gateway?: string;
    by?: string;
    txn?: string;
  }[] = [
    {
      key: 'A',
      head: heads.arrears,
      amount: 10_000,
      paid: 10_000,
      status: 'paid',
      at: ist('2026-12-31 23:50'),
      method: 'cash',
      gateway: 'manual',
      by: cashier1.id,
      txn: 'REF-A',
    },
    {
      key: 'B',
      head: heads.current,
      amount: 20_000,
      paid: 20_000,
      status: 'paid',
      at: ist('2027-01-01 00:10'),
      method: 'upi',
      gateway: 'manual',
      by: cashier1.id,
      txn: '=cmd|calc',
    },
    {
      key: 'C',
      head: heads.misc,
      amount: 30_000,
      paid: 30_000,
      status: 'paid',
      at: ist('2027-01-02 23:50'),
      method: 'cheque',
      gateway: 'manual',
      by: cashier2.id,
      txn: 'CHQ-77',
    },
    {
      key: 'D',
      head: heads.arrears,
      amount: 35_000,
      paid: 40_000,
      status: 'paid',
      at: ist('2027-01-03 00:10'),
      method: 'cash',
      gateway: 'manual',
      by: cashier1.id,
    },
    {
      key: 'E',
      head: heads.current,
      amount: 50_050,
      paid: 50_050,
      status: 'paid',
      at: ist('2027-01-03 10:00'),
      method: 'upi',
      gateway: 'manual',
      by: cashier2.id,
    },
    {
      key: 'F',
      head: heads.misc,
      amount: 60_000,
      paid: 60_000,
      status: 'paid',
      at: ist('2027-01-03 09:00'),
      method: 'online',
      gateway: 'worldline',
    },
    {
      key: 'G',
      head: heads.current,
      amount: 70_000,
      paid: null,
      status: 'paid',
      at: ist('2027-01-02 12:00'),
      method: 'card',
      gateway: 'razorpay',
    },
    { key: 'P1', head: heads.arrears, amount: 100_000, status: 'pending' },
    { key: 'P2', head: heads.current, amount: 5_000, status: 'pending' },
    { key: 'P3', head: heads.misc, amount: 2_525, status: 'pending' },
    { key: 'F1', head: heads.current, amount: 1_000, status: 'failed' },
  ];
  const payments: Record<string, string> = {};
  for (const [i, row] of rows.entries()) {
    const [inserted] = await queryRows<{ id: string }>(
      app.db,
      sql`INSERT INTO payments (member_id, payment_head_id, amount_paise, paid_amount_paise, status, year, paid_at,
                                payment_method, payment_gateway, collection_mode, collected_by, transaction_id, created_at)
          VALUES (${members[row.key]}::uuid, ${row.head}::uuid, ${row.amount}, ${row.paid ?? null}, ${row.status},
                  ${row.head === heads.arrears ? 2026 : 2027}, ${row.at ?? null}, ${row.method ?? null},
                  ${row.gateway ?? null}, ${row.gateway === 'manual' ? 'manual' : null}, ${row.by ?? null}::uuid,
                  ${row.txn ?? null}, ${ist(`2026-12-0${1 + (i % 9)} 10:00`)})
          RETURNING id`,
    );
    payments[row.key] = (inserted as { id: string }).id;
  }
  return { cashier1, cashier2, members, heads, payments };
}
