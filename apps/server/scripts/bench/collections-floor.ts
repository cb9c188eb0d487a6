/**
 * The floor under the collections case (issue 18): the same transaction as
 * `POST /api/payments/{id}/collect` without the web layer, on the demo parish plus 2,400 pending
 * dues. Per engine:
 * - `service`: `collectPayment` called in-process by 10 concurrent loops (Drizzle and the service
 *   code, no HTTP, no auth);
 * - `sql`: 10 database connections (1 on PGlite, which runs one statement at a time), each
 *   running BEGIN, the locked read, `markPaid`'s one statement (number, receipt, item, payment,
 *   audit) and COMMIT, with the time from that statement's start to the COMMIT's end — the serial
 *   section, while the receipt counter and the day's summary row are held — averaged.
 * Run: `node --import tsx scripts/bench/collections-floor.ts` (PostgreSQL at 127.0.0.1:5432).
 */
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';

import { paiseOfSum, type Paise } from '@parish/shared';

import { callerAuditContext, type Actor, type ServiceContext } from '../../src/context.ts';
import { queryRows, type DbOrTx } from '../../src/db/client.ts';
import { runInParish } from '../../src/db/parish-scope.ts';
import { HOME_PARISH_ID } from '../../src/db/schema/parishes.ts';
import { collectPayment } from '../../src/modules/office/counter.service.ts';
import { markPaid } from '../../src/modules/payments/ledger/mark-paid.ts';
import { pendingCollections } from './collections.ts';
import { loadDemo, withBenchApp, type BenchApp } from './harness.ts';
import type { Engine } from './goals.ts';

const CLIENTS = 10;
const PER_RUN = 1000;

interface Due {
  id: string;
  amountPaise: Paise;
}

async function dues(db: DbOrTx): Promise<Due[]> {
  const requests = await pendingCollections(db as never, 8);
  return requests.map((request) => {
    const id = request.path.split('/')[3] ?? '';
    const body = JSON.parse(String(request.body)) as { collectionAmount: number };
    return { id, amountPaise: Math.round(body.collectionAmount * 100) as Paise };
  });
}

/** Runs `work` over `items` with `workers` concurrent loops; returns items per second. */
async function rate<T>(items: T[], workers: number, work: (item: T, worker: number) => Promise<void>) {
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      while (next < items.length) {
        const item = items[next++] as T;
        await work(item, worker);
      }
    }),
  );
  return items.length / ((performance.now() - start) / 1000);
}

/** Milliseconds of a collection's serial section: the receipt statement (with its lock waits) and the COMMIT. */
interface SerialTimes {
  statementMs: number;
  commitMs: number;
}

/** One collection as plain SQL on one connection; returns its serial section's times. */
async function collectBySql(
  db: DbOrTx,
  actor: Actor,
  due: Due,
  run: (q: string) => Promise<void>,
): Promise<SerialTimes> {
  await run('begin');
  const [row] = await queryRows<{ member_id: string; status: string; amount_paise: string; variable_amount: boolean }>(
    db,
    sql`select p.member_id, p.status, p.amount_paise, h.variable_amount,
               (select name from staff_users where id = ${actor.id}) as collector,
               exists (select 1 from cashier_days where cashier_id = ${actor.id} and day = current_date
                         and closed_at is not null) as closed
          from payments p join members m on m.id = p.member_id join payment_heads h on h.id = p.payment_head_id
         where p.id = ${due.id} for update of p`,
  );
  if (!row) throw new Error('no payment');
  const start = performance.now();
  await markPaid(
    db,
    'Asia/Kolkata',
    {
      memberId: null,
      lines: [{ paymentId: due.id, amountPaise: due.amountPaise }],
      issuedAt: new Date(),
      paymentMethod: 'cash',
      paymentGateway: 'manual',
      collectionMode: 'manual',
      collectedBy: actor.id,
      transactionId: null,
      pgTransactionId: null,
      notes: null,
      enforceDueAmount: true,
      audit: {
        context: callerAuditContext(actor, 'floor', '127.0.0.1'),
        entry: { action: 'payment.collected', entityType: 'payment', entityId: due.id, before: null, after: null },
      },
    },
    new Map([
      [
        due.id,
        {
          memberId: row.member_id,
          status: row.status,
          amountPaise: paiseOfSum(row.amount_paise),
          variableAmount: row.variable_amount,
        },
      ],
    ]),
  );
  const committing = performance.now();
  await run('commit');
  return { statementMs: committing - start, commitMs: performance.now() - committing };
}

