import { financialYearOf } from '@parish/shared';
import { sql } from 'drizzle-orm';

import { queryRows, type Db } from '../../src/db/client.ts';
import { runAsOwner } from '../../src/db/parish-scope.ts';
import { setDioceseAdmin } from '../../src/modules/diocese/diocese-auth.ts';
import { forgetParishHosts } from '../../src/modules/parishes/parish-hosts.ts';
import {
  fmt,
  loadDemo,
  percentile,
  reported,
  withBenchApp,
  type BenchApp,
  type BenchCase,
  type BenchRow,
} from './harness.ts';
import type { Engine } from './goals.ts';

/** Parishes in the diocese: the demo parish and copies of it (`BENCH_DIOCESE_PARISHES`, default 60). */
const PARISHES = Number(process.env.BENCH_DIOCESE_PARISHES ?? 60);
const REQUESTS = 20;
const HOST = 'home.diocese-bench.example';

/** The columns of a table a copy writes: every column but generated ones. */
async function columnsOf(db: Db, table: string): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`SELECT attname AS name FROM pg_attribute
         WHERE attrelid = ${`public.${table}`}::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''
         ORDER BY attnum`,
  );
  return rows.map((row) => row.name);
}

/** Copies parish 1's rows of `table` into `parishId` (same ids: keys lead with the parish), `nulls` set to NULL. */
async function copyRows(db: Db, table: string, parishId: number, nulls: readonly string[] = []): Promise<void> {
  const columns = await columnsOf(db, table);
  const list = columns.map((column) => `"${column}"`).join(', ');
  const values = columns
    .map((column) => (column === 'parish_id' ? String(parishId) : nulls.includes(column) ? 'NULL' : `"${column}"`))
    .join(', ');
  await db.execute(sql.raw(`INSERT INTO "${table}" (${list}) SELECT ${values} FROM "${table}" WHERE parish_id = 1`));
}

/** The demo parish copied into `PARISHES - 1` more parishes (members, heads, dues; no receipts), as the owner. */
async function seedDiocese(db: Db): Promise<void> {
  await runAsOwner(async () => {
    for (let n = 2; n <= PARISHES; n++) {
      const [made] = await queryRows<{ id: number }>(
        db,
        sql`INSERT INTO parishes (name) VALUES (${`Bench parish ${n}`}) RETURNING id`,
      );
      const parishId = Number(made?.id);
      await db.execute(
        sql`INSERT INTO parish_settings (parish_id, id, name) VALUES (${parishId}, 1, ${`Bench parish ${n}`})`,
      );
      await copyRows(db, 'members', parishId, ['import_batch_id', 'ward_id']);
      await copyRows(db, 'payment_heads', parishId);
      await copyRows(db, 'payments', parishId, ['receipt_id', 'collected_by', 'conceded_by']);
    }
    await db.execute(sql`INSERT INTO parish_hosts (host, parish_id) VALUES (${HOST}, 1)`);
    await db.execute(sql`ANALYZE`);
  });
  forgetParishHosts(db);
}

/** A signed-in diocese administrator's token. */
async function dioceseToken(bench: BenchApp): Promise<string> {
  const { oneTimePassword } = await setDioceseAdmin(bench.database.db, { username: 'bench-diocese' });
  const headers = { host: HOST };
  const login = await bench.app.inject({
    method: 'POST',
    url: '/api/diocese/auth/login',
    headers,
    payload: { username: 'bench-diocese', password: oneTimePassword },
  });
  const first = login.json<{ token: string }>().token;
  const changed = await bench.app.inject({
    method: 'POST',
    url: '/api/diocese/auth/change-password',
    headers: { ...headers, authorization: `Bearer ${first}` },
    payload: { currentPassword: oneTimePassword, newPassword: 'bench-diocese-password-1' },
  });
  if (changed.statusCode !== 200) throw new Error(`diocese sign-in failed: ${changed.body}`);
  return changed.json<{ token: string }>().token;
}

/** `REQUESTS` requests one at a time (in process, `inject`): p50 and p95 in ms. */
async function timed(bench: BenchApp, token: string, url: string): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let i = 0; i < REQUESTS + 2; i++) {
    const started = performance.now();
    const response = await bench.app.inject({
      method: 'GET',
      url,
      headers: { host: HOST, authorization: `Bearer ${token}` },
    });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    if (i >= 2) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function dioceseOn(engine: Engine): Promise<BenchRow[]> {
  return withBenchApp(
    engine,
    async (bench) => {
      await seedDiocese(bench.database.db);
      const token = await dioceseToken(bench);
      const [count] = await runAsOwner(() =>
        queryRows<{ n: number }>(bench.database.db, sql`SELECT count(*)::int AS n FROM payments`),
      );
      const floor = await timed(bench, token, '/api/diocese/auth/me');
      const year = financialYearOf(new Date().toISOString().slice(0, 10));
      const page = await timed(bench, token, `/api/diocese/rollup?period=${year}&page=1&pageSize=50`);
      const month = await timed(bench, token, `/api/diocese/rollup?period=${year}-04&page=1&pageSize=50`);
      const note = `${PARISHES} parishes, ${count?.n ?? 0} dues`;
      const floorText = `diocese/auth/me p95 ${fmt(floor.p95)} ms`;
      return [
        {
          engine,
          measure: `rollup ${year} first page p95`,
          value: page.p95,
          unit: 'ms',
          floor: floorText,
          goal: 'dioceseRollupP95',
          note: `p50 ${fmt(page.p50)}; ${note}`,
        },
        {
          engine,
          measure: `rollup ${year}-04 first page p95`,
          value: month.p95,
          unit: 'ms',
          floor: floorText,
          goal: 'dioceseRollupP95',
          note: `p50 ${fmt(month.p50)}; ${note}`,
        },
      ];
    },
    loadDemo,
  );
}

/**
 * `--only=diocese` (issue 28 item 5, decision 0131): the diocese roll-up's first page (50 parishes)
 * of the current financial year and of its April, on the demo parish copied into
 * `BENCH_DIOCESE_PARISHES` parishes (default 60), one request at a time, beside the cheapest
 * diocese request (`/api/diocese/auth/me`) as the floor.
 */
export const dioceseCase: BenchCase = {
  name: 'diocese',
  summary: 'diocese roll-up first page (50 parishes) on the demo parish copied into many parishes',
  run: async () => [
    ...reported('diocese', await dioceseOn('pglite')),
    ...reported('diocese', await dioceseOn('postgres')),
  ],
};
