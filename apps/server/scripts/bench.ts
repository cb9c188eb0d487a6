/**
 * `npm run bench`: the bulk-import and member-list benchmarks of `docs/domain.md`, "D1" and "B1" on
 * both engines, each on a temporary database of its own:
 * - a temporary PGlite data directory (deleted at the end);
 * - a temporary database on the PostgreSQL server `BENCH_DATABASE_URL`
 *   (default `postgres://postgres@127.0.0.1:5432/postgres`), dropped at the end.
 *
 * (a) D1: the account-head CSV of 10,000 members x 20 heads (200,000 payments) through the real
 *     endpoint `POST /api/payments/upload-csv` (app.inject, from request to committed answer), and
 *     the engine's own COPY of the same 200,000 payment rows into a copy of the payments table
 *     (same columns, indexes and foreign keys) as the floor. Prints seconds and the ratio.
 * (b) B1: `GET /api/members` (search + sort + page of 50, with the total) at 20,000 members,
 *     c = 10, through a real listening server (rate limit raised): p50/p95, three ways
 *     (`listScenarios`): the same request again and again, the first pages of some searches, and a
 *     new search each time. Warm, and the median of 3 runs of 400 requests (`listLatency`).
 *
 * (c) B3/B4 (issue 6, `bench-reports.ts`): the dashboard and the first page of each report tab
 *     with 20,000 members and 1,000,000 payments on PostgreSQL (200,000 on PGlite), c = 10,
 *     200 requests each: p50/p95.
 *
 * (d) The cases of `bench/cases.ts`, each in a module of its own with its goals in `bench/goals.ts`
 *     (issue 18): `--only=dashboard`, `list`, `portal`, `collections`, `export`, `mixed`, `paint`, `paint-slow`, `diocese`,
 *     `diocese-scale`, `accounts` (issue 30: the Tally export and the bank reconciliation of a year).
 * (e) Start-up time and memory (issue 15, held to issue 18's goals): `bench/startup.ts`.
 *
 * `npm run bench` runs (a) to (e). `--only=reports` runs only (c); `--only=import` only (a) and
 * (b), `--only=import --skip-list` only (a); `--only=startup` only (e); `--only=<case>` one case of (d). `--only=backup` (issue 15, not in
 * the full run): backup and restore, `bench/backup.ts`.
 *
 * Prints one table per part. Exits non-zero when something fails (not when a goal is missed: the goal
 * columns say PASS or FAIL).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';

import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { openDatabase, PGLITE_EXTENSIONS, queryRows, type Database } from '../src/db/client.ts';
import { runAsOwner, runInParish } from '../src/db/parish-scope.ts';
import { measureReports, REPORT_MEMBERS, seedReports, type ReportBenchRow } from './bench-reports.ts';
import { backupBench } from './bench/backup.ts';
import { startupBench } from './bench/startup.ts';
import { isBenchCase, runCases } from './bench/cases.ts';
import { GOALS } from './bench/goals.ts';
import { measureLoad } from './load.ts';
import { BENCH_FIRST_NAMES, BENCH_LAST_NAMES, benchMatrix } from './bench/matrix.ts';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ADMIN_PASSWORD = 'bench-admin-password-1';
const MATRIX_MEMBERS = 10_000;
const MATRIX_HEADS = 20;
const LIST_MEMBERS = 20_000;
const LIST_REQUESTS = 400;
const LIST_URL = '/api/members?search=an&sortBy=name&sortOrder=asc&page=3&limit=50';
const LIST_WARMUP = 50;

/** One way of reading the member list under load. */
interface ListScenario {
  name: string;
  /** What it measures, for the table's notes. */
  note: string;
  paths: string[];
}

/**
 * The member list three ways, after the floor of this run (the cheapest signed-in request): the
 * issue's request again and again (answered from memory once
 * read, while nothing changes); the first ten pages of fifteen searches in three sorts (each
 * search counted once, each page read); and a different search each time (count and page both
 * read).
 */
