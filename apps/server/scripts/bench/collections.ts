import { sql } from 'drizzle-orm';

import { queryRows, type Db } from '../../src/db/client.ts';
import { runAsOwner, runInParish } from '../../src/db/parish-scope.ts';
import { HOME_PARISH_ID } from '../../src/db/schema/parishes.ts';
import type { LoadRequest } from '../load.ts';
import {
  fmt,
  load,
  loadDemo,
  progress,
  reported,
  withBenchApp,
  type BenchApp,
  type BenchCase,
  type BenchRow,
} from './harness.ts';
import type { Engine } from './goals.ts';

/** The demo parish's cashier (`scripts/demo.ts`). */
export const DEMO_CASHIER = { username: 'cashier', password: 'cashier-demo-1' };
/** Extra pending dues for the collectors: heads x the demo's 300 members. */
const EXTRA_HEADS = 8;
/** The collectors: one cashier account each, as ten cashiers at ten counters would be. */
const COLLECTORS = 10;

/**
 * Creates {@link COLLECTORS} cashier accounts through the admin API and signs each in.
 * @returns their bearer tokens
 */
async function collectorTokens(bench: BenchApp): Promise<string[]> {
  const tokens: string[] = [];
  for (let n = 1; n <= COLLECTORS; n += 1) {
    const username = `bench-cashier-${n}`;
    const password = `bench-cashier-password-${n}`;
    const created = await bench.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: { authorization: `Bearer ${bench.adminToken}` },
      payload: { username, password, name: `Bench Cashier ${n}`, role: 'cashier' },
    });
    if (created.statusCode !== 201) throw new Error(`cashier ${username} not created: ${created.body}`);
    tokens.push(await bench.login('staff', username, password));
  }
  return tokens;
}

/**
 * Adds `heads` fixed current-due heads (`Bench Collect N`, ₹100–₹800) assigned to every member,
 * all pending, and answers one collection request per pending payment of them, in random-looking
 * order: `POST /api/payments/{id}/collect` in cash for the exact amount (rupees).
 */
export async function pendingCollections(db: Db, heads: number): Promise<LoadRequest[]> {
  // The bench's handle is scoped as the server's (no parish outside a request): the demo parish's rows.
  return runInParish(HOME_PARISH_ID, () => pendingCollectionsInParish(db, heads));
}

async function pendingCollectionsInParish(db: Db, heads: number): Promise<LoadRequest[]> {
  await db.execute(
    sql`INSERT INTO payment_heads (name, amount_paise, type, year, due_date)
        SELECT 'Bench Collect ' || g, 10000 * g, 'current due', 2026, '2027-03-31'::date FROM generate_series(1, ${heads}) g`,
  );
  await db.execute(
    sql`INSERT INTO payments (member_id, payment_head_id, amount_paise, year)
        SELECT m.id, h.id, h.amount_paise, h.year FROM members m CROSS JOIN payment_heads h
         WHERE h.name LIKE 'Bench Collect %' AND m.is_active`,
  );
  const rows = await queryRows<{ id: string; amount_paise: unknown }>(
    db,
    sql`SELECT p.id, p.amount_paise FROM payments p JOIN payment_heads h ON h.id = p.payment_head_id
         WHERE h.name LIKE 'Bench Collect %' AND p.status = 'pending' ORDER BY md5(p.id::text)`,
  );
  return rows.map((row) => ({
    path: `/api/payments/${row.id}/collect`,
    method: 'POST',
    body: JSON.stringify({
      collectionMode: 'manual',
      collectionAmount: Number(row.amount_paise) / 100,
      paymentMethod: 'cash',
    }),
  }));
}

/** Receipt numbers issued more than once in a parish (must be none), counted over every parish. */
export async function duplicateReceipts(db: Db): Promise<number> {
  const [row] = await runAsOwner(() =>
    queryRows<{ n: unknown }>(
      db,
      sql`SELECT count(*) AS n FROM (SELECT parish_id, number FROM receipts GROUP BY 1, 2 HAVING count(*) > 1) d`,
    ),
  );
  return Number(row?.n ?? 0);
}

async function collectionsOn(engine: Engine): Promise<BenchRow[]> {
  return withBenchApp(
    engine,
    async (bench) => {
      const db = bench.database.db;
      const tokens = await collectorTokens(bench);
      // Request i is collected by cashier i mod 10: the ten requests in flight at a time are, as
      // a rule, ten cashiers' (each with their own day sheet and summary row), not one account's.
      const requests = (await pendingCollections(db, EXTRA_HEADS)).map((request, i) => ({
        ...request,
        headers: { authorization: `Bearer ${tokens[i % COLLECTORS]}`, 'content-type': 'application/json' },
      }));
      progress('collections', engine, `${requests.length} pending dues to collect, ${COLLECTORS} cashiers`);
      const token = await bench.login('staff', DEMO_CASHIER.username, DEMO_CASHIER.password);
      const floor = await load(bench, token, ['/api/auth/verify'], 1000);
      const warmup = 100;
      const result = await load(bench, token, requests, requests.length - warmup, warmup);
      const committed = result.times.length - result.non2xx;
      const rate = committed / result.seconds;
      return [
        {
          engine,
          measure: `collections committed a second (${committed} in ${result.seconds.toFixed(1)} s)`,
          value: rate,
          unit: 'per s',
          floor: `auth/verify ${fmt(floor.times.length / floor.seconds)} req/s`,
          goal: 'collectionsRate',
          note: `${result.non2xx} refused`,
        },
        {
          engine,
          measure: 'duplicate receipt numbers',
          value: await duplicateReceipts(db),
          unit: '',
          floor: '-',
          goal: 'duplicateReceipts',
        },
      ];
    },
    loadDemo,
  );
}

/**
 * `--only=collections`: office collections with 10 concurrent collectors (one request each at a
 * time; ten cashier accounts, request i by cashier i mod 10) on the demo parish plus 2,400 fixed dues, through the full API
 * (receipt number, audit record, summaries), beside `/api/auth/verify` at c = 10
 * (`docs/domain.md`, §12 "C3"; issue 18).
 */
export const collectionsCase: BenchCase = {
  name: 'collections',
  summary: 'office collections a second with 10 concurrent collectors; duplicate receipt numbers',
  run: async () => [
    ...reported('collections', await collectionsOn('pglite')),
    ...reported('collections', await collectionsOn('postgres')),
  ],
};