async function floorOn(engine: Engine): Promise<void> {
  await withBenchApp(
    engine,
    // The bench's handle is scoped as the server's: the floor's work is the demo parish's.
    (bench) => runInParish(HOME_PARISH_ID, () => floorIn(engine, bench)),
    loadDemo,
  );
}

async function floorIn(engine: Engine, bench: BenchApp): Promise<void> {
  const all = await dues(bench.database.db);
  const [cashier] = await queryRows<{ id: string; name: string }>(
    bench.database.db,
    sql`select id, name from staff_users where username = 'cashier'`,
  );
  if (!cashier) throw new Error('no demo cashier');
  const actor: Actor = { type: 'staff', id: cashier.id, name: cashier.name, role: 'cashier', username: 'cashier' };
  const ctx: ServiceContext = {
    ...bench.app.deps,
    actor,
    audit: callerAuditContext(actor, 'floor', '127.0.0.1'),
    dataVersions: null,
  };
  const serviceRate = await rate(all.slice(0, PER_RUN), CLIENTS, async (due) => {
    await collectPayment(ctx, {
      paymentId: due.id,
      collectionMode: 'manual',
      collectionAmount: due.amountPaise / 100,
      paymentMethod: 'cash',
    } as never);
  });
  console.log(`${engine} service (no HTTP), c=${CLIENTS}: ${serviceRate.toFixed(1)} collections/s`);

  const rest = all.slice(PER_RUN, 2 * PER_RUN);
  // Measurement only: without the payments summary trigger, to see its share.
  if (process.env.FLOOR_NO_SUMMARY_TRIGGER) {
    await bench.database.db.execute(sql`alter table payments disable trigger payments_summaries_upd`);
    console.log(`${engine}: payments_summaries_upd DISABLED for the plain SQL run`);
  }
  let statementMs = 0;
  let commitMs = 0;
  const add = (times: SerialTimes) => {
    statementMs += times.statementMs;
    commitMs += times.commitMs;
  };
  const serial = (count = rest.length) =>
    `receipt statement ${(statementMs / count).toFixed(2)} ms + COMMIT ${(commitMs / count).toFixed(2)} ms`;
  if (engine === 'postgres') {
    const clients = await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        const client = new pg.Client({ connectionString: bench.env.DATABASE_URL });
        await client.connect();
        return client;
      }),
    );
    const dbs = clients.map((client) => drizzlePg(client));
    const sqlRate = await rate(rest, CLIENTS, async (due, worker) => {
      const client = clients[worker] as pg.Client;
      add(
        await collectBySql(dbs[worker] as never, actor, due, async (q) => {
          await client.query(q);
        }),
      );
    });
    console.log(
      `${engine} plain SQL, ${CLIENTS} connections: ${sqlRate.toFixed(1)} collections/s; serial section ` +
        `on average (lock waits included): ${serial()}`,
    );
    // The same on one connection: the serial section's own cost, with nothing to wait for.
    const alone = all.slice(2 * PER_RUN, 2 * PER_RUN + 300);
    statementMs = 0;
    commitMs = 0;
    const first = clients[0] as pg.Client;
    const aloneRate = await rate(alone, 1, async (due) => {
      add(
        await collectBySql(dbs[0] as never, actor, due, async (q) => {
          await first.query(q);
        }),
      );
    });
    await Promise.all(clients.map((client) => client.end()));
    console.log(
      `${engine} plain SQL, 1 connection: ${aloneRate.toFixed(1)} collections/s; ` + `${serial(alone.length)}`,
    );
  } else {
    const pglite = bench.database.pglite;
    if (!pglite) throw new Error('no PGlite');
    const db = drizzlePglite(pglite);
    let totalMs = 0;
    const sqlRate = await rate(rest, 1, async (due) => {
      const start = performance.now();
      add(
        await collectBySql(db as never, actor, due, async (q) => {
          await pglite.exec(q);
        }),
      );
      totalMs += performance.now() - start;
    });
    console.log(
      `${engine} plain SQL, 1 connection: ${sqlRate.toFixed(1)} collections/s; whole transaction ` +
        `${(totalMs / rest.length).toFixed(2)} ms, of which ${serial()}`,
    );
  }
}

const engines = (process.env.FLOOR_ENGINES ?? 'pglite,postgres').split(',') as Engine[];
for (const engine of engines) await floorOn(engine);