function listScenarios(): ListScenario[] {
  const words = [...FIRST, ...LAST, 'Kottayam', 'Pala', 'Kochi', 'Dubai, UAE', 'Bengaluru'].map((w) => w.toLowerCase());
  // The first pages of 15 searches, each in 3 sorts: an admin looking through what a search found.
  const pages: string[] = [];
  const pageTerms = words.slice(0, 15).map((word) => word.slice(0, 3));
  for (const term of pageTerms) {
    for (const sortBy of ['name', 'parishNumber', 'mobile']) {
      for (let page = 1; page <= 10; page += 1) {
        pages.push(`/api/members?search=${term}&sortBy=${sortBy}&sortOrder=asc&page=${page}&limit=50`);
      }
    }
  }
  // Other searches than those, so that nothing is counted or read before.
  const terms = new Set<string>();
  for (const size of [3, 2]) {
    for (const word of words) {
      for (let i = 0; i + size <= word.length; i += 1) {
        const term = word.slice(i, i + size);
        if (!pageTerms.includes(term)) terms.add(term);
      }
    }
  }
  for (let n = 100; terms.size < LIST_REQUESTS + LIST_WARMUP; n += 7) terms.add(String(n));
  const searches = [...terms].map(
    (term) => `/api/members?search=${encodeURIComponent(term)}&sortBy=name&sortOrder=asc&page=1&limit=50`,
  );
  return [
    {
      name: 'floor: auth/verify',
      note: "GET /api/auth/verify every time: the cheapest signed-in request, this run's floor (no goal)",
      paths: ['/api/auth/verify'],
    },
    { name: 'same request', note: `GET ${LIST_URL} every time`, paths: [LIST_URL] },
    {
      name: 'first pages',
      note: `pages 1-10 of 15 searches in 3 sorts (${pages.length} requests, none twice; 15 counts)`,
      paths: pages,
    },
    { name: 'new search', note: `${searches.length} different searches, page 1, no request twice`, paths: searches },
  ];
}

type Engine = 'pglite' | 'postgres';

interface EngineResult {
  engine: Engine;
  importSeconds: number;
  paymentsCreated: number;
  copySeconds: number;
  copyMethod: string;
  list: ListResult[];
}

interface ListResult {
  scenario: string;
  /** Medians over the repetitions. */
  p50: number;
  p95: number;
  /** Each repetition's p95, in order. */
  p95Runs: number[];
  requests: number;
  non2xx: number;
}

const FIRST = BENCH_FIRST_NAMES;
const LAST = BENCH_LAST_NAMES;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

async function withServerClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function configFor(dataDir: string, databaseUrl?: string) {
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '10000000',
    ...(databaseUrl && { DATABASE_URL: databaseUrl }),
  });
  return { ...config, webDistDir: null };
}

async function adminToken(app: Awaited<ReturnType<typeof buildApp>>): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/admin/login',
    payload: { username: 'admin', password: ADMIN_PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return response.json<{ token: string }>().token;
}

/** The payment rows of the import, as CSV, for the COPY floor. */
async function paymentRowsCsv(database: Database): Promise<{ csv: string; rows: number }> {
  const rows = await runAsOwner(() =>
    queryRows<{ line: string }>(
      database.db,
      sql`select concat(parish_id, ',', member_id, ',', payment_head_id, ',', amount_paise, ',', year, ',', due_date) as line
            from payments`,
    ),
  );
  return { csv: rows.map((row) => row.line).join('\n') + '\n', rows: rows.length };
}

/** The floor's target: a copy of payments with the same indexes and foreign keys (each with the parish, as since migration 0024). */
const COPY_TABLE_SQL = `create table payments_copy (like payments including all);
alter table payments_copy add foreign key (parish_id, member_id) references members(parish_id, id);
alter table payments_copy add foreign key (parish_id, payment_head_id) references payment_heads(parish_id, id);`;

async function copyFloor(
  database: Database,
  serverDbUrl: string | undefined,
  tmpDir: string,
): Promise<{ seconds: number; method: string; rows: number }> {
  const { csv, rows } = await paymentRowsCsv(database);
  // The parish too: outside a request no parish is in progress, so its default would be null.
  const columns = '(parish_id, member_id, payment_head_id, amount_paise, year, due_date)';
  if (database.kind === 'pglite' && database.pglite) {
    await runAsOwner(() => database.pglite!.exec(COPY_TABLE_SQL));
    const started = performance.now();
    // As the owner, as the PostgreSQL floor's own connection: reading a file (the blob) takes
    // pg_read_server_files, which parish_app does not have.
    await runAsOwner(() =>
      database.pglite!.query(`copy payments_copy ${columns} from '/dev/blob' with (format csv)`, [], {
        blob: new Blob([csv]),
      }),
    );
    return { seconds: (performance.now() - started) / 1000, method: "COPY FROM '/dev/blob'", rows };
  }
  const client = new pg.Client({ connectionString: serverDbUrl });
  await client.connect();
  try {
    await client.query(COPY_TABLE_SQL);
  } finally {
    await client.end();
  }
  if (!serverDbUrl) throw new Error('no database URL');
  // psql's `\copy`: the rows sent over the connection (COPY FROM STDIN), as the import's rows are
  // sent by the app, and the server need not read our file (its /tmp may be private).
  const file = path.join(tmpDir, 'payments.csv');
  writeFileSync(file, csv);
  const started = performance.now();
  execFileSync(
    'psql',
    [
      serverDbUrl,
      '-X',
      '-q',
      '-v',
      'ON_ERROR_STOP=1',
      '-c',
      `\\copy payments_copy ${columns} from '${file}' with (format csv)`,
    ],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  return { seconds: (performance.now() - started) / 1000, method: 'psql \\copy FROM a file (COPY FROM STDIN)', rows };
}

/** Adds members of the home parish (1) up to 20,000 in total (unnest insert), for the list benchmark. */
async function seedMembers(database: Database): Promise<void> {
  const [row] = await runInParish(1, () =>
    queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from members`),
  );
  const have = Number(row?.n ?? 0);
  const names: string[] = [];
  const mobiles: string[] = [];
  const parish: string[] = [];
  const locations: string[] = [];
  for (let m = have; m < LIST_MEMBERS; m += 1) {
    names.push(`${FIRST[(m * 7) % 10]} ${LAST[(m * 3) % 10]} ${m}`);
    mobiles.push(`918${String(100_000_000 + m)}`);
    parish.push(`LM${String(m).padStart(6, '0')}`);
    locations.push(['Kottayam', 'Pala', 'Kochi', 'Dubai, UAE', 'Bengaluru'][m % 5] ?? '');
  }
  // In the home parish, as the import's members: outside a request no parish is in progress, so
  // the column's default and the data-version trigger's parish would be null.
  await runInParish(1, async () => {
    await database.db.execute(
      sql`insert into members (name, mobile, parish_number, current_location)
        select * from unnest(${sql.param(names)}::text[], ${sql.param(mobiles)}::text[],
                             ${sql.param(parish)}::text[], ${sql.param(locations)}::text[])`,
    );
  });
  await runAsOwner(async () => {
    await database.db.execute(sql`analyze members`);
  });
}

/** `docs/domain.md`, §12 "How we measure": "Take the median of 3 repetitions" (to cancel the VM's noise). */
const LIST_REPETITIONS = 3;

/** The middle value of three or more numbers. */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/**
 * Empties every cached member list answer the way any member write does: new data versions
 * (a plain SQL update, as if written behind the server's back). So each repetition of a scenario
 * starts with nothing cached, as the first did.
 */
async function renewDataVersions(database: Database): Promise<void> {
  await runAsOwner(async () => {
    await database.db.execute(sql`update data_versions set version = gen_random_uuid()`);
  });
}

/**
 * B1 under load through a real listening server. `docs/domain.md`, §12 "How we measure": latency is measured warm, as
 * the median of 3 repetitions. So first every scenario's requests run once untimed (the server's
 * code paths compiled by V8, the database's plans and buffers warm) and the caches are emptied;
 * then each scenario is measured 3 times, each after the caches are emptied again and 50
 * untimed requests, and its p50 and p95 are the medians of the 3.
 */
async function listLatency(
  app: Awaited<ReturnType<typeof buildApp>>,
  database: Database,
  token: string,
): Promise<ListResult[]> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const url = `http://127.0.0.1:${address.port}${LIST_URL}`;
  const headers = { authorization: `Bearer ${token}` };
  const load = (paths: readonly string[], amount: number, warmup: number) =>
    measureLoad({ url, connections: 10, amount, headers }, warmup, paths);
  const scenarios = listScenarios();
  for (const scenario of scenarios) await load(scenario.paths, LIST_REQUESTS + LIST_WARMUP, 0);
  const results: ListResult[] = [];
  for (const scenario of scenarios) {
    const runs: { p50: number; p95: number; requests: number; non2xx: number }[] = [];
    for (let run = 0; run < LIST_REPETITIONS; run += 1) {
      await renewDataVersions(database);
      const { times, non2xx } = await load(scenario.paths, LIST_REQUESTS, LIST_WARMUP);
      runs.push({ p50: percentile(times, 50), p95: percentile(times, 95), requests: times.length, non2xx });
    }
    results.push({
      scenario: scenario.name,
      p50: median(runs.map((r) => r.p50)),
      p95: median(runs.map((r) => r.p95)),
      p95Runs: runs.map((r) => r.p95),
      requests: runs.reduce((sum, r) => sum + r.requests, 0),
      non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
    });
  }
  return results;
}

async function runEngine(engine: Engine, matrix: string[][]): Promise<EngineResult> {
  const tmpDir = mkdtempSync(path.join(os.tmpdir(), `parish-bench-${engine}-`));
  const dbName = `parish_bench_${process.pid}_${Date.now()}`;
  const serverDbUrl = engine === 'postgres' ? SERVER_URL.replace(/\/[^/]*$/, `/${dbName}`) : undefined;
  if (engine === 'postgres') await withServerClient((client) => client.query(`create database ${dbName}`));
  let database: Database | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    // As the server opens it (src/server.ts): the role parish_app under the parish policies, each
    // statement in its request's parish (issue 31 item 3: measured the way the app works).
    const scope = { fallbackParish: null };
    database =
      engine === 'pglite'
        ? await openDatabase({
            pglite: await PGlite.create(path.join(tmpDir, 'pglite'), { extensions: PGLITE_EXTENSIONS }),
            scope,
          })
        : await openDatabase({ databaseUrl: serverDbUrl, scope });
    app = await buildApp({ config: configFor(tmpDir, serverDbUrl), database, logger: false });
    const token = await adminToken(app);

    process.stdout.write(`[${engine}] import of ${MATRIX_MEMBERS} x ${MATRIX_HEADS} ...\n`);
    const started = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: '/api/payments/upload-csv',
      headers: { authorization: `Bearer ${token}` },
      payload: { csvData: matrix },
    });
    const importSeconds = (performance.now() - started) / 1000;
    if (response.statusCode !== 200)
      throw new Error(`import failed: ${response.statusCode} ${response.body.slice(0, 300)}`);
    const body = response.json<{ errors: unknown[]; membersCreated: number }>();
    if (body.errors.length > 0) throw new Error(`import reported ${body.errors.length} row errors`);
    const opened = database;
    const [count] = await runInParish(1, () =>
      queryRows<{ n: number }>(opened.db, sql`select count(*)::int as n from payments`),
    );

    process.stdout.write(`[${engine}] COPY floor ...\n`);
    const copy = await copyFloor(database, serverDbUrl, tmpDir);

    let list: ListResult[] = [];
    if (!process.argv.includes('--skip-list')) {
      process.stdout.write(`[${engine}] member list at ${LIST_MEMBERS} members ...\n`);
      await seedMembers(database);
      list = await listLatency(app, database, token);
    }
    return {
      engine,
      importSeconds,
      paymentsCreated: Number(count?.n ?? 0),
      copySeconds: copy.seconds,
      copyMethod: copy.method,
      list,
    };
  } finally {
    await app?.close();
    await database?.close();
    rmSync(tmpDir, { recursive: true, force: true });
    if (engine === 'postgres') {
      await withServerClient(async (client) => {
        await client.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
          [dbName],
        );
        await client.query(`drop database if exists ${dbName}`);
      });
    }
  }
}

/** Part (c): a fresh database per engine, seeded and measured, then dropped. */
async function runReportsEngine(
  engine: Engine,
): Promise<{ payments: number; seedSeconds: number; rows: ReportBenchRow[] }> {
  const tmpDir = mkdtempSync(path.join(os.tmpdir(), `parish-bench-reports-${engine}-`));
  const dbName = `parish_bench_reports_${process.pid}_${Date.now()}`;
  const serverDbUrl = engine === 'postgres' ? SERVER_URL.replace(/\/[^/]*$/, `/${dbName}`) : undefined;
  if (engine === 'postgres') await withServerClient((client) => client.query(`create database ${dbName}`));
  let database: Database | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    // As the server works (src/server.ts): the role parish_app under the parish policies, each
    // statement in its request's parish (decision 0128; issue 31: measured the way the app works).
    // The data set is written in the home parish (its rows take parish 1).
    const scope = { fallbackParish: null };
    database =
      engine === 'pglite'
        ? await openDatabase({
            pglite: await PGlite.create(path.join(tmpDir, 'pglite'), { extensions: PGLITE_EXTENSIONS }),
            scope,
          })
        : await openDatabase({ databaseUrl: serverDbUrl, scope });
    app = await buildApp({ config: configFor(tmpDir, serverDbUrl), database, logger: false });
    const token = await adminToken(app);
    const heads = engine === 'postgres' ? 50 : 10;
    process.stdout.write(`[${engine}] reports: seeding ${REPORT_MEMBERS} members x ${heads} heads ...\n`);
    const started = performance.now();
    const seeded = database;
    const payments = await runInParish(1, () => seedReports(seeded, heads));
    const seedSeconds = (performance.now() - started) / 1000;
    process.stdout.write(`[${engine}] ${payments} payments seeded in ${seedSeconds.toFixed(1)} s; measuring ...\n`);
    const rows = await measureReports(app, token, {
      dashboard: GOALS.dashboardP95.bound[engine],
      report: GOALS.reportP95.bound[engine],
      memberDue: GOALS.memberDueReportP95.bound[engine],
    });
    return { payments, seedSeconds, rows };
  } finally {
    await app?.close();
    await database?.close();
    rmSync(tmpDir, { recursive: true, force: true });
    if (engine === 'postgres') {
      await withServerClient(async (client) => {
        await client.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
          [dbName],
        );
        await client.query(`drop database if exists ${dbName}`);
      });
    }
  }
}

/** Prints rows (the first is the header) as a Markdown table. */
function printTable(lines: string[][]): void {
  const widths = lines[0]!.map((_, i) => Math.max(...lines.map((line) => line[i]!.length)));
  const format = (line: string[]) => `| ${line.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  process.stdout.write(`\n${format(lines[0]!)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|\n`);
  for (const line of lines.slice(1)) process.stdout.write(`${format(line)}\n`);
}

async function reportsPart(): Promise<void> {
  const lines: string[][] = [['engine', 'payments', 'endpoint', 'p50 (ms)', 'p95 (ms)', 'reqs', 'goal (p95)']];
  for (const engine of ['pglite', 'postgres'] as const) {
    const result = await runReportsEngine(engine);
    for (const row of result.rows) {
      const pass = row.p95 <= row.goalMs && row.non2xx === 0 ? 'PASS' : 'FAIL';
      const goal = Number.isNaN(row.goalMs) ? '-' : `${pass} (<=${row.goalMs}ms)`;
      lines.push([
        engine,
        String(result.payments),
        row.name,
        row.p50.toFixed(1),
        row.p95.toFixed(1),
        `${row.requests}${row.non2xx ? ` (${row.non2xx} non-2xx)` : ''}`,
        goal,
      ]);
    }
  }
  printTable(lines);
  process.stdout.write(
    `Dashboard = GET /api/admin/dashboard; report = POST /api/admin/reports {type} (first page), c=10, 200 requests after 20 warm-up.\n`,
  );
}

async function main(): Promise<void> {
  const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
  // Issue 15 (`bench/backup.ts`, `bench/startup.ts`): servers on BENCH_PORT (default 3421).
  const keepDataset = process.argv.includes('--keep-dataset');
  const port = Number(process.env.BENCH_PORT ?? 3421);
  if (only === 'backup') return backupBench({ keepDataset, port });
  if (only === 'startup') return startupBench({ keepDataset, port });
  if (isBenchCase(only)) return runCases([only!]);
  if (only === 'reports') {
    const startedAt = performance.now();
    await reportsPart();
    process.stdout.write(`Total ${((performance.now() - startedAt) / 1000).toFixed(0)} s.\n`);
    return;
  }
  await importPart();
  if (only !== 'import') await reportsPart();
  if (only !== undefined) return;
  await runCases();
  await startupBench({ keepDataset, port });
}

async function importPart(): Promise<void> {
  const startedAt = performance.now();
  const matrix = benchMatrix(MATRIX_MEMBERS, MATRIX_HEADS);
  const results: EngineResult[] = [];
  // BENCH_IMPORT_ENGINES=pglite (or postgres) measures one engine only, for profiling.
  const engines = (process.env.BENCH_IMPORT_ENGINES ?? 'pglite,postgres').split(',') as Engine[];
  for (const engine of engines) results.push(await runEngine(engine, matrix));

  // The goals: `bench/goals.ts` (one table). Issue 3: the import within 3x of the in-run COPY on PostgreSQL, the list p95 under 25 ms on
  // PostgreSQL. `docs/domain.md`, "D1" and "B1": the import at most 8 s (PostgreSQL) or 12 s (PGlite) and
  // 1.5x its COPY floor (issue 31), the list 50 ms (PostgreSQL; the issue's 25 ms is used) or 100 ms (PGlite).
  const goals = Object.fromEntries(
    (['pglite', 'postgres'] as const).map((engine) => [
      engine,
      {
        importMax: GOALS.importSeconds.bound[engine],
        ratioMax: GOALS.importVsCopy.bound[engine],
        listP95Max: GOALS.listP95.bound[engine],
      },
    ]),
  ) as Record<Engine, { importMax: number; ratioMax: number; listP95Max: number }>;
  const importLines: string[][] = [
    ['engine', 'D1 import (s)', 'payments', 'COPY floor (s)', 'ratio', 'issue 3 (<=3x on PG)', 'docs/domain.md D1'],
  ];
  const listLines: string[][] = [
    ['engine', 'B1 member list', 'p50 (ms)', 'p95 (ms)', 'p95 of each run', 'reqs', 'B1 goal'],
  ];
  for (const r of results) {
    const ratio = r.importSeconds / r.copySeconds;
    const goal = goals[r.engine];
    const issueGoal = r.engine === 'postgres' ? (ratio <= 3 ? 'PASS' : 'FAIL') : '-';
    const d1 = r.importSeconds <= goal.importMax && ratio <= goal.ratioMax ? 'PASS' : 'FAIL';
    importLines.push([
      r.engine,
      r.importSeconds.toFixed(2),
      String(r.paymentsCreated),
      r.copySeconds.toFixed(2),
      `${ratio.toFixed(2)}x`,
      issueGoal,
      `${d1} (<=${goal.importMax}s, <=${goal.ratioMax}x)`,
    ]);
    for (const list of r.list) {
      // The same request again is held to issue 3's bound; the lists with nothing cached (first
      // pages, new searches) to issue 18's (`listColdP95`: 100 ms PGlite, 50 ms PostgreSQL).
      const bound = list.scenario === 'same request' ? goal.listP95Max : GOALS.listColdP95.bound[r.engine];
      const pass = list.p95 <= bound && list.non2xx === 0 ? 'PASS' : 'FAIL';
      const b1 = list.scenario.startsWith('floor') ? '-' : pass;
      listLines.push([
        r.engine,
        list.scenario,
        list.p50.toFixed(1),
        list.p95.toFixed(1),
        list.p95Runs.map((p95) => p95.toFixed(1)).join(' / '),
        `${list.requests}${list.non2xx ? ` (${list.non2xx} non-2xx)` : ''}`,
        b1 === '-' ? '-' : `${b1} (p95 <=${bound}ms)`,
      ]);
    }
  }
  printTable(importLines);
  printTable(listLines);
  process.stdout.write(
    `\nCOPY floor: ${results.map((r) => `${r.engine} ${r.copyMethod}`).join('; ')}; into a copy of payments with its indexes and foreign keys.\n` +
      `Import = POST /api/payments/upload-csv by app.inject, ${MATRIX_MEMBERS} new members x ${MATRIX_HEADS} heads, request to committed answer.\n` +
      `List = GET /api/members at ${LIST_MEMBERS} members, c=10, real listening server, warmed by every scenario once;\n` +
      `  each scenario ${LIST_REPETITIONS} times (${LIST_REQUESTS} requests after ${LIST_WARMUP} untimed, caches emptied before each), p50/p95 the medians:\n` +
      listScenarios()
        .map((scenario) => `  ${scenario.name}: ${scenario.note}\n`)
        .join('') +
      `Total ${((performance.now() - startedAt) / 1000).toFixed(0)} s.\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
